import type { Reaction } from '@hearth/protocol';
import { emojiImageUrl } from '../emoji/emoji-row.js';

/** A reaction joined with its user's name and its custom emoji's, as REACTION_SELECT returns it. */
export interface ReactionRow {
  id: number;
  message_id: number;
  user_id: number;
  username: string;
  emoji_id: number | null;
  emoji_unicode: string | null;
  /** The custom emoji's current name and stored file; null for a Unicode emoji. */
  emoji_name: string | null;
  emoji_key: string | null;
  created_at: Date;
}

/**
 * The custom emoji is joined in the same statement, so a page's reactions stay one query. Its name
 * is read, not copied into the reaction: a renamed emoji shows its new name everywhere.
 */
export const REACTION_SELECT = `
  SELECT r.id, r.message_id, r.user_id, u.username, r.emoji_id, r.emoji_unicode,
         e.name AS emoji_name, e.storage_key AS emoji_key, r.created_at
    FROM reactions r JOIN users u ON u.id = r.user_id
    LEFT JOIN custom_emojis e ON e.id = r.emoji_id`;

/** The channel comes from the message the caller already holds, so no query joins it. */
export function toReaction(r: ReactionRow, channelId: number): Reaction {
  return {
    id: r.id,
    message_id: r.message_id,
    channel_id: channelId,
    user_id: r.user_id,
    username: r.username,
    emoji_id: r.emoji_id,
    emoji_unicode: r.emoji_unicode,
    // A Unicode emoji has neither.
    emoji_name: r.emoji_name,
    emoji_url: r.emoji_key === null ? null : emojiImageUrl(r.emoji_key),
    created_at: r.created_at.toISOString(),
  };
}
