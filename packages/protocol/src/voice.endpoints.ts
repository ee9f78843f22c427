import type { Endpoint } from './endpoint-types.js';
import { IdParams } from './common.js';
import {
  CallActionBody,
  CallMuteBody,
  DmCall,
  DmCallMuteState,
  JoinVoiceAnswer,
  JoinVoiceBody,
  MuteStateBody,
  StartCallAnswer,
  StartCallBody,
  TurnCredentials,
  VoiceMuteState,
  VoiceParticipants,
  VoiceSignalBody,
} from './voice.js';

/** Voice channels and DM calls. */
export const VOICE_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/voice/turn-credentials',
    auth: 'user',
    status: 200,
    summary:
      "Time-limited credentials for this server's TURN relay (coturn's shared-secret scheme: username `expiry:user id`). 503 'Voice is not available on this server right now' when the server has no relay and VOICE_ALLOW_DIRECT is off (the reason, for the administrator, is in the server log and the System tab).",
    answer: TurnCredentials,
  },
  {
    method: 'GET',
    path: '/voice/channels/:id/participants',
    auth: 'user',
    status: 200,
    summary:
      'Who is in a voice channel, by join time. 404 for a channel the caller may not view; 400 for a text channel.',
    params: IdParams,
    answer: VoiceParticipants,
  },
  {
    method: 'POST',
    path: '/voice/channels/:id/join',
    auth: 'user',
    status: 200,
    summary:
      "Takes a seat in a voice channel the caller may view: 403 'This voice channel is full' at max_participants. One channel per user: joining leaves any other (and any DM call); joining the same again starts a new session. Everyone who can view the group gets `voice_user_joined` (and `voice_user_left` for a channel left). 503 without a relay, as GET /voice/turn-credentials. A seat whose holder has no live connection for VOICE_SEAT_TIMEOUT_MS (30 s) is freed (`voice_user_left`).",
    limits: ['writePerUser'],
    params: IdParams,
    body: JoinVoiceBody,
    answer: JoinVoiceAnswer,
  },
  {
    method: 'POST',
    path: '/voice/channels/:id/leave',
    auth: 'user',
    status: 204,
    summary: 'Leaves the voice channel (`voice_user_left`); leaving a channel one is not in changes nothing.',
    limits: ['writePerUser'],
    params: IdParams,
  },
  {
    method: 'POST',
    path: '/voice/channels/:id/mute-state',
    auth: 'user',
    status: 200,
    summary:
      "The caller's mute and deafen in the channel (deafened is muted too). `voice_user_mute_state_update` every time, `voice_user_muted` when mute changed. 409 when not in the channel.",
    limits: ['writePerUser'],
    params: IdParams,
    body: MuteStateBody,
    answer: VoiceMuteState,
  },
  {
    method: 'POST',
    path: '/voice/signal',
    auth: 'user',
    status: 204,
    summary:
      "The fallback for the `webrtc_signal` frame when the live connection is down: the same rules (the caller's voice session, a target in the same channel).",
    body: VoiceSignalBody,
    limits: ['voiceSignalPerUser'],
  },
  {
    method: 'POST',
    path: '/voice/dm/call/start',
    auth: 'user',
    status: 201,
    summary:
      "Calls a friend: 403 'Cannot call system users.' for Guardian, 403 for anyone but a friend, 409 when they are already in a call. The caller leaves any voice channel and any call first. Both get `dm_call_incoming`; unanswered, it ends after DM_CALL_RING_TIMEOUT_MS. 503 without a relay, as GET /voice/turn-credentials.",
    limits: ['writePerUser'],
    body: StartCallBody,
    answer: StartCallAnswer,
  },
  {
    method: 'POST',
    path: '/voice/dm/call/action',
    auth: 'user',
    status: 200,
    summary:
      'answer or decline (the recipient, while it rings; answering leaves any voice channel), end (either, ringing or answered). 409 once it is past that; 404 for a call the caller is not in.',
    limits: ['writePerUser'],
    body: CallActionBody,
    answer: DmCall,
  },
  {
    method: 'POST',
    path: '/voice/dm/call/mute-state',
    auth: 'user',
    status: 200,
    summary: "The caller's mute and deafen in an active call; both get `dm_call_mute_state_update`.",
    limits: ['writePerUser'],
    body: CallMuteBody,
    answer: DmCallMuteState,
  },
];
