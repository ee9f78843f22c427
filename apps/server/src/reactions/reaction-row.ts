import type { Reaction } from '@hearth/protocol';

/** A reaction joined with its user's name, as REACTION_SELECT returns it. */
export interface ReactionRow {
  id: number;
  message_id: number;
  user_id: number;
  username: string;
  emoji_id: number | null;
  emoji_unicode: string | null;
  created_at: Date;
}

export const REACTION_SELECT = `
  SELECT r.id, r.message_id, r.user_id, u.username, r.emoji_id, r.emoji_unicode, r.created_at
    FROM reactions r JOIN users u ON u.id = r.user_id`;

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
    // A custom emoji's name and image arrive with custom emoji; a Unicode emoji has neither.
    emoji_name: null,
    emoji_url: null,
    created_at: r.created_at.toISOString(),
  };
}
