import type { ClientFrameType, CLOSE, ServerControlType, ServerEventType } from './gateway.js';
import type { RateLimitName } from './endpoint-types.js';

/* The live gateway (WebSocket at /ws) as docs/api.md describes it: what each frame is for, what it counts against and who receives it, and when the server closes a connection. */

/** What each client frame is for. */
export const CLIENT_FRAME_DOCS: Record<ClientFrameType, string> = {
  auth: 'The first frame of a new connection, within 10 s of opening it. Answered by `ready`, or `auth_error` and close 4001. `user_id` is ignored.',
  resume:
    'Instead of `auth`, on a new connection after a drop: `seq` is the last seq received (from an event, or from `ready`). Answered by the missed events then `resumed`, or by `invalid_session`. Without `token`, the device must still be signed in and the last token the session presented must not have expired.',
  ping: 'Heartbeat: send one every `heartbeat_interval` ms (30 s). Answered by `pong`, echoing `timestamp`.',
  token_refresh:
    'Hands the connection a new access token of the same user (after a REST refresh); the connection then lives until that token expires. Answered by `token_refreshed`, or `auth_error` and close 4001.',
  direct_message:
    'Sends a direct message, with the rules and limits of POST /dm/send; success arrives as the `direct_message` event (with the `nonce`), failure as `error` with the `nonce`, a repeated nonce as the stored message with `seq: null`.',
  message:
    'Posts a message, with the rules and limits of POST /message. There is no direct reply: success arrives as the `message` event (carrying the `nonce`), failure as `error` with the `nonce`. A send repeating a nonce already stored is answered to that connection alone with the stored message as a `message` frame with `seq: null` (not replayed). `user_id` is ignored.',
  webrtc_signal:
    "WebRTC signalling in a voice channel: an offer, answer or ICE candidate for `target_user_id`. The sender must be in `channel_id` with this voice `session_id`, and so must the target; the target's sessions receive the `webrtc_signal` event. Refused with `error` otherwise. Nothing answers success.",
  dm_call_signal:
    'WebRTC signalling in a DM call: only between its two participants, while it rings or is answered; the other receives the `dm_call_signal` event.',
  voice_speaking:
    "Ours: the client's speaking detection started or stopped; everyone who can view the channel's group receives `voice_user_speaking`. Only from a participant of `channel_id`.",
  typing_start:
    "The user is typing in a text channel (`channel_id`) or in the direct message with `dm_user_id` (exactly one of the two). Clients send it at most once every 8 s while the text changes, and never for a slash command. Needs what sending a message there needs: `can_post` in the channel's group (a channel the user cannot view is 'Channel not found'), or, in a direct message, a friend with no block either way; a refusal is answered `error` with its `type`. Nothing answers success. Over 1 per 2 s in one conversation, frames are dropped without an answer.",
};

/**
 * The rate limits each client frame counts against, per user (per address before the connection has
 * a session), shared with the REST route doing the same (a signal counts the same live or over
 * POST /voice/signal). A frame over a limit is answered `error` with the 429 text and its `type` (and
 * `nonce`), and not acted on; sustained flooding meets the per-connection cap (300 frames in 10 s),
 * which closes the connection with 4008, as Discord's gateway does. Without a limit of their own:
 * `ping` (answered from memory), and `auth` and `resume` (one per connection, and connections are
 * capped per user and per address). `typingPerConversation` is counted by the typing service once the
 * conversation is known, and a frame over it is dropped without an answer (an indicator needs no retry).
 */
export const FRAME_LIMITS: Record<ClientFrameType, readonly RateLimitName[]> = {
  auth: [],
  resume: [],
  ping: [],
  token_refresh: ['refreshPerIp'],
  message: ['messagePerUser'],
  direct_message: ['messagePerUser'],
  webrtc_signal: ['voiceSignalPerUser'],
  dm_call_signal: ['voiceSignalPerUser'],
  voice_speaking: ['voiceSpeakingPerUser'],
  typing_start: ['typingPerUser', 'typingPerConversation'],
};

