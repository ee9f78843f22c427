import type { Embed, MentionedUser, Message, ReplyTo } from '@hearth/protocol';
import type { UserRow } from '../users/user-row.js';
import { REPLY_TO_COLUMN } from '../replies/reply-sql.js';

/** A message joined with its author and channel, as MESSAGE_SELECT returns it. */
export interface MessageRow {
  id: number;
  channel_id: number;
  group_id: number;
  user_id: number;
  content: string;
  message_type: 'text' | 'system';
  nonce: string | null;
  removed_by_admin: boolean;
  created_at: Date;
  edited_at: Date | null;
  username: string;
  nickname: string | null;
  pronouns: string | null;
  pronouns_bg_color: string | null;
  pronouns_text_color: string | null;
  profile_image_url: string | null;
  profile_blur_enabled: boolean;
  role: UserRow['role'];
  mentioned_users: MentionedUser[];
  mentions_everyone: boolean;
  /** What the message replies to (replies/reply-sql.ts), and whether it mentioned that author. */
  reply_to: ReplyTo | null;
  reply_mention: boolean;
  /** Pinned to its channel or conversation (pins/); a message just sent is not. */
  pinned?: boolean;
  /** Link previews as stored (pictures at their own addresses; page-extras signs them for the proxy); none yet on a new message. */
  embeds?: Embed[];
}

/** The columns of a MessageRow (direct messages select the same, with their conversation in the channel's place). */
export const MESSAGE_SELECT_COLUMNS = `m.id, m.channel_id, c.group_id, m.user_id, m.content, m.message_type, m.nonce,
         m.removed_by_admin, m.created_at, m.edited_at, u.username, u.nickname, u.pronouns, u.pronouns_bg_color,
         u.pronouns_text_color, u.profile_image_url, u.profile_blur_enabled, u.role, m.mentioned_users,
         m.mentions_everyone, m.reply_mention, ${REPLY_TO_COLUMN}, m.pinned_at IS NOT NULL AS pinned,
         m.embeds`;

export const MESSAGE_SELECT = `
  SELECT ${MESSAGE_SELECT_COLUMNS}
    FROM messages m JOIN users u ON u.id = m.user_id JOIN channels c ON c.id = m.channel_id`;

/** A channel message's row, or a direct message's (no group). */
export type AnyMessageRow = Omit<MessageRow, 'group_id'> & { group_id: number | null };

export function toMessage(r: AnyMessageRow): Message {
  return {
    id: r.id,
    channel_id: r.channel_id,
    group_id: r.group_id,
    user_id: r.user_id,
    user_numeric_id: r.user_id,
    username: r.username,
    nickname: r.nickname,
    pronouns: r.pronouns,
    pronouns_bg_color: r.pronouns_bg_color,
    pronouns_text_color: r.pronouns_text_color,
    profile_image_url: r.profile_image_url,
    profile_blur_enabled: r.profile_blur_enabled,
    role: r.role,
    content: r.content,
    timestamp: r.created_at.toISOString(),
    edited_at: r.edited_at?.toISOString() ?? null,
    message_type: r.message_type,
    // Attachments arrive with their own feature; reactions are loaded apart (page-extras).
    attachments: [],
    attachment_ids: [],
    sensitive_attachment_ids: [],
    reactions: [],
    mentioned_users: r.mentioned_users,
    mentions_everyone: r.mentions_everyone,
    muted_for_user: false,
    nonce: r.nonce,
    reply_to: r.reply_to,
    pinned: r.pinned ?? false,
    embeds: r.embeds ?? [],
  };
}
