import { z } from 'zod';
import { BodyId, IsoDate } from './common.js';

/** Spec 2 §8 and §5: the server's voice texts (the client's own, such as microphone errors, are not here). */
export const VOICE_TEXT = {
  notVoiceChannel: 'This channel is not a voice channel',
  channelNotFound: 'Channel not found',
  channelFull: 'This voice channel is full',
  notInChannel: 'You are not connected to this voice channel',
  notParticipant: 'That user is not in this voice channel',
  sessionMismatch: 'This voice session is no longer yours: join again',
  callSystemUser: 'Cannot call system users.',
  callYourself: 'You cannot call yourself',
  callFriendsOnly: 'You can only call friends',
  callUserNotFound: 'User not found',
  callBusy: 'This user is already in a call',
  callNotFound: 'Call not found',
  callNotRinging: 'This call is no longer ringing',
  callOver: 'This call has already ended',
  callOnlyRecipient: 'Only the person called can answer or decline',
  callSignalTarget: 'Signals go to the other person in the call',
  signalTooLarge: 'Signal data is too large',
  // What users see: the reason, with the settings to change, is for the server log and the admin's System tab.
  noRelay: 'Voice is not available on this server right now',
} as const;

/** How much a signal's data may weigh as JSON: an SDP offer with every codec is a few KB. */
export const SIGNAL_DATA_MAX_BYTES = 32 * 1024;
/** A client's random peer id (spec 2 §7 join body). */
export const PEER_ID_MAX = 128;

export const SignalType = z.enum(['offer', 'answer', 'ice-candidate']);
export type SignalType = z.infer<typeof SignalType>;

/** SDP or an ICE candidate as the browser gave it: any JSON, within SIGNAL_DATA_MAX_BYTES. */
export const SignalData = z.unknown().superRefine((value, ctx) => {
  const json = JSON.stringify(value ?? null);
  if (json.length > SIGNAL_DATA_MAX_BYTES) ctx.addIssue({ code: 'custom', message: VOICE_TEXT.signalTooLarge });
});

/** Spec 2 §3 voice participant; `is_speaking` is live state the server does not keep (always false here). */
export const VoiceParticipant = z.object({
  user_id: z.number(),
  username: z.string(),
  nickname: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  channel_id: z.number(),
  session_id: z.string().describe("the participant's voice session (a new one per join)"),
  peer_id: z.string(),
  connection_state: z.literal('connected'),
  joined_at: IsoDate,
  is_muted: z.boolean(),
  is_deafened: z.boolean(),
  is_speaking: z.boolean(),
});
export type VoiceParticipant = z.infer<typeof VoiceParticipant>;

export const VoiceParticipants = z.object({ channel_id: z.number(), participants: z.array(VoiceParticipant) });

export const TurnCredentials = z.object({
  urls: z.array(z.string()),
  username: z.string(),
  password: z.string(),
  ttl: z.number().describe('seconds the username and password stay valid'),
  ice_transport_policy: z
    .enum(['relay', 'all'])
    .describe("'relay' (the default: peers never learn each other's addresses); 'all' only with VOICE_ALLOW_DIRECT"),
});
export type TurnCredentials = z.infer<typeof TurnCredentials>;

/** What RTCPeerConnection takes (spec 2 §3 DM call `turn_credentials`). */
export const IceServers = z.object({
  iceServers: z.array(z.object({ urls: z.array(z.string()), username: z.string(), credential: z.string() })),
  iceTransportPolicy: z.enum(['relay', 'all']),
});

export const JoinVoiceBody = z.object({ peer_id: z.string().trim().min(1).max(PEER_ID_MAX) });
export const JoinVoiceAnswer = z.object({
  session_id: z.string(),
  channel_id: z.number(),
  participants: z.array(VoiceParticipant).describe('everyone in the channel, the caller included'),
});
export const MuteStateBody = z.object({ is_muted: z.boolean(), is_deafened: z.boolean() });

