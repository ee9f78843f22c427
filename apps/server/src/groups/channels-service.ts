import type { Channel, CreateChannelBody, UpdateChannelBody } from '@hearth/protocol';
import { TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/pool.js';
import { badRequest, notFound } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import { requireAdmin, requireVisibleChannel, requireVisibleGroup, visibleGroupSql } from './access.js';
import { toChannel, type ChannelRow } from './rows.js';

export async function listChannels(ctx: AppContext, user: UserRow, groupId?: number): Promise<Channel[]> {
  if (groupId !== undefined) await requireVisibleGroup(ctx.db, user, groupId);
  const { rows } = await ctx.db.query<ChannelRow>(
    `SELECT c.* FROM channels c
      WHERE ($2::bigint IS NULL OR c.group_id = $2) AND ${visibleGroupSql(user, 'c.group_id', '$1')}
      ORDER BY c.group_id, c.position, c.id`,
    [user.id, groupId ?? null],
  );
  return rows.map(toChannel);
}

export async function getChannel(ctx: AppContext, user: UserRow, id: number): Promise<Channel> {
  return toChannel((await requireVisibleChannel(ctx.db, user, id)).channel);
}

async function requireCategoryInGroup(db: Queryable, categoryId: number, groupId: number): Promise<void> {
  const { rows } = await db.query<{ group_id: number }>('SELECT group_id FROM categories WHERE id = $1', [categoryId]);
  if (!rows[0]) throw notFound(TEXT.categoryNotFound);
  if (rows[0].group_id !== groupId) throw badRequest(TEXT.categoryWrongGroup);
}

export async function createChannel(ctx: AppContext, user: UserRow, body: CreateChannelBody): Promise<Channel> {
  requireAdmin(user);
  const groupId = body.group_id;
  await requireVisibleGroup(ctx.db, user, groupId);
  const categoryId = body.category_id ?? null;
  if (categoryId !== null) await requireCategoryInGroup(ctx.db, categoryId, groupId);
  const { rows } = await ctx.db.query<ChannelRow>(
    `INSERT INTO channels (group_id, category_id, name, description, channel_type, max_participants, bitrate, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT coalesce(max(position) + 1, 0) FROM channels WHERE group_id = $1))
     RETURNING *`,
    [groupId, categoryId, body.name, body.description ?? null, body.channel_type, body.max_participants, body.bitrate],
  );
  const channel = toChannel(rows[0]!);
  await ctx.events.publish('channel_created', channel, { kind: 'group', groupId });
  return channel;
}

export async function updateChannel(
  ctx: AppContext,
  user: UserRow,
  id: number,
  body: UpdateChannelBody,
): Promise<Channel> {
  requireAdmin(user);
  const { channel: before } = await requireVisibleChannel(ctx.db, user, id);
  const groupId = body.group_id ?? before.group_id;
  const movedGroup = groupId !== before.group_id;
  if (movedGroup) await requireVisibleGroup(ctx.db, user, groupId);
  // Moving to another group drops the old category unless a new one is given.
  const categoryId = body.category_id !== undefined ? body.category_id : movedGroup ? null : before.category_id;
  if (categoryId !== null) await requireCategoryInGroup(ctx.db, categoryId, groupId);
  const { rows } = await ctx.db.query<ChannelRow>(
    `UPDATE channels SET name = $2, description = $3, group_id = $4, category_id = $5, max_participants = $6, bitrate = $7
      WHERE id = $1 RETURNING *`,
    [
      id,
      body.name ?? before.name,
      body.description !== undefined ? body.description : before.description,
      groupId,
      categoryId,
      body.max_participants ?? before.max_participants,
      body.bitrate ?? before.bitrate,
    ],
  );
  if (!rows[0]) throw notFound(TEXT.channelNotFound);
  const channel = toChannel(rows[0]);
  if (movedGroup) {
    // Viewers of the old group lose the channel; viewers of the new group gain it.
    await ctx.events.publish(
      'channel_deleted',
      { channel_id: id, group_id: before.group_id },
      { kind: 'group', groupId: before.group_id },
    );
    await ctx.events.publish('channel_created', channel, { kind: 'group', groupId });
  } else {
    await ctx.events.publish('channel_updated', channel, { kind: 'group', groupId });
  }
  return channel;
}

export async function deleteChannel(ctx: AppContext, user: UserRow, id: number): Promise<void> {
  requireAdmin(user);
  const { rows } = await ctx.db.query<ChannelRow>('DELETE FROM channels WHERE id = $1 RETURNING *', [id]);
  if (!rows[0]) throw notFound(TEXT.channelNotFound);
  await ctx.events.publish(
    'channel_deleted',
    { channel_id: id, group_id: rows[0].group_id },
    { kind: 'group', groupId: rows[0].group_id },
  );
}
