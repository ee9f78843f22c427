import type { AddReactionBody, Reaction } from '@hearth/protocol';
import { REACTION_EMOJI_PER_MESSAGE_MAX, TEXT } from '@hearth/protocol';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { effectivePermissions } from '../groups/access.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { enforce } from '../ratelimit/limiter.js';
import type { UserRow } from '../users/user-row.js';
import { REACTION_SELECT, toReaction, type ReactionRow } from './reaction-row.js';

type AddBody = z.output<typeof AddReactionBody>;

interface TargetRow {
  channel_id: number;
  group_id: number;
  removed_by_admin: boolean;
}

/** The message with the caller's permissions in its group; one the caller may not view is reported as missing. */
async function visibleMessage(ctx: AppContext, user: UserRow, messageId: number) {
  const { rows } = await ctx.db.query<TargetRow>(
    `SELECT m.channel_id, c.group_id, m.removed_by_admin
       FROM messages m JOIN channels c ON c.id = m.channel_id WHERE m.id = $1`,
    [messageId],
  );
  const message = rows[0];
  if (!message) throw notFound(TEXT.messageNotFound);
  const permissions = await effectivePermissions(ctx.db, user, message.group_id);
  if (!permissions.can_view) throw notFound(TEXT.messageNotFound);
  return { message, permissions };
}

/*
 * Stores the reaction unless the message already has the most different emoji it may carry (an emoji
 * already on it can always be added). The count and the insert are one statement; two users adding
 * two new emoji at the same moment can still pass the cap by one each, which is harmless: it bounds
 * what a message carries, it is not an exact quota.
 */
const INSERT_SQL = `
  INSERT INTO reactions (message_id, user_id, emoji_id, emoji_unicode)
  SELECT $1, $2, $3::bigint, $4::text
   WHERE (SELECT count(DISTINCT (emoji_id, emoji_unicode)) FROM reactions
           WHERE message_id = $1 AND (emoji_id, emoji_unicode) IS DISTINCT FROM ($3::bigint, $4::text)) < $5
  ON CONFLICT DO NOTHING
  RETURNING id, created_at`;

/**
 * Adds the caller's reaction and announces it. Reacting is a way of speaking in the group, so it
 * needs can_post, as posting does.
 */
export async function addReaction(ctx: AppContext, user: UserRow, messageId: number, body: AddBody): Promise<Reaction> {
  await enforce(ctx.limiter, `write:${user.id}`, ctx.config.rateLimits.writePerUser);
  const { message, permissions } = await visibleMessage(ctx, user, messageId);
  if (!permissions.can_post) throw forbidden(TEXT.noReactPermission);
  if (message.removed_by_admin) throw badRequest(TEXT.reactionOnRemoved);
  // Custom emoji are not there yet: their feature looks the emoji up here (and who may use it).
  const emoji = body.emoji_unicode;
  if (emoji === null || emoji === undefined) throw notFound(TEXT.emojiNotFound);
  const { rows } = await ctx.db.query<{ id: number; created_at: Date }>(INSERT_SQL, [
    messageId,
    user.id,
    null,
    emoji,
    REACTION_EMOJI_PER_MESSAGE_MAX,
  ]);
  const inserted = rows[0];
  if (!inserted) {
    const existing = await ctx.db.query(
      'SELECT 1 FROM reactions WHERE message_id = $1 AND user_id = $2 AND emoji_unicode = $3',
      [messageId, user.id, emoji],
    );
    throw existing.rowCount ? conflict(TEXT.reactionDuplicate) : badRequest(TEXT.reactionTooManyEmoji);
  }
  const reaction = toReaction(
    {
      ...inserted,
      message_id: messageId,
      user_id: user.id,
      username: user.username,
      emoji_id: null,
      emoji_unicode: emoji,
    },
    message.channel_id,
  );
  await ctx.events.publish('reaction_add', reaction, { kind: 'group', groupId: message.group_id });
  return reaction;
}

/** Takes back the caller's own reaction; needs only view access, so a user who may no longer post can still undo. */
export async function removeReaction(
  ctx: AppContext,
  user: UserRow,
  messageId: number,
  reactionId: number,
): Promise<void> {
  await enforce(ctx.limiter, `write:${user.id}`, ctx.config.rateLimits.writePerUser);
  const { message } = await visibleMessage(ctx, user, messageId);
  const { rows } = await ctx.db.query<ReactionRow>(`${REACTION_SELECT} WHERE r.id = $1 AND r.message_id = $2`, [
    reactionId,
    messageId,
  ]);
  const row = rows[0];
  if (!row) throw notFound(TEXT.reactionNotFound);
  if (row.user_id !== user.id) throw forbidden(TEXT.reactionNotOwn);
  // A second remove racing this one finds nothing to delete: the reaction is gone either way.
  const deleted = await ctx.db.query('DELETE FROM reactions WHERE id = $1 AND user_id = $2', [reactionId, user.id]);
  if (!deleted.rowCount) throw notFound(TEXT.reactionNotFound);
  await ctx.events.publish('reaction_remove', toReaction(row, message.channel_id), {
    kind: 'group',
    groupId: message.group_id,
  });
}
