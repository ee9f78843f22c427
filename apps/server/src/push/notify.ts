import type { PushPayload } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { prepared } from '../db/pool.js';
import { ONLINE_SQL } from '../presence/presence-row.js';

/**
 * One query decides whether to push at all: the user has a registration on a signed-in device, has
 * message notifications on, and is connected nowhere (a connected user hears it live instead, as on
 * Discord, where the phone stays quiet while the desktop app is open).
 */
const SHOULD_PUSH = prepared(
  'push-should-push',
  `SELECT 1 FROM users u
    WHERE u.id = $1 AND u.message_notifications_enabled
      AND EXISTS (SELECT 1 FROM push_registrations p JOIN devices d ON d.id = p.device_id AND d.revoked_at IS NULL
                   WHERE p.user_id = u.id)
      AND NOT ${ONLINE_SQL('u.id', '$2')}`,
);

/** Text of a push is cut like a notification popup's (spec 1 §9: 100 characters). */
export const pushText = (text: string) => (text.length > 100 ? `${text.slice(0, 99)}…` : text);

/**
 * Pushes to a user who is not connected anywhere, in the background: the request that caused it
 * (a direct message, a friend request) neither waits for the push services nor fails with them.
 */
export function pushWhenAway(ctx: AppContext, userId: number, payload: PushPayload): void {
  ctx.push.background(async () => {
    const { rows } = await ctx.db.query(SHOULD_PUSH([userId, ctx.config.presenceNodeTimeoutMs / 1000]));
    if (rows.length) await ctx.push.sendToUser(userId, payload);
  });
}
