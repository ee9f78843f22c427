import type { Endpoint } from './endpoint-types.js';
import { IdParams } from './common.js';
import { DevicesAnswer, RevokeOthersAnswer, RevokeOthersBody } from './devices.js';

/** The caller's signed-in devices: listing and revoking them. */
export const DEVICE_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/auth/devices',
    auth: 'user',
    status: 200,
    summary:
      "The caller's signed-in devices, most recently used first. A device revoked with DELETE /auth/devices/{id} stays listed with `is_active: false` for one access-token lifetime (15 minutes by default), then is left out; logged-out devices and those revoked with revoke-others are left out at once. Sign-in sends `X-Device-Fingerprint` (a random id the client keeps) to fill `device_fingerprint`. Listing counts as using the calling device (its `last_used_at` moves to now).",
    answer: DevicesAnswer,
  },
  {
    method: 'DELETE',
    path: '/auth/devices/:id',
    auth: 'user',
    status: 204,
    summary:
      "Revokes one of the caller's devices (204): its refresh tokens are deleted, its access tokens are refused from now on, and its live connections get `device_revoked` and are closed with 4003. Another user's device, or one that does not exist, is 404 \"Device not found\"; an already revoked one of the caller's is 204 and changes nothing.",
    limits: ['writePerUser'],
    params: IdParams,
  },
  {
    method: 'POST',
    path: '/auth/devices/revoke-others',
    auth: 'user',
    status: 200,
    summary:
      'Revokes every other device of the caller at once, as DELETE /auth/devices/{id} does each (they are not listed as pending). `refresh_token` must be the current refresh token of the calling device: missing is 400 "No refresh token found"; unknown, spent or expired is 400 "Invalid refresh token"; another device\'s is 400 "This refresh token belongs to another device".',
    limits: ['writePerUser'],
    body: RevokeOthersBody,
    answer: RevokeOthersAnswer,
  },
];
