import type { AddReactionBody, Reaction } from '@hearth/protocol';
import { DM_TEXT, REACTION_EMOJI_PER_MESSAGE_MAX, TEXT } from '@hearth/protocol';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { effectivePermissions } from '../groups/access.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import type { Audience } from '../events/event-log.js';
import { dmMessageTarget } from '../direct-messages/access.js';
import { usableEmoji } from '../emoji/service.js';
import { REACTION_SELECT, toReaction, type ReactionRow } from './reaction-row.js';

type AddBody = z.output<typeof AddReactionBody>;

interface TargetRow {
  channel_id: number;
  group_id: number;
  removed_by_admin: boolean;
}

/** Where a message lives: a group's channel, or a direct-message conversation (spec 1 §7 /dm/reactions). */
export type ReactionPlace = 'channel' | 'dm';

/** What a reaction needs to know of its message: where the events go and whether the caller may react. */
interface ReactionTarget {
  channel_id: number;
  removed_by_admin: boolean;
  canReact: boolean;
  audience: Audience;
  /** reaction_add/remove in channels, dm_reaction_add/remove in conversations. */
  events: { add: string; remove: string };
}

/** The message as a reaction target; one the caller may not view (or in the other place) is reported as missing. */
async function reactionTarget(
  ctx: AppContext,
  user: UserRow,
  messageId: number,
  place: ReactionPlace,
): Promise<ReactionTarget> {
  if (place === 'dm') {
    const target = await dmMessageTarget(ctx.db, user, messageId);
    return { ...target, events: { add: 'dm_reaction_add', remove: 'dm_reaction_remove' } };
  }
  const { rows } = await ctx.db.query<TargetRow>(
    `SELECT m.channel_id, c.group_id, m.removed_by_admin
       FROM messages m JOIN channels c ON c.id = m.channel_id WHERE m.id = $1`,
    [messageId],
  );
  const message = rows[0];
  if (!message) throw notFound(TEXT.messageNotFound);
  const permissions = await effectivePermissions(ctx.db, user, message.group_id);
  if (!permissions.can_view) throw notFound(TEXT.messageNotFound);
  return {
    channel_id: message.channel_id,
    removed_by_admin: message.removed_by_admin,
    // Reacting is a way of speaking in the group, so it needs can_post, as posting does.
    canReact: permissions.can_post,
    audience: { kind: 'group', groupId: message.group_id },
    events: { add: 'reaction_add', remove: 'reaction_remove' },
  };
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

/** Adds the caller's reaction and announces it to whoever sees the message. */
export async function addReaction(
  ctx: AppContext,
  user: UserRow,
  messageId: number,
  body: AddBody,
  place: ReactionPlace = 'channel',
): Promise<Reaction> {
  const message = await reactionTarget(ctx, user, messageId, place);
  if (!message.canReact) throw forbidden(place === 'dm' ? DM_TEXT.blockedSend : TEXT.noReactPermission);
  if (message.removed_by_admin) throw badRequest(TEXT.reactionOnRemoved);
  // Exactly one of the two is set (the body's schema). A custom emoji must be one the caller may use:
  // their own or a public one; someone else's private emoji is answered as if it did not exist.
  const emojiId = body.emoji_id ?? null;
  const unicode = emojiId === null ? body.emoji_unicode! : null;
  const custom = emojiId === null ? null : await usableEmoji(ctx.db, user, emojiId);
  if (emojiId !== null && !custom) throw notFound(TEXT.emojiNotFound);
  // An emoji deleted between the look-up and the insert breaks the foreign key: 404 'Emoji not found'.
  const { rows } = await ctx.db.query<{ id: number; created_at: Date }>(INSERT_SQL, [
    messageId,
    user.id,
    emojiId,
    unicode,
    REACTION_EMOJI_PER_MESSAGE_MAX,
  ]);
  const inserted = rows[0];
  if (!inserted) {
    const existing = await ctx.db.query(
      `SELECT 1 FROM reactions WHERE message_id = $1 AND user_id = $2
          AND (emoji_id, emoji_unicode) IS NOT DISTINCT FROM ($3::bigint, $4::text)`,
      [messageId, user.id, emojiId, unicode],
    );
    throw existing.rowCount ? conflict(TEXT.reactionDuplicate) : badRequest(TEXT.reactionTooManyEmoji);
  }
  const reaction = toReaction(
    {
      ...inserted,
      message_id: messageId,
      user_id: user.id,
      username: user.username,
      emoji_id: emojiId,
      emoji_unicode: unicode,
      emoji_name: custom?.name ?? null,
      emoji_key: custom?.storage_key ?? null,
    },
    message.channel_id,
  );
  await ctx.events.publish(message.events.add, reaction, message.audience);
  return reaction;
}

/** Takes back the caller's own reaction; needs only view access, so a user who may no longer post can still undo. */
export async function removeReaction(
  ctx: AppContext,
  user: UserRow,
  messageId: number,
  reactionId: number,
  place: ReactionPlace = 'channel',
): Promise<void> {
  const message = await reactionTarget(ctx, user, messageId, place);
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
  await ctx.events.publish(message.events.remove, toReaction(row, message.channel_id), message.audience);
}