/** Who receives each server frame, and when. Events are delivered in seq order to the sessions listed. */
export const FRAME_AUDIENCE: Record<ServerControlType | ServerEventType, string> = {
  ready:
    'The connection that sent a valid `auth`. Its `seq` is the position the session starts from (the seq to resume from if no event arrives).',
  resumed: 'The connection that sent `resume`, after every missed event was replayed; `replayed` counts them.',
  invalid_session:
    'The connection that sent `resume`, when the session expired, its device was signed out, or the missed events are no longer kept. The connection stays open: send `auth`.',
  auth_error: 'The connection whose `auth` or `token_refresh` token was refused; the server then closes it with 4001.',
  pong: 'The connection that sent `ping`.',
  token_refreshed:
    'The connection that sent `token_refresh`; `expires_at` is when the new token expires (ms since epoch).',
  error:
    'The connection whose frame could not be handled: not JSON, unknown type, invalid fields, not authenticated yet, or a refused `message` (with its `nonce`). `type` names the frame refused.',
  message:
    "Sessions that can view the channel's group, the sender's own included: its `nonce` matches the message to the send.",
  message_updated: "Sessions that can view the message's group, after its author edited it.",
  message_delete: "Sessions that can view the message's group, after its author deleted it.",
  message_admin_delete:
    "Sessions that can view the message's group, after an admin replaced the content of someone else's message.",
  reaction_add: "Sessions that can view the message's group, the reacting user's own included.",
  reaction_remove: "Sessions that can view the message's group, after a user took their reaction back.",
  direct_message:
    "Both participants' sessions, the sender's own included (its `nonce` matches the message to the send). `channel_id` is the conversation id (negative) and `group_id` is null.",
  direct_message_edit: "Both participants' sessions, after the author edited a direct message.",
  direct_message_delete: "Both participants' sessions, after the author deleted a direct message.",
  dm_reaction_add: "Both participants' sessions, after either reacted to a direct message.",
  dm_reaction_remove: "Both participants' sessions, after either took a reaction back.",
  dm_read_status_update:
    'Every session of the user who marked a conversation read (so their other tabs follow); the other participant is never told.',
  user_update:
    "After a user changed their nickname, pronouns or picture: every session. Behind the user's profile blur, only the user's and their friends' sessions get the picture; everyone else gets the event with `profile_image_url` null.",
  presence_update:
    "A user's presence changed (connected, gone offline after the grace period, a new status). At once: the user's own sessions get their whole presence (with `is_invisible` and `presence_manually_set`), their friends' sessions what others see (an invisible user as offline). Every session that can view a group the users can view gets the changes of the last second, as others see them, gathered per set of groups into one event `{ presences: [...] }` (a later change of a user replaces an earlier one; the users themselves included).",
  mention_notification:
    "After a message is sent, or an edit adds a mention: `mention` to each user it names (not its author) whose sessions can view the channel's group; `everyone` (an admin's @everyone) to every session that can view the group, the author's included. An edit tells only the users it newly mentions.",
  friend_request_received: 'The sessions of the user a friend request was sent to; `user` is who sent it.',
  friend_request_accepted: 'The sessions of the user whose request was accepted; `user` is who accepted it.',
  friend_request_declined: 'The sessions of the user whose request was declined; `user` is who declined it.',
  friend_request_cancelled:
    'The sessions of the user a request was meant for, when its sender cancelled it or blocked them; `user` is the sender.',
  friend_added: 'The sessions of both new friends; `user` is the other one.',
  friend_removed:
    'The sessions of both former friends, after one removed or blocked the other; `user_id` is the other one.',
  notification_preferences_update:
    'Every session of a user who muted or unmuted a channel or group: their whole notification preferences, as GET /user/notification-preferences answers them.',
  admin_announcement:
    'After an admin runs `/guardian announce`: every session of every user who can view the channel the announcement was posted in. After an admin sends an announcement from the admin panel (POST /admin/guardian/send-announcement): every session of everyone, with its `title` and `guardian_id` and no channel (the Guardian direct message it also sends arrives as `direct_message` to those connected).',
  channel_read_status_update:
    "Every session of the user who marked a channel read (POST /channel/{id}/mark-read, or one per channel of POST /group/{id}/mark-read), when the mark moved; other users' reads are never sent.",
  voice_user_joined:
    "Sessions that can view the channel's group, after a user joined its voice channel (the joiner's own included).",
  voice_user_left:
    "Sessions that can view the channel's group, after a user left its voice channel: by leaving, by joining another, by starting or answering a DM call, or when all their connections dropped for the presence grace period.",
  voice_user_speaking: "Sessions that can view the channel's group, after a participant's `voice_speaking`.",
  voice_user_muted: "Sessions that can view the channel's group, when a participant's mute changed.",
  voice_user_mute_state_update:
    "Sessions that can view the channel's group, after every POST /voice/channels/{id}/mute-state (mute and deafen).",
  webrtc_signal: "The target user's sessions: a signal from another participant of the same voice channel.",
  dm_call_incoming: "Both participants' sessions, after POST /voice/dm/call/start (the recipient's ring).",
  dm_call_answered: "Both participants' sessions, after the recipient answered.",
  dm_call_declined: "Both participants' sessions, after the recipient declined.",
  dm_call_ended:
    "Both participants' sessions, when the call ended: by either, unanswered in time (`end_reason` no_answer), or when a participant went offline or joined a voice channel.",
  dm_call_signal: "The other participant's sessions: a signal in the call.",
  dm_call_mute_state_update: "Both participants' sessions, after POST /voice/dm/call/mute-state.",
  typing_start:
    "After a `typing_start`, with `seq: null` (ephemeral: never stored, never replayed on resume; a session in the middle of a resume misses it). In a channel: every session that can view the channel's group, except the typist's own. In a direct message: the other participant's sessions only, with `dm_user_id` naming the typist, and never across a block. Clients show the typist for 10 s, or until that user's message in the conversation arrives.",
  message_pin_update:
    "After a message was pinned or unpinned (and not when a pin or unpin changed nothing). In a channel: sessions that can view the channel's group, with `channel_id`. In a direct message: each participant's sessions, with `dm_user_id` naming the other participant (two events, one per participant). `pinned_by` is null after an unpin.",
  message_embeds_update:
    "After a message's link previews were fetched (a few seconds after the send or an edit), or its author removed them: in a channel, sessions that can view the channel's group; in a direct message, both participants' sessions. `embeds` replaces what the message had.",
  custom_emoji_update:
    "After PUT /emoji/emojis/{id}: every session when the emoji is public before or after the change (reactions show its new name, lists are fetched again), otherwise only its owner's sessions.",
  custom_emoji_delete:
    'After DELETE /emoji/emojis/{id}: every session (only the id is told). Reactions made with the emoji are gone with it; clients drop them.',
  group_created: 'Every session: a new group is visible to all users.',
  group_updated: 'Sessions that can view the group.',
  group_deleted: 'Sessions that could view the group.',
  category_created: 'Sessions that can view the group.',
  category_updated: 'Sessions that can view the group.',
  category_deleted:
    'Sessions that can view the group; followed by `channel_updated` for each channel the category held.',
  channel_created: 'Sessions that can view the group, also when a channel is moved into it.',
  channel_updated: 'Sessions that can view the group, also for each channel of a deleted category.',
  channel_deleted: 'Sessions that can view the group, also when a channel is moved out of it.',
  permission_granted:
    'Every session of the user whose permission was turned on, one event per flag. A granted `can_view` makes the group visible to those sessions from this event on.',
  permission_revoked:
    'Every session of the user whose permission was turned off, one event per flag. A revoked `can_view` hides the group from those sessions from this event on.',
  app_version_update: 'Every session of everyone, when an admin sets a new app version (PUT /admin/app-version).',
  device_revoked:
    "The sessions of the device that was signed out (logout, a reused refresh token, or revoked from the devices list), on every node, which are then closed with 4003; the user's other devices are not told. Signing out everywhere (invalidate-all-sessions, a new password or username, a password reset, account deletion) sends it to every device of the user. `reason` says why; `by_this_device` is true for the device whose own request did it, whose screen then says so itself: the web client shows 'Device Access Revoked' only when another device or the server did it.",
  suspended:
    'Every session of a user an admin suspended, on every node, which are then closed with 4003. `message` is the notice the client stores as the session-expired reason and shows; it signs out 8 s later.',
  account_terminated:
    'Every session of a user an admin deleted, on every node, which are then closed with 4003; the client shows Account Terminated and signs out 5 s later.',
};

