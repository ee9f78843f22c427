import {
  ADMIN_TEXT,
  formatBytes,
  type RecalculateAllStorageAnswer,
  type RecalculateUserStorageAnswer,
} from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { notFound } from '../http/errors.js';
import { recountStorage } from '../account/storage.js';
import type { UserRow } from '../users/user-row.js';
import { recordAudit } from './audit.js';
import { requireAdminWrite } from './panel-access.js';

/** Users recounted per transaction by Recalc All: their rows stay locked (uploads wait) only that long. */
export const RECOUNT_BATCH = 500;

/**
 * POST /admin/recalculate-storage/{id}: recounts one user's storage from their files (the account
 * feature's recount, under the user's row lock) and says by how much the recorded figure was off:
 * `difference` is actual minus recorded, so a figure that was too high gives a negative one.
 * SYSTEM accounts are not listed in the Storage tab and are 404 here too.
 */
export async function recalculateUserStorage(
  ctx: AppContext,
  admin: UserRow,
  userId: number,
): Promise<RecalculateUserStorageAnswer> {
  await requireAdminWrite(ctx, admin);
  const recount = await inTransaction(ctx.db, async (tx) => {
    const { rows } = await tx.query<{ id: number }>(`SELECT id FROM users WHERE id = $1 AND role <> 'SYSTEM'`, [
      userId,
    ]);
    const [done] = rows[0] ? await recountStorage(tx, [userId]) : [];
    if (!done) throw notFound(ADMIN_TEXT.userNotFound);
    const difference = done.actual - done.recorded;
    await recordAudit(tx, {
      admin,
      action: 'recalculate_storage',
      target: done,
      details: { recorded: done.recorded, actual: done.actual, difference },
    });
    return { ...done, difference };
  });
  const size = formatBytes(recount.actual);
  return {
    user_id: recount.id,
    username: recount.username,
    actual_usage: recount.actual,
    actual_usage_formatted: size,
    difference: recount.difference,
    message: ADMIN_TEXT.recalculated(recount.username, size, recount.difference),
  };
}

/**
 * POST /admin/recalculate-all-storage: every account but the SYSTEM ones, RECOUNT_BATCH users per
 * transaction in id order, so a large instance never has all its users' rows locked at once. The
 * batch that finds the end records the audit entry, so the entry exists once every user is recounted.
 */
export async function recalculateAllStorage(
  ctx: AppContext,
  admin: UserRow,
  batchSize = RECOUNT_BATCH,
): Promise<RecalculateAllStorageAnswer> {
  await requireAdminWrite(ctx, admin);
  let after = 0;
  let users = 0;
  let corrected = 0;
  for (;;) {
    const batch = await inTransaction(ctx.db, async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `SELECT id FROM users WHERE id > $1 AND role <> 'SYSTEM' ORDER BY id LIMIT $2`,
        [after, batchSize],
      );
      const ids = rows.map((r) => r.id);
      const recounts = await recountStorage(tx, ids);
      const done = {
        users: users + recounts.length,
        corrected: corrected + recounts.filter((r) => r.actual !== r.recorded).length,
      };
      if (rows.length < batchSize) await recordAudit(tx, { admin, action: 'recalculate_all_storage', details: done });
      return { ...done, last: rows.at(-1)?.id, full: rows.length === batchSize };
    });
    ({ users, corrected } = batch);
    if (!batch.full) break;
    after = batch.last!;
  }
  return { message: ADMIN_TEXT.recalculatedAll(users), users };
}
