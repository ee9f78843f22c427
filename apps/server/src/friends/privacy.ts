import type { PrivacySettings } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { enforce } from '../ratelimit/limiter.js';
import type { UserRow } from '../users/user-row.js';

const COLUMNS =
  'friend_request_privacy, profile_blur_enabled, friend_request_cooldown_enabled, data_collection_enabled';

export async function privacySettings(ctx: AppContext, user: UserRow): Promise<PrivacySettings> {
  const { rows } = await ctx.db.query<PrivacySettings>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [user.id]);
  return rows[0]!;
}

/** Saves the settings given (each column named in code, never from the request's keys). */
export async function updatePrivacySettings(
  ctx: AppContext,
  user: UserRow,
  changes: Partial<PrivacySettings>,
): Promise<PrivacySettings> {
  await enforce(ctx.limiter, `write:${user.id}`, ctx.config.rateLimits.writePerUser);
  const { rows } = await ctx.db.query<PrivacySettings>(
    `UPDATE users SET
        friend_request_privacy = COALESCE($2, friend_request_privacy),
        profile_blur_enabled = COALESCE($3, profile_blur_enabled),
        friend_request_cooldown_enabled = COALESCE($4, friend_request_cooldown_enabled),
        data_collection_enabled = COALESCE($5, data_collection_enabled)
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [
      user.id,
      changes.friend_request_privacy ?? null,
      changes.profile_blur_enabled ?? null,
      changes.friend_request_cooldown_enabled ?? null,
      changes.data_collection_enabled ?? null,
    ],
  );
  return rows[0]!;
}
