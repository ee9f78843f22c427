import { GIF_QUICK_SEARCHES, type GifPage, type GifResult } from '@hearth/protocol';
import type { Db } from '../../db/pool.js';
import { builtinGifId, gifFileUrl, USER_GIF_COLUMNS, type UserGifRow } from '../rows.js';
import { offsetFromPos, type GifProvider } from './provider.js';

function toResult(row: UserGifRow): GifResult {
  const url = gifFileUrl(row);
  return {
    id: builtinGifId(row.id),
    title: row.name,
    url,
    // No smaller rendition is made of an uploaded GIF (it is kept as sent).
    preview_url: url,
    width: row.width,
    height: row.height,
    size: row.file_size,
    is_nsfw: row.is_nsfw,
    is_user_generated: true,
  };
}

/** One more row than asked for tells whether another page follows. */
function page(rows: UserGifRow[], limit: number, offset: number): GifPage {
  return {
    results: rows.slice(0, limit).map(toResult),
    next: rows.length > limit ? String(offset + limit) : null,
  };
}

/** LIKE's own characters in what the user typed match themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The provider without a third-party service (no GIPHY_API_KEY): the instance's own uploaded GIFs.
 * Trending is the newest first; search matches names. Answers come straight from the database, so
 * an upload, a rename or an NSFW change shows at once (nothing is cached).
 */
export function builtinProvider(db: Db): GifProvider {
  return {
    name: 'builtin',

    async trending(limit, pos) {
      const offset = offsetFromPos(pos);
      const { rows } = await db.query<UserGifRow>(
        `SELECT ${USER_GIF_COLUMNS} FROM user_gifs g ORDER BY g.created_at DESC, g.id DESC LIMIT $1 OFFSET $2`,
        [limit + 1, offset],
      );
      return page(rows, limit, offset);
    },

    async search(query, limit, pos) {
      const offset = offsetFromPos(pos);
      // Names have no spaces: "thumbs up" finds thumbs_up.
      const term = likeEscaped(query.replace(/\s+/g, '_'));
      const { rows } = await db.query<UserGifRow>(
        `SELECT ${USER_GIF_COLUMNS} FROM user_gifs g
          WHERE g.name ILIKE '%' || $1 || '%'
          ORDER BY lower(g.name) = lower($2) DESC, g.name ILIKE $1 || '%' DESC, g.created_at DESC, g.id DESC
          LIMIT $3 OFFSET $4`,
        [term, query.replace(/\s+/g, '_'), limit + 1, offset],
      );
      return page(rows, limit, offset);
    },

    // The spec's 16 quick searches (spec 1 §2); an uploaded GIF has no category of its own.
    async categories() {
      return GIF_QUICK_SEARCHES.map((term) => ({ name: term, search_term: term, preview_url: null }));
    },
  };
}
