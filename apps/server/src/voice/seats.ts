import type { AppContext } from '../context.js';

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

/** Takes the user out of whatever voice channel they are in and tells that channel; false when in none. */
export async function leaveAnyVoice(ctx: AppContext, userId: number, onlyChannelId?: number): Promise<boolean> {
  const { rows } = await ctx.db.query<Seat>(
    `DELETE FROM voice_participants vp USING channels c
      WHERE vp.user_id = $1 AND c.id = vp.channel_id AND ($2::bigint IS NULL OR vp.channel_id = $2)
      RETURNING vp.channel_id, c.group_id, vp.session_id::text AS session_id`,
    [userId, onlyChannelId ?? null],
  );
  if (!rows[0]) return false;
  await announceLeft(ctx, userId, rows[0]);
  return true;
}
