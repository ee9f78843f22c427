import { z } from 'zod';
import { TEXT } from './texts.js';
import { BodyId } from './common.js';
import { hasTextOrAttachments, Message, SendFields } from './messages.js';
import { Category, Channel, Group, PermissionSet } from './groups.js';
import { Reaction } from './reactions.js';
import { MentionNotification } from './mentions.js';
import { ChannelReadStatus } from './read-status.js';
import { SelfUser } from './users.js';
import { AdminAnnouncement } from './attachments.js';
import { NotificationPreferences } from './notifications.js';
import { FriendChangeEvent, FriendRemovedEvent, FriendRequestEvent } from './friends.js';
import { DmDeleteEvent, DmReadEvent, DmSendFields } from './direct-messages.js';
import { UserUpdateEvent } from './profiles.js';
import { OwnPresence, UserPresence } from './presence.js';
import { CustomEmoji } from './emoji.js';
import { AppVersionUpdate } from './versions.js';
import { AccountTerminatedEvent, SuspendedEvent } from './admin.js';
import { DEVICE_REVOKE_REASONS } from './device-rules.js';
import {
  ClientDmCallSignal,
  ClientVoiceSpeaking,
  ClientWebrtcSignal,
  DmCall,
  DmCallMuteState,
  DmCallSignalEvent,
  VoiceMuteState,
  VoiceUserJoined,
  VoiceUserLeft,
  VoiceUserMuted,
  VoiceUserSpeaking,
  WebrtcSignalEvent,
} from './voice.js';
import { ClientTypingStart, TypingStartEvent } from './typing.js';
import { MessagePinUpdate } from './pins.js';
import { MessageEmbedsUpdate } from './link-previews.js';

/* ---------- frames the client sends: {"type": ..., ...fields at the top level} ---------- */

export const ClientAuth = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(4096),
  user_id: z.union([z.number(), z.string()]).optional(),
});
export const ClientResume = z.object({
  type: z.literal('resume'),
  session_id: z.string().min(1).max(128),
  seq: z.number().int().min(0),
  token: z.string().min(1).max(4096).optional(),
});
export const ClientPing = z.object({ type: z.literal('ping'), timestamp: z.number().optional() });
export const ClientTokenRefresh = z.object({ type: z.literal('token_refresh'), token: z.string().min(1).max(4096) });
export const ClientMessage = z
  .object({
    type: z.literal('message'),
    channel_id: BodyId,
    ...SendFields,
    user_id: z.union([z.number(), z.string()]).optional(),
  })
  .refine(hasTextOrAttachments, { message: TEXT.messageEmpty, path: ['content'] });

/** A direct message over the live connection: the same fields as POST /dm/send. */
export const ClientDirectMessage = z
  .object({
    type: z.literal('direct_message'),
    ...DmSendFields,
    user_id: z.union([z.number(), z.string()]).optional(),
  })
  .refine(hasTextOrAttachments, { message: TEXT.messageEmpty, path: ['content'] });

export const ClientFrame = z.discriminatedUnion('type', [
  ClientAuth,
  ClientResume,
  ClientPing,
  ClientTokenRefresh,
  ClientMessage,
  ClientDirectMessage,
  ClientWebrtcSignal,
  ClientDmCallSignal,
  ClientVoiceSpeaking,
  ClientTypingStart,
]);
export type ClientFrame = z.infer<typeof ClientFrame>;
export type ClientFrameType = ClientFrame['type'];

/* ---------- frames the server sends: {"type": ..., "seq": number|null, "data": {...}} ---------- */

/**
 * Replies to one connection (pong, error, ...) carry seq null and are never replayed; `ready` carries the
 * seq the session starts from. Events carry a seq that only grows within a session (with gaps: it is the
 * instance-wide position); a resume replays every event after a seq.
 */
export const ServerControl = {
  ready: z.object({
    session_id: z.string(),
    user: SelfUser,
    heartbeat_interval: z.number(),
    resume_window_ms: z.number(),
  }),
  resumed: z.object({ session_id: z.string(), replayed: z.number() }),
  invalid_session: z.object({ detail: z.string() }),
  auth_error: z.object({ detail: z.string() }),
  pong: z.object({ timestamp: z.number().nullable(), server_time: z.number() }),
  token_refreshed: z.object({ expires_at: z.number() }),
  error: z.object({ detail: z.string(), nonce: z.string().optional(), type: z.string().optional() }),
} as const;