const SignalFields = {
  target_user_id: BodyId,
  signal_type: SignalType,
  signal_data: SignalData,
};

/** POST /voice/signal (the fallback when the live connection is down): the sender's voice session names the channel. */
export const VoiceSignalBody = z.object({ session_id: z.string().uuid(), ...SignalFields });

/* ---------- DM calls ---------- */

export const CallUser = z.object({
  user_id: z.number(),
  username: z.string(),
  nickname: z.string().nullable(),
  profile_image_url: z.string().nullable(),
});

export const DmCallStatus = z.enum(['ringing', 'answered', 'declined', 'ended', 'missed']);

export const DmCall = z.object({
  call_id: z.string(),
  caller: CallUser,
  recipient: CallUser,
  status: DmCallStatus,
  started_at: IsoDate,
  answered_at: IsoDate.nullable(),
  ended_at: IsoDate.nullable(),
  duration_seconds: z.number().nullable().describe('from answer to end; null until it ends, 0 if never answered'),
  caller_muted: z.boolean(),
  caller_deafened: z.boolean(),
  recipient_muted: z.boolean(),
  recipient_deafened: z.boolean(),
  end_reason: z
    .enum(['declined', 'ended', 'no_answer', 'disconnected'])
    .nullable()
    .describe('why it ended: declined, ended by either, not answered in time, or a participant went offline'),
});
export type DmCall = z.infer<typeof DmCall>;

export const StartCallBody = z.object({ recipient_id: BodyId });
export const StartCallAnswer = DmCall.extend({ turn_credentials: IceServers });
export const CallActionBody = z.object({
  call_id: z.string().uuid(),
  action: z.enum(['answer', 'decline', 'end']),
});
export const CallMuteBody = z.object({ call_id: z.string().uuid(), is_muted: z.boolean(), is_deafened: z.boolean() });

/* ---------- live frames ---------- */

export const ClientWebrtcSignal = z.object({
  type: z.literal('webrtc_signal'),
  channel_id: BodyId,
  session_id: z.string().uuid(),
  ...SignalFields,
});
export const ClientDmCallSignal = z.object({
  type: z.literal('dm_call_signal'),
  call_id: z.string().uuid(),
  ...SignalFields,
});
/** Ours (spec 2 lists voice_user_speaking but not how it starts): the client's speaking detection. */
export const ClientVoiceSpeaking = z.object({
  type: z.literal('voice_speaking'),
  channel_id: BodyId,
  is_speaking: z.boolean(),
});

export const VoiceUserLeft = z.object({
  channel_id: z.number(),
  group_id: z.number(),
  user_id: z.number(),
  session_id: z.string(),
});
export const VoiceUserJoined = z.object({
  channel_id: z.number(),
  group_id: z.number(),
  participant: VoiceParticipant,
});
export const VoiceUserSpeaking = z.object({ channel_id: z.number(), user_id: z.number(), is_speaking: z.boolean() });
export const VoiceUserMuted = z.object({ channel_id: z.number(), user_id: z.number(), is_muted: z.boolean() });
export const VoiceMuteState = z.object({
  channel_id: z.number(),
  user_id: z.number(),
  is_muted: z.boolean(),
  is_deafened: z.boolean(),
});
export const WebrtcSignalEvent = z.object({
  channel_id: z.number(),
  session_id: z.string().describe("the sender's voice session"),
  from_user_id: z.number(),
  target_user_id: z.number(),
  signal_type: SignalType,
  signal_data: z.unknown(),
});
export const DmCallSignalEvent = z.object({
  call_id: z.string(),
  from_user_id: z.number(),
  target_user_id: z.number(),
  signal_type: SignalType,
  signal_data: z.unknown(),
});
export const DmCallMuteState = z.object({
  call_id: z.string(),
  user_id: z.number(),
  is_muted: z.boolean(),
  is_deafened: z.boolean(),
});
