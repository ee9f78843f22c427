import type { DeviceRevokeReason } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/pool.js';
import { announceDeviceRevoked, revokeDevice } from '../auth/service.js';

/** Devices just signed out together, and why: what announceRevoked tells them once committed. */
export interface Revocation {
  deviceIds: number[];
  reason: DeviceRevokeReason;
}

/**
 * Signs every device of the user out, the caller's own included, with the auth feature's own helper
 * (revoked at once, refresh tokens deleted). Run inside the transaction that makes the change
 * (a new password, a new username); the answer is for announceRevoked once it has committed.
 */
export async function revokeAllDevices(db: Queryable, userId: number, reason: DeviceRevokeReason): Promise<Revocation> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM devices WHERE user_id = $1 AND revoked_at IS NULL ORDER BY id FOR UPDATE',
    [userId],
  );
  for (const { id } of rows) await revokeDevice(db, id, reason);
  return { deviceIds: rows.map((r) => r.id), reason };
}

/**
 * Each revoked device's live connections get device_revoked and are closed (4003). `byDeviceId` is
 * the device whose request did it (its event says `by_this_device`, so its own screen, not the live
 * connection's handler, tells the user); null when no signed-in device asked (a password reset).
 */
export async function announceRevoked(
  ctx: AppContext,
  revocation: Revocation,
  byDeviceId: number | null = null,
): Promise<void> {
  for (const id of revocation.deviceIds) await announceDeviceRevoked(ctx, id, revocation.reason, byDeviceId);
}
