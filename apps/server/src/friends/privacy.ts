import type { PrivacySettings, PrivacySettingsUpdate } from '@hearth/protocol';
import { ACCOUNT_TEXT } from '@hearth/protocol';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';

const COLUMNS =
  'friend_request_privacy, profile_blur_enabled, friend_request_cooldown_enabled, data_collection_enabled, ' +
  'login_alerts_enabled, email';

export async function privacySettings(ctx: AppContext, user: UserRow): Promise<PrivacySettings> {
  const { rows } = await ctx.db.query<PrivacySettings>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [user.id]);
  return rows[0]!;
}

/**
 * Saves the settings given (each column named in code, never from the request's keys). Login alerts
 * go by mail, so they can only be turned on with an address: checked in the UPDATE itself, so an
 * address removed meanwhile cannot leave them on.
 */
export async function updatePrivacySettings(
  ctx: AppContext,
  user: UserRow,
  changes: z.output<typeof PrivacySettingsUpdate>,
): Promise<PrivacySettings> {
  const { rows } = await ctx.db.query<PrivacySettings>(
    `UPDATE users SET
        friend_request_privacy = COALESCE($2, friend_request_privacy),
        profile_blur_enabled = COALESCE($3, profile_blur_enabled),
        friend_request_cooldown_enabled = COALESCE($4, friend_request_cooldown_enabled),
        data_collection_enabled = COALESCE($5, data_collection_enabled),
        login_alerts_enabled = COALESCE($6, login_alerts_enabled)
      WHERE id = $1 AND ($6::boolean IS NOT TRUE OR email IS NOT NULL) RETURNING ${COLUMNS}`,
    [
      user.id,
      changes.friend_request_privacy ?? null,
      changes.profile_blur_enabled ?? null,
      changes.friend_request_cooldown_enabled ?? null,
      changes.data_collection_enabled ?? null,
      changes.login_alerts_enabled ?? null,
    ],
  );
  if (!rows[0]) throw badRequest(ACCOUNT_TEXT.loginAlertsNeedEmail);
  return rows[0];
}
