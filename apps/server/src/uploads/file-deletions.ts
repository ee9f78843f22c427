import type { AppContext } from '../context.js';
import { BACKUP_FILES_LOCK_ID } from '../backup/files-lock.js';
import { inTransaction } from '../db/pool.js';

/** Files removed per batch: the queue is worked through in batches until it is empty. */
const BATCH = 100;
const queues = new WeakMap<AppContext, Promise<void>>();

/**
 * Removes from storage the files whose rows are gone (queued by the attachments trigger in the
 * same transaction as the deletion), then forgets them. Runs after a deletion and from the
 * housekeeping timer, one run after another per server (a run on an empty queue is one query); a
 * file that cannot be removed stays queued for the next run. Resolves when this call's run is
 * done; never rejects: a failure is logged and retried later.
 */
export function removeDeletedFiles(ctx: AppContext): Promise<void> {
  const run = (queues.get(ctx) ?? Promise.resolve())
    .then(() => drain(ctx))
    .catch((err: unknown) => console.error('[uploads] removing deleted files failed:', err));
  queues.set(ctx, run);
  return run;
}

async function drain(ctx: AppContext): Promise<void> {
  for (;;) {
    const more = await inTransaction(ctx.db, async (tx) => {
      // A backup copying files holds this lock: the files of its snapshot stay until it is done, and
      // this queue waits for the next run (the housekeeping timer, or the next deletion).
      const { rows: lock } = await tx.query<{ free: boolean }>('SELECT pg_try_advisory_xact_lock_shared($1) AS free', [
        BACKUP_FILES_LOCK_ID,
      ]);
      if (!lock[0]!.free) return false;
      const { rows } = await tx.query<{ storage_key: string }>(
        'SELECT storage_key FROM file_deletions ORDER BY queued_at LIMIT $1',
        [BATCH],
      );
      const removed: string[] = [];
      for (const { storage_key } of rows) {
        try {
          await ctx.storage.delete(storage_key);
          removed.push(storage_key);
        } catch (err) {
          console.error(`[uploads] could not remove ${storage_key}:`, err);
        }
      }
      if (removed.length === 0) return false;
      await tx.query('DELETE FROM file_deletions WHERE storage_key = ANY($1)', [removed]);
      return rows.length === BATCH;
    });
    if (!more) return;
  }
}

/** Deletes uploads never sent with a message within the allowed time; their files follow. */
export async function expireUnsentUploads(ctx: AppContext): Promise<number> {
  const { rowCount } = await ctx.db.query(
    `DELETE FROM attachments WHERE message_id IS NULL AND created_at < now() - make_interval(secs => $1)`,
    [ctx.config.unsentUploadTtlSec],
  );
  return rowCount ?? 0;
}
