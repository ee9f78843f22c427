import type { ChannelReadStatus, GroupReadStatus } from '@hearth/protocol';
import { TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { requireVisibleChannel, requireVisibleGroup } from '../groups/access.js';
import { badRequest, notFound } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import { channelStatusSql, groupStatusSql } from './status-sql.js';

interface StatusRow {
  channel_id: number;
  group_id: number;
  unread_mentions: number;
  has_unread: boolean;
  last_read_message_id: number | null;
  last_read_at: Date | null;
}

const toStatus = (r: StatusRow): ChannelReadStatus => ({
  channel_id: r.channel_id,
  group_id: r.group_id,
  unread_mentions: r.unread_mentions,
  has_unread: r.has_unread,
  last_read_message_id: r.last_read_message_id,
  last_read_at: r.last_read_at?.toISOString() ?? null,
});

async function statuses(
  ctx: AppContext,
  user: UserRow,
  filter: { groupId?: number; channelIds?: number[] },
): Promise<ChannelReadStatus[]> {
  const { rows } = await ctx.db.query<StatusRow>(channelStatusSql(user), [
    user.id,
    user.created_at,
    filter.groupId ?? null,
    filter.channelIds ?? null,
  ]);
  return rows.map(toStatus);
}

/** The user's status in every text channel they may view, or in one group's (404 if they may not view it). */
export async function channelReadStatuses(ctx: AppContext, user: UserRow, groupId?: number) {
  if (groupId !== undefined) await requireVisibleGroup(ctx.db, user, groupId);
  return statuses(ctx, user, { groupId });
}

export async function groupReadStatuses(ctx: AppContext, user: UserRow, groupId?: number): Promise<GroupReadStatus[]> {
  const { rows } = await ctx.db.query<GroupReadStatus>(groupStatusSql(user), [
    user.id,
    user.created_at,
    groupId ?? null,
    null,
  ]);
  return rows;
}

/*
 * Moves the user's mark in the channels listed ($2) to $3 (one id for one channel) or, when $3 is
 * null, to each channel's newest message. The mark only moves forward: a tab that marks late (a
 * slow request, a device that was asleep) cannot make read messages unread again. A channel with no
 * messages gets no row. Returns the channels whose mark moved.
 */
const MARK_SQL = `
  INSERT INTO channel_reads (user_id, channel_id, last_read_message_id)
  SELECT $1, c.id, COALESCE($3::bigint, newest.id)
    FROM channels c, LATERAL (SELECT max(m.id) AS id FROM messages m WHERE m.channel_id = c.id) AS newest
   WHERE c.id = ANY ($2::bigint[]) AND COALESCE($3::bigint, newest.id) IS NOT NULL
  ON CONFLICT (user_id, channel_id) DO UPDATE
     SET last_read_message_id = EXCLUDED.last_read_message_id, last_read_at = now()
   WHERE channel_reads.last_read_message_id IS NULL
      OR channel_reads.last_read_message_id < EXCLUDED.last_read_message_id
  RETURNING channel_id`;

/** Marks, then tells every session of the user (their other tabs and devices) where each moved mark now stands. */
async function mark(ctx: AppContext, user: UserRow, channelIds: number[], messageId: number | null) {
  const moved = await ctx.db.query<{ channel_id: number }>(MARK_SQL, [user.id, channelIds, messageId]);
  if (moved.rows.length === 0) return;
  const changed = await statuses(ctx, user, { channelIds: moved.rows.map((r) => r.channel_id) });
  for (const status of changed)
    await ctx.events.publish('channel_read_status_update', status, { kind: 'users', userIds: [user.id] });
}

/** Marks a channel read up to one of its messages, or up to its newest when `messageId` is null. */
export async function markChannelRead(
  ctx: AppContext,
  user: UserRow,
  channelId: number,
  messageId: number | null,
): Promise<ChannelReadStatus> {
  const { channel } = await requireVisibleChannel(ctx.db, user, channelId);
  if (channel.channel_type !== 'text') throw badRequest(TEXT.voiceChannelNoReadStatus);
  if (messageId !== null) {
    const found = await ctx.db.query('SELECT 1 FROM messages WHERE id = $1 AND channel_id = $2', [
      messageId,
      channelId,
    ]);
    if (!found.rowCount) throw notFound(TEXT.messageNotFound);
  }
  await mark(ctx, user, [channelId], messageId);
  const [status] = await statuses(ctx, user, { channelIds: [channelId] });
  // Only a channel deleted (or hidden) since the check above has no status left.
  if (!status) throw notFound(TEXT.channelNotFound);
  return status;
}

/**
 * Mark Unread: the one way the mark moves back. It goes to just before the message (a position, not
 * a message: unread is every id after it), whether or not a mark was stored.
 */
export async function markChannelUnread(
  ctx: AppContext,
  user: UserRow,
  channelId: number,
  messageId: number,
): Promise<ChannelReadStatus> {
  const { channel } = await requireVisibleChannel(ctx.db, user, channelId);
  if (channel.channel_type !== 'text') throw badRequest(TEXT.voiceChannelNoReadStatus);
  const found = await ctx.db.query('SELECT 1 FROM messages WHERE id = $1 AND channel_id = $2', [messageId, channelId]);
  if (!found.rowCount) throw notFound(TEXT.messageNotFound);
  await ctx.db.query(
    `INSERT INTO channel_reads (user_id, channel_id, last_read_message_id) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, channel_id) DO UPDATE SET last_read_message_id = $3, last_read_at = now()`,
    [user.id, channelId, messageId - 1],
  );
  const [status] = await statuses(ctx, user, { channelIds: [channelId] });
  if (!status) throw notFound(TEXT.channelNotFound);
  await ctx.events.publish('channel_read_status_update', status, { kind: 'users', userIds: [user.id] });
  return status;
}

/** Marks every text channel of a group read up to its newest message. */
export async function markGroupRead(ctx: AppContext, user: UserRow, groupId: number): Promise<GroupReadStatus> {
  await requireVisibleGroup(ctx.db, user, groupId);
  const { rows } = await ctx.db.query<{ id: number }>(
    "SELECT id FROM channels WHERE group_id = $1 AND channel_type = 'text'",
    [groupId],
  );
  await mark(
    ctx,
    user,
    rows.map((r) => r.id),
    null,
  );
  const [status] = await groupReadStatuses(ctx, user, groupId);
  if (!status) throw notFound(TEXT.groupNotFound);
  return status;
}
