import type { Group } from '@hearth/protocol';
import { TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { slowStatement } from '../db/pool.js';
import { notFound } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import { requireAdmin, visibleGroupSql } from './access.js';
import { toGroup, type GroupRow } from './rows.js';

export async function listGroups(ctx: AppContext, user: UserRow): Promise<Group[]> {
  const { rows } = await ctx.db.query<GroupRow>(
    `SELECT g.* FROM groups g WHERE ${visibleGroupSql(user, 'g.id', '$1')} ORDER BY g.id`,
    [user.id],
  );
  return rows.map(toGroup);
}

export async function createGroup(ctx: AppContext, user: UserRow, name: string, icon: string | null): Promise<Group> {
  requireAdmin(user);
  const { rows } = await ctx.db.query<GroupRow>('INSERT INTO groups (name, icon) VALUES ($1, $2) RETURNING *', [
    name,
    icon,
  ]);
  const group = toGroup(rows[0]!);
  // Every user may view a new group until an admin says otherwise.
  await ctx.events.publish('group_created', group, { kind: 'all' });
  return group;
}

export async function renameGroup(ctx: AppContext, user: UserRow, id: number, name: string): Promise<Group> {
  requireAdmin(user);
  const { rows } = await ctx.db.query<GroupRow>('UPDATE groups SET name = $2 WHERE id = $1 RETURNING *', [id, name]);
  if (!rows[0]) throw notFound(TEXT.groupNotFound);
  const group = toGroup(rows[0]);
  await ctx.events.publish('group_updated', group, { kind: 'group', groupId: id });
  return group;
}

/**
 * A group's deletion cascades through every message, reaction, attachment and read state of it: for a
 * large group far longer than a request's usual bound. Cut short, the admin was told the database was
 * unreachable while the deletion went on and committed, and `group_deleted` was never announced, so
 * every open page kept showing the group. As long as HTTP_REQUEST_TIMEOUT_MS's default.
 */
export const GROUP_DELETION_TIMEOUT_MS = 300_000;

export async function deleteGroup(ctx: AppContext, user: UserRow, id: number): Promise<void> {
  requireAdmin(user);
  const { rowCount } = await ctx.db.query(
    slowStatement('DELETE FROM groups WHERE id = $1', [id], GROUP_DELETION_TIMEOUT_MS),
  );
  if (!rowCount) throw notFound(TEXT.groupNotFound);
  await ctx.events.publish('group_deleted', { group_id: id }, { kind: 'group', groupId: id });
}
