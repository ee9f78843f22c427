import { VOICE_TEXT, type SignalType } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { badRequest, conflict } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import { callSignalTarget } from './dm-calls.js';

interface Signal {
  target_user_id: number;
  signal_type: SignalType;
  signal_data: unknown;
}

/**
 * A WebRTC signal in a voice channel (the `webrtc_signal` frame, or POST /voice/signal): only from a
 * participant holding this voice session, only to another participant of the same channel, and only
 * that user's sessions receive it. `channelId` is checked when the sender names one.
 */
export async function relayVoiceSignal(
  ctx: AppContext,
  user: UserRow,
  signal: Signal & { session_id: string; channel_id?: number },
): Promise<void> {
  const { rows } = await ctx.db.query<{ channel_id: number; target_in: boolean }>(
    `SELECT s.channel_id,
            EXISTS (SELECT 1 FROM voice_participants t WHERE t.user_id = $3 AND t.channel_id = s.channel_id) AS target_in
       FROM voice_participants s WHERE s.user_id = $1 AND s.session_id = $2::uuid`,
    [user.id, signal.session_id, signal.target_user_id],
  );
  const seat = rows[0];
  if (!seat || (signal.channel_id !== undefined && signal.channel_id !== seat.channel_id))
    throw conflict(VOICE_TEXT.sessionMismatch);
  if (!seat.target_in || signal.target_user_id === user.id) throw badRequest(VOICE_TEXT.notParticipant);
  await ctx.events.publish(
    'webrtc_signal',
    {
      channel_id: seat.channel_id,
      session_id: signal.session_id,
      from_user_id: user.id,
      target_user_id: signal.target_user_id,
      signal_type: signal.signal_type,
      signal_data: signal.signal_data ?? null,
    },
    { kind: 'users', userIds: [signal.target_user_id] },
  );
}

/** A WebRTC signal in a DM call (the `dm_call_signal` frame): to the other participant only. */
export async function relayCallSignal(ctx: AppContext, user: UserRow, signal: Signal & { call_id: string }) {
  await callSignalTarget(ctx, user, signal.call_id, signal.target_user_id);
  await ctx.events.publish(
    'dm_call_signal',
    {
      call_id: signal.call_id,
      from_user_id: user.id,
      target_user_id: signal.target_user_id,
      signal_type: signal.signal_type,
      signal_data: signal.signal_data ?? null,
    },
    { kind: 'users', userIds: [signal.target_user_id] },
  );
}
