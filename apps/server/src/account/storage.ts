import type { RecalculateStorageAnswer, StorageUsage } from '@hearth/protocol';
import { formatBytes, STORAGE_LIMIT_BYTES, storageRecalculatedText } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { enforce } from '../ratelimit/limiter.js';
import type { UserRow } from '../users/user-row.js';

/**
 * Storage use is users.storage_used_bytes, which the triggers of every table of stored files keep
 * exact (attachments 0006, profile pictures 0011, emoji 0014, GIFs 0015). The limit is the same for
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

/** The bytes of every file the user stores, counted from the rows themselves. */
const ACTUAL_SQL = `
  SELECT (SELECT coalesce(sum(file_size), 0) FROM attachments WHERE user_id = $1)
       + (SELECT coalesce(sum(file_size), 0) FROM profile_images WHERE user_id = $1)
       + (SELECT coalesce(sum(file_size), 0) FROM custom_emojis WHERE user_id = $1)
       + (SELECT coalesce(sum(file_size), 0) FROM user_gifs WHERE user_id = $1) AS actual`;

/**
 * Recounts the caller's storage from their files and stores the count. The user's row is locked
 * first: a file added meanwhile either committed before (and is counted) or has its trigger wait for
 * the lock and add itself after, so the count is exact either way.
 */
export async function recalculateOwnStorage(ctx: AppContext, user: UserRow): Promise<RecalculateStorageAnswer> {
  await enforce(ctx.limiter, `write:${user.id}`, ctx.config.rateLimits.writePerUser);
  const { old, actual } = await inTransaction(ctx.db, async (tx) => {
    const { rows } = await tx.query<{ used: number }>(
      'SELECT storage_used_bytes AS used FROM users WHERE id = $1 FOR UPDATE',
      [user.id],
    );
    const counted = await tx.query<{ actual: string }>(ACTUAL_SQL, [user.id]);
    const sum = Number(counted.rows[0]!.actual);
    await tx.query('UPDATE users SET storage_used_bytes = $2 WHERE id = $1', [user.id, sum]);
    return { old: rows[0]!.used, actual: sum };
  });
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
