import type { AppContext } from '../context.js';
import { inTransaction, type Queryable } from '../db/pool.js';

/** The class of the per-user seat lock (negative, so it never meets the friends' pair locks). */
const SEAT_LOCK_CLASS = -716_004;

/**
 * Makes a user's seat changes (joins, leaves) take turns until the transaction ends: each then sees
 * the seat the one before it took, and tells the others in the same order.
 */
export async function lockSeatsOf(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, ($2::bigint % 2147483648)::int)', [SEAT_LOCK_CLASS, userId]);
}

/** Where a user was in voice before a change, to tell that channel they left. */
export interface Seat {
  channel_id: number;
  group_id: number;
  session_id: string;
}

export const announceLeft = (ctx: AppContext, userId: number, seat: Seat) =>
  ctx.events.publish(
    'voice_user_left',
    { channel_id: seat.channel_id, group_id: seat.group_id, user_id: userId, session_id: seat.session_id },
    { kind: 'group', groupId: seat.group_id },
  );

/**
 * Takes the user out of whatever voice channel they are in and tells that channel; false when in
 * none. Under the user's seat lock, told before the commit, like a join (channel-voice.ts).
 */
export async function leaveAnyVoice(ctx: AppContext, userId: number, onlyChannelId?: number): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    await lockSeatsOf(tx, userId);
    const { rows } = await tx.query<Seat>(
      `DELETE FROM voice_participants vp
        WHERE vp.user_id = $1 AND ($2::bigint IS NULL OR vp.channel_id = $2)
        RETURNING vp.channel_id, (SELECT group_id FROM channels WHERE id = vp.channel_id) AS group_id,
                  vp.session_id::text AS session_id`,
      [userId, onlyChannelId ?? null],
    );
    if (!rows[0]) return false;
    await announceLeft(ctx, userId, rows[0]);
    return true;
  });
}