export const PermissionChange = z.object({
  group_id: z.number(),
  group_name: z.string(),
  user_id: z.number(),
  permission: z.enum(['can_view', 'can_post', 'can_upload']),
  permissions: PermissionSet,
});

export const ServerEvents = {
  message: Message,
  message_updated: Message,
  message_delete: z.object({ id: z.number(), channel_id: z.number(), group_id: z.number() }),
  message_admin_delete: Message,
  reaction_add: Reaction,
  reaction_remove: Reaction,
  direct_message: Message,
  direct_message_edit: Message,
  direct_message_delete: DmDeleteEvent,
  dm_reaction_add: Reaction,
  dm_reaction_remove: Reaction,
  dm_read_status_update: DmReadEvent,
  user_update: UserUpdateEvent,
  presence_update: z.union([OwnPresence, UserPresence, z.object({ presences: z.array(UserPresence) })]),
  mention_notification: MentionNotification,
  admin_announcement: AdminAnnouncement,
  notification_preferences_update: NotificationPreferences,
  friend_request_received: FriendRequestEvent,
  friend_request_accepted: FriendChangeEvent,
  friend_request_declined: FriendChangeEvent,
  friend_request_cancelled: FriendChangeEvent,
  friend_added: FriendChangeEvent,
  friend_removed: FriendRemovedEvent,
  channel_read_status_update: ChannelReadStatus,
  group_created: Group,
  group_updated: Group,
  group_deleted: z.object({ group_id: z.number() }),
  category_created: Category,
  category_updated: Category,
  category_deleted: z.object({ category_id: z.number(), group_id: z.number() }),
  channel_created: Channel,
  channel_updated: Channel,
  channel_deleted: z.object({ channel_id: z.number(), group_id: z.number() }),
  permission_granted: PermissionChange,
  permission_revoked: PermissionChange,
  device_revoked: z.object({
    device_id: z.number(),
    reason: z.enum(DEVICE_REVOKE_REASONS).describe('why the device was signed out'),
    by_this_device: z
      .boolean()
      .describe(
        'the request that signed it out came from this very device (its logout, or a new username or password, signing out everywhere or deleting the account from it)',
      ),
  }),
  app_version_update: AppVersionUpdate,
  suspended: SuspendedEvent,
  account_terminated: AccountTerminatedEvent,
  custom_emoji_update: CustomEmoji,
  custom_emoji_delete: z.object({ id: z.number() }),
  voice_user_joined: VoiceUserJoined,
  voice_user_left: VoiceUserLeft,
  voice_user_speaking: VoiceUserSpeaking,
  voice_user_muted: VoiceUserMuted,
  voice_user_mute_state_update: VoiceMuteState,
  webrtc_signal: WebrtcSignalEvent,
  dm_call_incoming: DmCall,
  dm_call_answered: DmCall,
  dm_call_declined: DmCall,
  dm_call_ended: DmCall,
  dm_call_signal: DmCallSignalEvent,
  dm_call_mute_state_update: DmCallMuteState,
  typing_start: TypingStartEvent,
  message_pin_update: MessagePinUpdate,
  message_embeds_update: MessageEmbedsUpdate,
} as const;

export type ServerEventType = keyof typeof ServerEvents;
export type ServerEventData<T extends ServerEventType> = z.infer<(typeof ServerEvents)[T]>;
export type ServerControlType = keyof typeof ServerControl;

export interface ServerFrame<T extends string = string, D = unknown> {
  type: T;
  seq: number | null;
  data: D;
}

/** WebSocket close codes the server uses (4000-4999 are application codes). */
export const CLOSE = {
  normal: 1000,
  goingAway: 1001,
  serviceRestart: 1012,
  idleTimeout: 4000,
  authFailed: 4001,
  authTimeout: 4002,
  slowConsumer: 4008,
  /** The node is draining for a restart (SIGTERM): resume at once on another node, without the back-off. */
  serverRestarting: 4012,
  invalidFrame: 1007,
  frameTooLarge: 1009,
  sessionRevoked: 4003,
  /** Over the cap of live connections per user or per address (as HTTP 429). */
  tooManyConnections: 4029,
} as const;
