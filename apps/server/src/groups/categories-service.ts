import type { Category } from '@hearth/protocol';
import { TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { notFound } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import { requireAdmin, requireVisibleGroup, visibleGroupSql } from './access.js';
import { toCategory, toChannel, type CategoryRow, type ChannelRow } from './rows.js';

export async function listCategories(ctx: AppContext, user: UserRow, groupId?: number): Promise<Category[]> {
  if (groupId !== undefined) await requireVisibleGroup(ctx.db, user, groupId);
  const { rows } = await ctx.db.query<CategoryRow>(
    `SELECT c.* FROM categories c
      WHERE ($2::bigint IS NULL OR c.group_id = $2) AND ${visibleGroupSql(user, 'c.group_id', '$1')}
      ORDER BY c.group_id, c.position, c.id`,
    [user.id, groupId ?? null],
  );
  return rows.map(toCategory);
}

export async function createCategory(ctx: AppContext, user: UserRow, name: string, groupId: number): Promise<Category> {
  requireAdmin(user);
  await requireVisibleGroup(ctx.db, user, groupId);
  const { rows } = await ctx.db.query<CategoryRow>(
    `INSERT INTO categories (group_id, name, position)
     VALUES ($1, $2, (SELECT coalesce(max(position) + 1, 0) FROM categories WHERE group_id = $1)) RETURNING *`,
    [groupId, name],
  );
  const category = toCategory(rows[0]!);
  await ctx.events.publish('category_created', category, { kind: 'group', groupId });
  return category;
}

export async function renameCategory(ctx: AppContext, user: UserRow, id: number, name: string): Promise<Category> {
  requireAdmin(user);
  const { rows } = await ctx.db.query<CategoryRow>('UPDATE categories SET name = $2 WHERE id = $1 RETURNING *', [
    id,
    name,
  ]);
  if (!rows[0]) throw notFound(TEXT.categoryNotFound);
  const category = toCategory(rows[0]);
  await ctx.events.publish('category_updated', category, { kind: 'group', groupId: category.group_id });
  return category;
}

/** Deleting a category keeps its channels: they become uncategorised, and clients are told of each. */
export async function deleteCategory(ctx: AppContext, user: UserRow, id: number): Promise<void> {
  requireAdmin(user);
  const { category, channels } = await inTransaction(ctx.db, async (tx) => {
    const moved = await tx.query<ChannelRow>(
      'UPDATE channels SET category_id = NULL WHERE category_id = $1 RETURNING *',
      [id],
    );
    const { rows } = await tx.query<CategoryRow>('DELETE FROM categories WHERE id = $1 RETURNING *', [id]);
    return { category: rows[0], channels: moved.rows };
  });
  if (!category) throw notFound(TEXT.categoryNotFound);
  const audience = { kind: 'group', groupId: category.group_id } as const;
  await ctx.events.publish('category_deleted', { category_id: id, group_id: category.group_id }, audience);
  for (const channel of channels) await ctx.events.publish('channel_updated', toChannel(channel), audience);
}
