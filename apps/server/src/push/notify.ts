import type { Message, PushPayload } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { prepared } from '../db/pool.js';
import { canViewGroupSql } from '../groups/access.js';
import { ONLINE_SQL } from '../presence/presence-row.js';

/**
 * Whether to push to user `u` at all: a registration on a signed-in device, message notifications on,
 * and connected nowhere (a connected user hears it live instead, as on Discord, where the phone stays
 * quiet while the desktop app is open). `seconds` is the parameter of the presence timeout.
 */
const PUSHABLE_SQL = (u: string, seconds: string) =>
  `${u}.message_notifications_enabled
      AND EXISTS (SELECT 1 FROM push_registrations p JOIN devices d ON d.id = p.device_id AND d.revoked_at IS NULL
                   WHERE p.user_id = ${u}.id)
      AND NOT ${ONLINE_SQL(`${u}.id`, seconds)}`;

const SHOULD_PUSH = prepared(
  'push-should-push',
  `SELECT 1 FROM users u WHERE u.id = $1 AND ${PUSHABLE_SQL('u', '$2')}`,
);

/** Text of a push is cut like a notification popup's (spec 1 §9: 100 characters). */
export const pushText = (text: string) => (text.length > 100 ? `${text.slice(0, 99)}…` : text);

/**
 * Pushes to a user who is not connected anywhere, in the background: the request that caused it
 * (a direct message, a friend request) neither waits for the push services nor fails with them.
 */
export function pushWhenAway(ctx: AppContext, userId: number, payload: PushPayload): void {
  ctx.push.background(async () => {
    const { rows } = await ctx.db.query(SHOULD_PUSH([userId, ctx.config.presenceNodeTimeoutMs / 1000]));
    if (rows.length) await ctx.push.sendToUser(userId, payload);
  });
}

/**
 * Of the users a channel message names, those to push to: pushable, and besides able to view the
 * group (admins and the system account always can) with neither the channel nor the group muted.
 * One statement for all of them.
 */
const MENTIONED_TO_PUSH = prepared(
  'push-mentioned-away',
  `SELECT u.id FROM unnest($1::bigint[]) AS t(id) JOIN users u ON u.id = t.id
    WHERE ${canViewGroupSql('u', '$3')}
      AND NOT EXISTS (SELECT 1 FROM channel_mutes m WHERE m.user_id = u.id AND m.channel_id = $2)
      AND NOT EXISTS (SELECT 1 FROM group_mutes m WHERE m.user_id = u.id AND m.group_id = $3)
      AND ${PUSHABLE_SQL('u', '$4')}`,
);

/**
 * Pushes a channel message to the users it names who are connected nowhere, in the background. Only
 * people named are pushed: an @everyone would push to a whole group, which on a large one is a burst
 * of requests to the push services for one message; they see it when they next open Hearth.
 */
export function pushMentionsWhenAway(
  ctx: AppContext,
  message: Message,
  channelName: string,
  userIds: readonly number[],
): void {
  const groupId = message.group_id;
  if (userIds.length === 0 || groupId === null) return;
  const author = message.nickname || message.username;
  const payload: PushPayload = {
    title: `${author} mentioned you in #${channelName}`,
    body: pushText(message.content),
    tag: `channel-${message.channel_id}`,
    data: { type: 'channel', channelId: message.channel_id, groupId },
  };
  ctx.push.background(async () => {
    const { rows } = await ctx.db.query<{ id: number }>(
      MENTIONED_TO_PUSH([userIds, message.channel_id, groupId, ctx.config.presenceNodeTimeoutMs / 1000]),
    );
    await Promise.all(rows.map((r) => ctx.push.sendToUser(r.id, payload)));
  });
}
