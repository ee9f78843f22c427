import { randomUUID } from 'node:crypto';
import { VOICE_TEXT, type VoiceParticipant } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/pool.js';
import { requireVisibleChannel } from '../groups/access.js';
import type { ChannelRow } from '../groups/rows.js';
import { badRequest, conflict, forbidden } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import { endCallsOf } from './dm-calls.js';
import { announceLeft, leaveAnyVoice, withSeatLock, type Seat } from './seats.js';
import { PARTICIPANT_SELECT, toParticipant, type ParticipantRow } from './participant-row.js';

/** A voice channel the user may view (spec 2 §6: voice follows the group's can_view); others are missing. */
async function requireVoiceChannel(ctx: AppContext, user: UserRow, channelId: number): Promise<ChannelRow> {
  const { channel } = await requireVisibleChannel(ctx.db, user, channelId);
  if (channel.channel_type !== 'voice') throw badRequest(VOICE_TEXT.notVoiceChannel);
  return channel;
}

async function participantsOf(db: Queryable, channelId: number): Promise<VoiceParticipant[]> {
  const { rows } = await db.query<ParticipantRow>(
    `${PARTICIPANT_SELECT} WHERE vp.channel_id = $1 ORDER BY vp.joined_at, vp.user_id`,
    [channelId],
  );
  return rows.map(toParticipant);
}

/** GET /voice/channels/{id}/participants. */
export async function listParticipants(ctx: AppContext, user: UserRow, channelId: number) {
  await requireVoiceChannel(ctx, user, channelId);
  return { channel_id: channelId, participants: await participantsOf(ctx.db, channelId) };
}

/**
 * POST /voice/channels/{id}/join (spec 2 §4): one voice channel per user, so joining moves the user
 * out of any other (and ends any DM call first). The channel's row is locked while the seats are
 * counted and taken, so concurrent joins cannot pass max_participants; the user's joins take turns
 * (an advisory lock), so each sees the seat it replaces. Joining the same channel again (a reload)
 * replaces the old session, which the others drop like a leave.
 */
export async function joinVoice(ctx: AppContext, user: UserRow, channelId: number, peerId: string) {
  const channel = await requireVoiceChannel(ctx, user, channelId);
  await endCallsOf(ctx, user.id, 'ended');
  const sessionId = randomUUID();
  const participants = await withSeatLock(ctx, user.id, async (tx) => {
    await tx.query('SELECT 1 FROM channels WHERE id = $1 FOR NO KEY UPDATE', [channelId]);
    const before = await tx.query<Seat>(
      `SELECT vp.channel_id, c.group_id, vp.session_id::text AS session_id
         FROM voice_participants vp JOIN channels c ON c.id = vp.channel_id
        WHERE vp.user_id = $1 FOR UPDATE OF vp`,
      [user.id],
    );
    const taken = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM voice_participants WHERE channel_id = $1 AND user_id <> $2',
      [channelId, user.id],
    );
    if (taken.rows[0]!.n >= channel.max_participants) throw forbidden(VOICE_TEXT.channelFull);
    await tx.query(
      `INSERT INTO voice_participants (user_id, channel_id, session_id, peer_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE
         SET channel_id = EXCLUDED.channel_id, session_id = EXCLUDED.session_id, peer_id = EXCLUDED.peer_id,
             is_muted = false, is_deafened = false, joined_at = now(), attended_at = now()`,
      [user.id, channelId, sessionId, peerId],
    );
    const participants = await participantsOf(tx, channelId);
    const previous = before.rows[0];
    const me = participants.find((p) => p.user_id === user.id)!;
    return {
      result: participants,
      // After the commit, still under the user's seat lock: two joins at once (two tabs, two nodes)
      // reach everyone in the order they took the seat, so no list keeps a seat a later one took back.
      announce: async () => {
        if (previous) await announceLeft(ctx, user.id, previous);
        await ctx.events.publish(
          'voice_user_joined',
          { channel_id: channelId, group_id: channel.group_id, participant: me },
          { kind: 'group', groupId: channel.group_id },
        );
      },
    };
  });
  return { session_id: sessionId, channel_id: channelId, participants };
}

/** POST /voice/channels/{id}/leave: leaving a channel one is not in changes nothing (a retry, or after a cleanup). */
export async function leaveVoice(ctx: AppContext, user: UserRow, channelId: number): Promise<void> {
  await requireVoiceChannel(ctx, user, channelId);
  await leaveAnyVoice(ctx, user.id, channelId);
}

/**
 * POST /voice/channels/{id}/mute-state. Deafening mutes too (spec 2 §4), whatever the body says.
 * `voice_user_muted` only when mute changed; `voice_user_mute_state_update` every time.
 */
export async function setVoiceMuteState(
  ctx: AppContext,
  user: UserRow,
  channelId: number,
  body: { is_muted: boolean; is_deafened: boolean },
) {
  const channel = await requireVoiceChannel(ctx, user, channelId);
  const muted = body.is_muted || body.is_deafened;
  const { rows } = await ctx.db.query<{ was_muted: boolean }>(
    `UPDATE voice_participants vp SET is_muted = $3, is_deafened = $4
       FROM (SELECT is_muted AS was_muted FROM voice_participants WHERE user_id = $1 AND channel_id = $2 FOR UPDATE) old
      WHERE vp.user_id = $1 AND vp.channel_id = $2
      RETURNING old.was_muted`,
    [user.id, channelId, muted, body.is_deafened],
  );
  if (!rows[0]) throw conflict(VOICE_TEXT.notInChannel);
  const audience = { kind: 'group' as const, groupId: channel.group_id };
  const state = { channel_id: channelId, user_id: user.id, is_muted: muted, is_deafened: body.is_deafened };
  if (rows[0].was_muted !== muted)
    await ctx.events.publish(
      'voice_user_muted',
      { channel_id: channelId, user_id: user.id, is_muted: muted },
      audience,
    );
  await ctx.events.publish('voice_user_mute_state_update', state, audience);
  return state;
}

/** `voice_speaking` from a participant: told to everyone who can view the channel, not stored. */
export async function announceSpeaking(
  ctx: AppContext,
  user: UserRow,
  channelId: number,
  isSpeaking: boolean,
): Promise<void> {
  const { rows } = await ctx.db.query<{ group_id: number }>(
    `SELECT c.group_id FROM voice_participants vp JOIN channels c ON c.id = vp.channel_id
      WHERE vp.user_id = $1 AND vp.channel_id = $2`,
    [user.id, channelId],
  );
  if (!rows[0]) throw conflict(VOICE_TEXT.notInChannel);
  await ctx.events.publish(
    'voice_user_speaking',
    { channel_id: channelId, user_id: user.id, is_speaking: isSpeaking },
    { kind: 'group', groupId: rows[0].group_id },
  );
}
