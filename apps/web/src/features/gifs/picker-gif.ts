import type { FavoriteGif, GifResult, UserGif } from '@hearth/protocol';
import { GIF_QUICK_SEARCHES, GIF_QUICK_SEARCH_CHIPS } from '@hearth/protocol/gif-rules';

/** A favorite as the picker shows it: the GIF as it was when it was favorited. */
export const fromFavorite = (f: FavoriteGif): GifResult => ({
  id: f.gif_id,
  title: f.gif_title,
  url: f.gif_url,
  preview_url: f.gif_preview_url || f.gif_url,
  width: f.gif_width,
  height: f.gif_height,
  size: f.gif_size,
  is_nsfw: f.is_nsfw,
  // A favorite of an uploaded GIF has the built-in provider's id.
  is_user_generated: f.gif_id.startsWith('user-'),
});

/** An uploaded GIF as the picker shows it, with the id the built-in provider gives it. */
export const fromUserGif = (g: UserGif): GifResult => ({
  id: `user-${g.id}`,
  title: g.name,
  url: g.file_url,
  preview_url: g.file_url,
  width: g.width,
  height: g.height,
  size: g.file_size,
  is_nsfw: g.is_nsfw,
  is_user_generated: true,
});

/** Spec 1 §2: 8 of the 16 quick searches, a fresh choice each time the picker opens (as variety, not rank). */
export function pickQuickSearches(random: () => number = Math.random): string[] {
  const pool: string[] = [...GIF_QUICK_SEARCHES];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, GIF_QUICK_SEARCH_CHIPS);
}
