import type { Device, DeviceRevokeReason } from '@hearth/protocol';
import { DEVICE_TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { badRequest, notFound } from '../http/errors.js';
import type { AuthedUser } from './authenticate.js';
import { REUSE_GRACE_SEC } from './refresh.js';
import { announceDeviceRevoked, revokeDevice } from './service.js';
import { hashRefreshToken } from './tokens.js';

/*
 * The devices list (spec 3 §2 Devices, §4): every register or login is a device; the user sees their
 * signed-in ones and can sign any of them out. Revocation is immediate everywhere: the device's
 * refresh tokens are deleted, authenticate() refuses its access tokens from the next request on (it
 * checks devices.revoked_at, on every node, since the row is in the shared database), and
 * device_revoked goes through the event log to every node, whose gateway tells and closes that
 * device's live connections.
 */

/** revoke_reason of a device revoked from the list: listed as pending for one access-token lifetime. */
const REVOKED_FROM_LIST: DeviceRevokeReason = 'revoked';
/** revoke_reason of the devices Revoke All Other Devices signs out: gone from the list at once. */
const REVOKED_AS_OTHERS: DeviceRevokeReason = 'revoke_others';

interface DeviceRow {
  id: number;
  device_name: string;
  device_fingerprint: string | null;
  ip_address: string | null;
  last_used_at: Date;
  created_at: Date;
  is_active: boolean;
}

/**
 * The caller's devices, most recently used first: those still signed in (an unexpired refresh token),
 * and those revoked from the list less than an access-token lifetime ago (is_active false: the spec's
 * pending revocation, which the client polls until it ends). Listing counts as using this device.
 */
export async function listDevices(ctx: AppContext, user: AuthedUser): Promise<Device[]> {
  await ctx.db.query('UPDATE devices SET last_used_at = now() WHERE id = $1', [user.deviceId]);
  const { rows } = await ctx.db.query<DeviceRow>(
    `SELECT d.id, d.device_name, d.device_fingerprint, d.ip_address, d.last_used_at, d.created_at,
            d.revoked_at IS NULL AS is_active
       FROM devices d
      WHERE d.user_id = $1
        AND (   (d.revoked_at IS NULL
                 AND EXISTS (SELECT 1 FROM refresh_tokens rt WHERE rt.device_id = d.id AND rt.expires_at > now()))
             OR (d.revoke_reason = $2 AND d.revoked_at > now() - make_interval(secs => $3)))
      ORDER BY d.last_used_at DESC, d.id DESC`,
    [user.id, REVOKED_FROM_LIST, ctx.config.accessTokenTtlSec],
  );
  return rows.map((r) => ({
    id: r.id,
    device_name: r.device_name,
    device_fingerprint: r.device_fingerprint,
    ip_address: r.ip_address,
    last_used_at: r.last_used_at.toISOString(),
    created_at: r.created_at.toISOString(),
    is_active: r.is_active,
  }));
}

/**
 * Revokes one of the caller's devices. Another user's (or no) device is 404, so ids are not
 * confirmed; one of the caller's that is already signed out is left as it is.
 */
export async function revokeOwnDevice(ctx: AppContext, user: AuthedUser, deviceId: number): Promise<void> {
  const revoked = await inTransaction(ctx.db, async (tx) => {
    // The row lock orders this with a refresh of that device (refresh.ts takes it first too).
    const { rows } = await tx.query<{ revoked_at: Date | null }>(
      'SELECT revoked_at FROM devices WHERE id = $1 AND user_id = $2 FOR UPDATE',
      [deviceId, user.id],
    );
    if (!rows[0]) throw notFound(DEVICE_TEXT.deviceNotFound);
    if (rows[0].revoked_at) return false;
    await revokeDevice(tx, deviceId, REVOKED_FROM_LIST);
    return true;
  });
  if (revoked) await announceDeviceRevoked(ctx, deviceId, REVOKED_FROM_LIST, user.deviceId);
}

/**
 * Revoke All Other Devices: every device of the caller but the calling one, at once. The refresh token
 * must be the calling device's current one (or the one it just rotated, within the reuse grace), so a
 * stolen access token alone cannot sign the owner out everywhere. Devices already pending revocation
 * leave the list too.
 */
export async function revokeOtherDevices(ctx: AppContext, user: AuthedUser, refreshToken: string): Promise<number> {
  const revoked = await inTransaction(ctx.db, async (tx) => {
    const { rows } = await tx.query<{ device_id: number; expired: boolean; spent: boolean }>(
      `SELECT device_id, expires_at <= now() AS expired,
              (used_at IS NOT NULL AND used_at <= now() - make_interval(secs => $2)) AS spent
         FROM refresh_tokens WHERE token_hash = $1`,
      [hashRefreshToken(refreshToken), REUSE_GRACE_SEC],
    );
    const token = rows[0];
    if (!token || token.expired || token.spent) throw badRequest(DEVICE_TEXT.invalidRefreshToken);
    if (token.device_id !== user.deviceId) throw badRequest(DEVICE_TEXT.otherDevicesToken);
    const others = await tx.query<{ id: number }>(
      `SELECT id FROM devices WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL ORDER BY id FOR UPDATE`,
      [user.id, user.deviceId],
    );
    const ids = others.rows.map((r) => r.id);
    await tx.query(
      `UPDATE devices SET revoked_at = now(), revoke_reason = $3 WHERE id = ANY($1::bigint[]) AND user_id = $2`,
      [ids, user.id, REVOKED_AS_OTHERS],
    );
    await tx.query('DELETE FROM refresh_tokens WHERE device_id = ANY($1::bigint[])', [ids]);
    // Those pending from a single Revoke are no longer listed either.
    await tx.query(`UPDATE devices SET revoke_reason = $3 WHERE user_id = $1 AND id <> $2 AND revoke_reason = $4`, [
      user.id,
      user.deviceId,
      REVOKED_AS_OTHERS,
      REVOKED_FROM_LIST,
    ]);
    return ids;
  });
  await Promise.all(revoked.map((id) => announceDeviceRevoked(ctx, id, REVOKED_AS_OTHERS, user.deviceId)));
  return revoked.length;
}
