import type { MentionedUser, Message } from '@hearth/protocol';
import { MESSAGE_SELECT_COLUMNS, toMessage } from '../messages/message-row.js';
import type { UserRow } from '../users/user-row.js';
import { replyColumns, type ReplyTarget } from '../replies/reply-target.js';

/**
 * A direct message joined with its author, in the shape of MessageRow: the conversation id stands in
 * the channel's place (negative, as the client knows it) and there is no group. The pair of
 * participants comes along, for the access checks of edits, deletes and reactions. DM_MESSAGE_COLUMNS are
 * the message's columns alone, for statements of their own (the pins list).
 */
export const DM_MESSAGE_COLUMNS = MESSAGE_SELECT_COLUMNS.replace(
  'm.channel_id, c.group_id',
  'm.conversation_id AS channel_id, NULL::bigint AS group_id',
);

export const DM_MESSAGE_SELECT = `
  SELECT ${DM_MESSAGE_COLUMNS}, dc.user_low, dc.user_high
    FROM messages m JOIN users u ON u.id = m.user_id JOIN dm_conversations dc ON dc.id = m.conversation_id`;

export interface PairColumns {
  user_low: number;
  user_high: number;
}

/** A direct message just stored, as it is announced: by `author`, unedited, without reactions yet, replying to `reply`. */
export function newDirectMessage(
  author: UserRow,
  m: {
    id: number;
    conversationId: number;
    content: string;
    nonce: string | null;
    createdAt: Date;
    mentions: MentionedUser[];
    reply?: ReplyTarget | null;
  },
): Message {
  return toMessage({
    ...author,
    id: m.id,
    channel_id: m.conversationId,
    group_id: null,
    user_id: author.id,
    content: m.content,
    message_type: 'text',
    nonce: m.nonce,
    removed_by_admin: false,
    created_at: m.createdAt,
    edited_at: null,
    mentioned_users: m.mentions,
    mentions_everyone: false,
    ...replyColumns(m.reply ?? null),
  });
}
