import type { FavoriteGif, UserGif } from '@hearth/protocol';

export interface UserGifRow {
  id: number;
  user_id: number;
  name: string;
  storage_key: string;
  file_size: number;
  width: number;
  height: number;
  is_nsfw: boolean;
  created_at: Date;
}

export interface FavoriteRow {
  id: number;
  user_id: number;
  gif_id: string;
  gif_title: string;
  gif_url: string;
  gif_preview_url: string;
  gif_width: number;
  gif_height: number;
  gif_size: number;
  is_nsfw: boolean;
  created_at: Date;
}

/** Where uploaded GIFs are served (under /api): a random name per upload, ending in .gif. */
export const GIF_FILE_PATH = '/api/gif-files/';
/** A served name: 32 hex digits and .gif, never anything a user chose. */
export const GIF_FILE_NAME = /^[0-9a-f]{32}\.gif$/;
/** Stored under gifs/ beside the attachments' month folders and profile/. */
export const gifStorageKey = (fileName: string) => `gifs/${fileName}`;
const fileNameOf = (storageKey: string) => storageKey.slice('gifs/'.length);

/** The built-in provider's id of an uploaded GIF (also what the 0015 trigger clears favorites by). */
export const builtinGifId = (id: number) => `user-${id}`;

export const USER_GIF_COLUMNS =
  'g.id, g.user_id, g.name, g.storage_key, g.file_size, g.width, g.height, g.is_nsfw, g.created_at';
export const FAVORITE_COLUMNS =
  'id, user_id, gif_id, gif_title, gif_url, gif_preview_url, gif_width, gif_height, gif_size, is_nsfw, created_at';

export const gifFileUrl = (row: Pick<UserGifRow, 'storage_key'>) => `${GIF_FILE_PATH}${fileNameOf(row.storage_key)}`;

export function toUserGif(row: UserGifRow): UserGif {
  return {
    id: row.id,
    name: row.name,
    file_url: gifFileUrl(row),
    width: row.width,
    height: row.height,
    file_size: row.file_size,
    is_nsfw: row.is_nsfw,
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
  };
}

export function toFavorite(row: FavoriteRow): FavoriteGif {
  return {
    id: row.id,
    gif_id: row.gif_id,
    gif_title: row.gif_title,
    gif_url: row.gif_url,
    gif_preview_url: row.gif_preview_url,
    gif_width: row.gif_width,
    gif_height: row.gif_height,
    gif_size: row.gif_size,
    is_nsfw: row.is_nsfw,
  };
}