/** When the server closes a connection with each code. */
export const CLOSE_CODE_DOCS: Record<keyof typeof CLOSE, string> = {
  normal: 'Another connection resumed this session.',
  goingAway:
    'Not sent by the server any more (a node that stops says serverRestarting); a client treats it as a drop: reconnect and resume.',
  serviceRestart:
    "Events may have been missed: Redis was unreachable when one was published (closed once it answers again), the cluster lost its shared event log (Redis restarted without its data, or this node was away until what it missed was trimmed), or an admin changed the user's role (promote, demote): reconnect, resume is refused, authenticate again (its `ready` means reload).",
  idleTimeout: 'Nothing received for LIVE_IDLE_TIMEOUT_MS (75 s): two missed pings.',
  authFailed:
    "The token of `auth` or `token_refresh` was refused (after `auth_error`), or, with reason 'Access token expired', the session's token expired (plus LIVE_TOKEN_EXPIRY_GRACE_MS, 5 s) and no newer one came in `token_refresh`: refresh it and resume with the new token.",
  authTimeout: 'No `auth` or `resume` within 10 s of opening.',
  sessionRevoked:
    'The device was signed out (logout, a reused refresh token, revoked from the devices list, or all devices signed out: invalidate-all-sessions, a new password or username, a password reset, account deletion), or an admin suspended or deleted the account (after `suspended` / `account_terminated`).',
  serverRestarting:
    "The node is stopping (a rolling restart drains it with SIGTERM, or it was stopped), reason 'Server restarting': reconnect at once (a random delay under 0.5 s spreads the reconnections) and resume; the load balancer sends the new connection to another node, and the session resumes there with nothing missed.",
  slowConsumer:
    'The client fell too far behind (over LIVE_MAX_BUFFERED_BYTES, 4 MiB, queued unread), or sent more than 300 frames in 10 s.',
  invalidFrame: 'A text frame that is not valid UTF-8 (closed by the WebSocket layer).',
  frameTooLarge: 'A frame over 64 KiB (LIVE_MAX_FRAME_BYTES).',
  tooManyConnections:
    "Over a cap of live connections, counted per server node: the user's (LIVE_MAX_CONNECTIONS_PER_USER, after `auth` or `resume`, reason 'Too many live connections for this account') or the client address's (LIVE_MAX_CONNECTIONS_PER_ADDRESS, at once, reason 'Too many live connections from this address'). Close another connection (tab) or retry later.",
};
