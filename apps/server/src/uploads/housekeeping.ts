import type { AppContext } from '../context.js';
import { expireUnsentUploads, removeDeletedFiles } from './file-deletions.js';

const EVERY_MS = 10 * 60_000;

/**
 * Every ten minutes: expire unsent uploads and remove queued files. Every node runs it; the
 * statements are idempotent, so nodes running it at once only repeat each other's work.
 * Returns the function that stops it.
 */
export function startUploadHousekeeping(ctx: AppContext): () => Promise<void> {
  let current: Promise<void> = Promise.resolve();
  const run = () => {
    current = expireUnsentUploads(ctx)
      .then(() => removeDeletedFiles(ctx))
      .catch((err: unknown) => console.error('[uploads] housekeeping failed:', err));
  };
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
