import type { RecalculateStorageAnswer, StorageUsage } from '@hearth/protocol';
import { formatBytes, STORAGE_LIMIT_BYTES, storageRecalculatedText } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction, type DbClient } from '../db/pool.js';
import type { UserRow } from '../users/user-row.js';

/**
 * Storage use is users.storage_used_bytes, which the triggers of every table of stored files keep
 * exact (attachments 0006, profile pictures 0011, emoji 0014, GIFs 0015, group icons 0024). The limit is the same for
 * everyone (STORAGE_LIMIT_BYTES).
 */
export function storageUsage(usedBytes: number): StorageUsage {
  const limit = STORAGE_LIMIT_BYTES;
  const available = Math.max(0, limit - usedBytes);
  return {
    used_bytes: usedBytes,
    limit_bytes: limit,
    available_bytes: available,
    percentage: Math.round((usedBytes / limit) * 1000) / 10,
    used_formatted: formatBytes(usedBytes),
    limit_formatted: formatBytes(limit),
    available_formatted: formatBytes(available),
  };
}

export async function storageInfo(ctx: AppContext, user: UserRow): Promise<StorageUsage> {
  const { rows } = await ctx.db.query<{ used: number }>('SELECT storage_used_bytes AS used FROM users WHERE id = $1', [
    user.id,
  ]);
  return storageUsage(rows[0]!.used);
}

/*
 * The bytes of the files each of the users $1 stores, counted from the rows themselves, stored as
 * their use. Every table of stored files is indexed by user_id, so this reads only those users' rows.
 */
const RECOUNT_SQL = `
  WITH files AS (
    SELECT user_id, file_size FROM attachments WHERE user_id = ANY($1::bigint[])
    UNION ALL SELECT user_id, file_size FROM profile_images WHERE user_id = ANY($1::bigint[])
    UNION ALL SELECT user_id, file_size FROM custom_emojis WHERE user_id = ANY($1::bigint[])
    UNION ALL SELECT user_id, file_size FROM user_gifs WHERE user_id = ANY($1::bigint[])
    UNION ALL SELECT user_id, file_size FROM group_icons WHERE user_id = ANY($1::bigint[])
  ), sums AS (
    SELECT user_id, sum(file_size)::bigint AS actual FROM files GROUP BY user_id
  )
  UPDATE users u SET storage_used_bytes = coalesce(s.actual, 0)
    FROM unnest($1::bigint[]) AS t(id) LEFT JOIN sums s ON s.user_id = t.id
   WHERE u.id = t.id
  RETURNING u.id, u.storage_used_bytes AS actual`;

/** A user's storage as it was recorded and as the recount found it. */
export interface Recount {
  id: number;
  username: string;
  recorded: number;
  actual: number;
}

/**
 * Recounts these users' storage from their files and stores the counts, in the caller's transaction
 * (users that do not exist are left out). Their rows are locked first, in id order: a file added
 * meanwhile either committed before (and is counted) or has its trigger wait for the lock and add
 * itself after, so each count is exact either way.
 */
export async function recountStorage(tx: DbClient, userIds: readonly number[]): Promise<Recount[]> {
  const { rows: locked } = await tx.query<{ id: number; username: string; recorded: number }>(
    `SELECT id, username, storage_used_bytes AS recorded FROM users
      WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [userIds],
  );
  if (locked.length === 0) return [];
  const { rows } = await tx.query<{ id: number; actual: number }>(RECOUNT_SQL, [locked.map((r) => r.id)]);
  const actual = new Map(rows.map((r) => [r.id, r.actual]));
  return locked.map((r) => ({ ...r, actual: actual.get(r.id) ?? 0 }));
}

/** Recounts the caller's storage from their files and stores the count. */
export async function recalculateOwnStorage(ctx: AppContext, user: UserRow): Promise<RecalculateStorageAnswer> {
  const [recount] = await inTransaction(ctx.db, (tx) => recountStorage(tx, [user.id]));
  const { recorded: old, actual } = recount!;
  const [oldText, actualText] = [formatBytes(old), formatBytes(actual)];
  return {
    old_usage_bytes: old,
    actual_usage_bytes: actual,
    difference: actual - old,
    old_usage_formatted: oldText,
    actual_usage_formatted: actualText,
    message: storageRecalculatedText(oldText, actualText),
  };
}
