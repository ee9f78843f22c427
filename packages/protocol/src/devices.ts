import { z } from 'zod';
import { IsoDate } from './common.js';
import { DEVICE_TEXT } from './device-rules.js';

/** One signed-in device of the caller (spec 3 §3 Device; is_current and is_pending_revocation are the client's). */
export const Device = z.object({
  id: z.number(),
  device_name: z.string().describe("Read from the browser's User-Agent at sign-in, e.g. 'Chrome on Linux'"),
  device_fingerprint: z
    .string()
    .nullable()
    .describe('The X-Device-Fingerprint the client sent when it signed in (or at a later refresh); null if none'),
  ip_address: z.string().nullable().describe('The address of its sign-in or latest refresh'),
  last_used_at: IsoDate.describe('Its sign-in or latest token refresh (or its latest GET /auth/devices)'),
  created_at: IsoDate,
  is_active: z
    .boolean()
    .describe(
      'false: revoked with DELETE /auth/devices/{id} within the last access-token lifetime (listed as pending); it can no longer do anything',
    ),
});
export type Device = z.infer<typeof Device>;

export const DevicesAnswer = z.object({ devices: z.array(Device) });
export type DevicesAnswer = z.infer<typeof DevicesAnswer>;

export const RevokeOthersBody = z.object({
  refresh_token: z
    .string({ error: DEVICE_TEXT.noRefreshToken })
    .min(1, DEVICE_TEXT.noRefreshToken)
    .max(512, DEVICE_TEXT.invalidRefreshToken),
});
export type RevokeOthersBody = z.infer<typeof RevokeOthersBody>;

export const RevokeOthersAnswer = z.object({
  revoked_count: z.number().describe('How many devices were signed out'),
});
export type RevokeOthersAnswer = z.infer<typeof RevokeOthersAnswer>;
