import type { AppContext } from '../context.js';
import type { Queryable } from '../db/pool.js';
import { announceDeviceRevoked, revokeDevice } from '../auth/service.js';

/**
 * Signs every device of the user out, the caller's own included, with the auth feature's own helper
 * (revoked at once, refresh tokens deleted). Run inside the transaction that makes the change
 * (a new password, a new username); the answer is the devices to tell with announceRevoked once it
 * has committed.
 */
export async function revokeAllDevices(db: Queryable, userId: number, reason: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM devices WHERE user_id = $1 AND revoked_at IS NULL ORDER BY id FOR UPDATE',
    [userId],
  );
  for (const { id } of rows) await revokeDevice(db, id, reason);
  return rows.map((r) => r.id);
}

/** Each revoked device's live connections get device_revoked and are closed (4003). */
export async function announceRevoked(ctx: AppContext, deviceIds: readonly number[]): Promise<void> {
  for (const id of deviceIds) await announceDeviceRevoked(ctx, id);
}
