import type { AppContext } from '../context.js';
import type { DbClient } from '../db/pool.js';

/** The class of the per-user seat lock (negative, so it never meets the friends' pair locks). */
const SEAT_LOCK_CLASS = -716_004;

/** A change of seats: what it returns, and how to tell the others once it is committed. */
export interface SeatChange<T> {
  result: T;
  announce(): Promise<void>;
}

/**
 * Runs a change of a user's seat (a join, a leave) under that user's seat lock: a session-level
 * advisory lock taken before the transaction and let go only once its events are out. So a user's
 * changes take turns (two tabs, two nodes): each sees the seat the one before it committed, and the
 * others hear of them in the order they happened, never before the change is committed.
 */
export async function withSeatLock<T>(
  ctx: AppContext,
  userId: number,
  change: (tx: DbClient) => Promise<SeatChange<T>>,
): Promise<T> {
  const key = [SEAT_LOCK_CLASS, userId % 2_147_483_648];
  const client = await ctx.db.connect();
  // A connection that cannot let go of the lock is dropped rather than returned: that lets go of it.
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', key);
    try {
      await client.query('BEGIN');
      let done: SeatChange<T>;
      try {
        done = await change(client);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
      await done.announce();
      return done.result;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', key).catch((err: Error) => (broken = err));
    }
  } finally {
    client.release(broken);
  }
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
 * none. Under the user's seat lock, like a join (channel-voice.ts).
 */
export function leaveAnyVoice(ctx: AppContext, userId: number, onlyChannelId?: number): Promise<boolean> {
  return leaveVoiceIf(ctx, userId, '($2::bigint IS NULL OR vp.channel_id = $2)', [onlyChannelId ?? null]);
}

/**
 * As leaveAnyVoice, only when `condition` holds for the seat `vp` (its values are $2 on), checked
 * under the seat lock: a seat taken again meanwhile is judged as it is then, not as it was.
 */
export function leaveVoiceIf(ctx: AppContext, userId: number, condition: string, values: unknown[]): Promise<boolean> {
  return withSeatLock(ctx, userId, async (tx) => {
    const { rows } = await tx.query<Seat>(
      `DELETE FROM voice_participants vp
        WHERE vp.user_id = $1 AND ${condition}
        RETURNING vp.channel_id, (SELECT group_id FROM channels WHERE id = vp.channel_id) AS group_id,
                  vp.session_id::text AS session_id`,
      [userId, ...values],
    );
    const seat = rows[0];
    return { result: seat !== undefined, announce: async () => void (seat && (await announceLeft(ctx, userId, seat))) };
  });
}
