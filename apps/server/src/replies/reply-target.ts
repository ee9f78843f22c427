import { REPLY_TEXT, type MentionedUser, type ReplyTo } from '@hearth/protocol';
import type { Queryable } from '../db/pool.js';
import { canViewGroupSql } from '../groups/access.js';
import { badRequest } from '../http/errors.js';
import type { Mentions } from '../mentions/resolve-mentions.js';
import type { UserRow } from '../users/user-row.js';
import { replyToJson } from './reply-sql.js';

/** The message a send answers, as the reply will show it, and the author it mentions (if any). */
export interface ReplyTarget {
  replyTo: ReplyTo;
  /** The original's author, when the reply mentions them. */
  mention: MentionedUser | null;
}

/** Where the reply is written: a channel (with its group) or a direct conversation. */
export type ReplyPlace = { channelId: number; groupId: number } | { conversationId: number };

/** What a send says about replying (protocol ReplyFields). */
export interface ReplyRequest {
  reply_to_id?: number | undefined;
  reply_mention?: boolean | undefined;
}

interface TargetRow {
  reply_to: ReplyTo;
  user_id: number;
  username: string;
  author_can_view: boolean;
}

// $1 the original, $2 the place. A channel's original is looked for in that channel only, and its
// author must still be able to view the channel's group ($3) to be mentioned.
const CHANNEL_TARGET_SQL = `
  SELECT ${replyToJson('r', 'ru')} AS reply_to, r.user_id, ru.username, ${canViewGroupSql('ru', '$3::bigint')} AS author_can_view
    FROM messages r JOIN users ru ON ru.id = r.user_id
   WHERE r.id = $1 AND r.channel_id = $2`;

// Both participants see every message of their conversation: its author can always be mentioned.
const CONVERSATION_TARGET_SQL = `
  SELECT ${replyToJson('r', 'ru')} AS reply_to, r.user_id, ru.username, true AS author_can_view
    FROM messages r JOIN users ru ON ru.id = r.user_id
   WHERE r.id = $1 AND r.conversation_id = $2`;

/**
 * The original a send replies to, or null when it replies to nothing. Called after the sender's access
 * to the place was checked: any message of that channel or conversation is one they can see, so any
 * other (another channel's, another conversation's, a deleted or unknown one) is refused alike, with
 * 400 'You cannot reply to that message', and says nothing about where it is.
 *
 * The author is mentioned when the sender asked (`reply_mention`, true by default), unless the sender
 * is the author (a self-reply) or the author can no longer view the channel.
 */
export async function replyTarget(
  db: Queryable,
  sender: Pick<UserRow, 'id'>,
  place: ReplyPlace,
  request: ReplyRequest,
): Promise<ReplyTarget | null> {
  if (request.reply_to_id === undefined) return null;
  const { rows } =
    'channelId' in place
      ? await db.query<TargetRow>(CHANNEL_TARGET_SQL, [request.reply_to_id, place.channelId, place.groupId])
      : await db.query<TargetRow>(CONVERSATION_TARGET_SQL, [request.reply_to_id, place.conversationId]);
  const row = rows[0];
  if (!row) throw badRequest(REPLY_TEXT.cannotReply);
  const mentioned = (request.reply_mention ?? true) && row.user_id !== sender.id && row.author_can_view;
  return { replyTo: row.reply_to, mention: mentioned ? { id: row.user_id, username: row.username } : null };
}

/**
 * The mention a reply made when it was sent, kept by its edits (which read mentions from the text
 * again): the original's author, when the reply mentioned them and the original is still there.
 */
export function keptReplyMention(row: { reply_mention: boolean; reply_to: ReplyTo | null }): ReplyTarget | null {
  const original = row.reply_to;
  if (!row.reply_mention || !original || original.deleted || original.user_id === null) return null;
  return { replyTo: original, mention: { id: original.user_id, username: original.username ?? '' } };
}

/**
 * The text's mentions with the reply's: the original's author joins the mentioned users (once), so
 * the statements that write mentions store the ping with the others (message_mentions, which unread
 * mention counts walk) and notifyMentions tells them like anyone named, to sessions that may view
 * the channel.
 */
export function withReplyMention(mentions: Mentions, reply: ReplyTarget | null): Mentions {
  const mention = reply?.mention;
  if (!mention || mentions.users.some((u) => u.id === mention.id)) return mentions;
  return { ...mentions, users: [...mentions.users, mention] };
}

/** The reply parameters of an insert, after the statement's own: reply_to_id, reply_mention. */
export const replyValues = (reply: ReplyTarget | null): [number | null, boolean] => [
  reply?.replyTo.id ?? null,
  Boolean(reply?.mention),
];

/** A stored message's reply columns as toMessage reads them. */
export const replyColumns = (reply: ReplyTarget | null) => ({
  reply_to: reply?.replyTo ?? null,
  reply_mention: Boolean(reply?.mention),
});
