import type { CustomEmoji } from '@hearth/protocol';

/** A row of custom_emojis, as the emoji statements select it. */
export interface EmojiRow {
  id: number;
  user_id: number;
  name: string;
  storage_key: string;
  content_type: string;
  file_size: number;
  width: number;
  height: number;
  is_public: boolean;
  is_nsfw: boolean;
  created_at: Date;
}

/** Explicit columns, so a later column cannot change what a statement returns. */
export const EMOJI_COLUMNS =
  'id, user_id, name, storage_key, content_type, file_size, width, height, is_public, is_nsfw, created_at';

/** Where the pictures are served: one random file name per upload, so an address never changes content. */
export const EMOJI_IMAGE_PATH = '/api/emoji/images/';
/** Stored under emoji/ beside the attachments' month folders and profile/. */
export const EMOJI_STORAGE_PREFIX = 'emoji/';

/** The address of a stored picture, from its storage key (`emoji/<name>` is served as `<path><name>`). */
export const emojiImageUrl = (storageKey: string): string =>
  `${EMOJI_IMAGE_PATH}${storageKey.slice(EMOJI_STORAGE_PREFIX.length)}`;

export function toCustomEmoji(row: EmojiRow): CustomEmoji {
  const url = emojiImageUrl(row.storage_key);
  return {
    id: row.id,
    name: row.name,
    url,
    file_url: url,
    is_public: row.is_public,
    is_nsfw: row.is_nsfw,
    width: row.width,
    height: row.height,
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
  };
}
