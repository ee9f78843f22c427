import { GIF_TEXT, type FavoriteGif, type FavoriteGifBody } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction, type DbClient } from '../db/pool.js';
import { conflict, notFound } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import { FAVORITE_COLUMNS, toFavorite, type FavoriteRow } from './rows.js';

/**
 * Spec 1 §4-5: one favorites operation per user at a time, the server's side of the client's rule.
 * A transaction-scoped advisory lock (class, user): taken without waiting, and refused with 409 while
 * another add or remove of the same user holds it; it goes with the transaction, even on a crash.
 * Negative, so it never meets friends' lockPair (two positive user ids) in the same lock space.
 */
export const FAVORITES_LOCK_CLASS = -716_001;
/** The lock's second number for a user (ids past 2^31 wrap; a shared lock there is only a rare 409). */
export const favoritesLockObject = (userId: number) => userId % 2_147_483_648;

async function withFavoritesLock<T>(ctx: AppContext, user: UserRow, fn: (tx: DbClient) => Promise<T>): Promise<T> {
  return inTransaction(ctx.db, async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS locked', [
      FAVORITES_LOCK_CLASS,
      favoritesLockObject(user.id),
    ]);
    if (!rows[0]!.locked) throw conflict(GIF_TEXT.favoritesBusy);
    return fn(tx);
  });
}

/** Adds a favorite; one already there is answered as it is (created false), never duplicated. */
export async function addFavorite(
  ctx: AppContext,
  user: UserRow,
  body: FavoriteGifBody,
): Promise<{ favorite: FavoriteGif; created: boolean }> {
  return withFavoritesLock(ctx, user, async (tx) => {
    const inserted = await tx.query<FavoriteRow>(
      `INSERT INTO gif_favorites (user_id, gif_id, gif_title, gif_url, gif_preview_url, gif_width, gif_height,
                                  gif_size, is_nsfw)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (user_id, gif_id) DO NOTHING RETURNING ${FAVORITE_COLUMNS}`,
      [
        user.id,
        body.gif_id,
        body.gif_title ?? '',
        body.gif_url,
        body.gif_preview_url ?? body.gif_url,
        body.gif_width ?? 0,
        body.gif_height ?? 0,
        body.gif_size ?? 0,
        body.is_nsfw,
      ],
    );
    if (inserted.rows[0]) return { favorite: toFavorite(inserted.rows[0]), created: true };
    const { rows } = await tx.query<FavoriteRow>(
      `SELECT ${FAVORITE_COLUMNS} FROM gif_favorites WHERE user_id = $1 AND gif_id = $2`,
      [user.id, body.gif_id],
    );
    return { favorite: toFavorite(rows[0]!), created: false };
  });
}

export async function removeFavorite(ctx: AppContext, user: UserRow, gifId: string): Promise<void> {
  await withFavoritesLock(ctx, user, async (tx) => {
    const { rowCount } = await tx.query('DELETE FROM gif_favorites WHERE user_id = $1 AND gif_id = $2', [
      user.id,
      gifId,
    ]);
    if (!rowCount) throw notFound(GIF_TEXT.favoriteNotFound);
  });
}

/** The caller's favorites, the latest first. */
/**
 * A favorite of a GIF uploaded here (the built-in provider's `user-<id>`) shows that GIF as it is now:
 * its current name and NSFW flag, not the ones it had when it was favorited, so flagging a GIF NSFW
 * blurs it in everyone's favorites too. Anything else is another service's GIF, kept as it was sent.
 */
const LIST_SQL = `
  SELECT f.id, f.user_id, f.gif_id, coalesce(g.name, f.gif_title) AS gif_title, f.gif_url, f.gif_preview_url,
         f.gif_width, f.gif_height, f.gif_size, coalesce(g.is_nsfw, f.is_nsfw) AS is_nsfw, f.created_at
    FROM gif_favorites f
    LEFT JOIN user_gifs g
      ON g.id = CASE WHEN f.gif_id ~ '^user-[0-9]{1,18}$' THEN substring(f.gif_id FROM 6)::bigint END
   WHERE f.user_id = $1
   ORDER BY f.created_at DESC, f.id DESC`;

export async function listFavorites(ctx: AppContext, user: UserRow): Promise<FavoriteGif[]> {
  const { rows } = await ctx.db.query<FavoriteRow>(LIST_SQL, [user.id]);
  return rows.map(toFavorite);
}

export async function isFavorite(ctx: AppContext, user: UserRow, gifId: string): Promise<boolean> {
  const { rowCount } = await ctx.db.query('SELECT 1 FROM gif_favorites WHERE user_id = $1 AND gif_id = $2', [
    user.id,
    gifId,
  ]);
  return rowCount === 1;
}
