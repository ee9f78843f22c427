import { z } from 'zod';
import { IdParams, Id } from './common.js';
import { AuthAnswer, LoginBody, LogoutBody, RefreshBody, RegisterBody, TokenPair } from './auth.js';
import { SelfUser } from './users.js';
import {
  EmailStatus,
  ForgotPasswordAnswer,
  ForgotPasswordBody,
  MailOutboxAnswer,
  MessageAnswer,
  RecalculateStorageAnswer,
  ResetPasswordBody,
  StorageUsage,
  UpdateEmailBody,
  UpdatePasswordBody,
  UpdateUsernameAnswer,
  UpdateUsernameBody,
  VerifyEmailBody,
  VerifyResetCodeAnswer,
  VerifyResetCodeBody,
} from './account.js';
import {
  AdminDataReportsAnswer,
  AdminOperationAnswer,
  AdminSetEmailBody,
  AdminStorageAnswer,
  AdminUserActionAnswer,
  AdminUsersAnswer,
  AnnouncementAnswer,
  AnnouncementBody,
  AuditLogAnswer,
  AuditQuery,
  DeleteReportsAnswer,
  RecalculateAllStorageAnswer,
  RecalculateUserStorageAnswer,
  SuspendBody,
  SystemResources,
  UserActivity,
  VoiceSessionsDebug,
} from './admin.js';
import { AppVersionAnswer, AppVersionBody, VersionInfo } from './versions.js';
import { DataReportAnswer, DataReportBody } from './privacy-reports.js';
import { PushRegisterAnswer, PushTestAnswer, RegisterPushBody, UnregisterPushBody, VapidKeyAnswer } from './push.js';
import { DevicesAnswer, RevokeOthersAnswer, RevokeOthersBody } from './devices.js';
import {
  Category,
  CategoryQuery,
  Channel,
  ChannelQuery,
  CreateCategoryBody,
  CreateChannelBody,
  CreateGroupBody,
  Group,
  GroupIconAnswer,
  GroupPermissionEntry,
  GroupPermissionsAnswer,
  PutPermissionsBody,
  RenameCategoryBody,
  RenameGroupBody,
  UpdateChannelBody,
  UserGroupPermissions,
} from './groups.js';
import { DeleteMessageAnswer, EditMessageBody, HistoryQuery, Message, SendMessageBody } from './messages.js';
import { AddReactionBody, Reaction, ReactionParams } from './reactions.js';
import { CustomEmoji, CustomEmojiListQuery, UpdateCustomEmojiBody } from './emoji.js';
import { FileParams, FileQuery, UploadAttachmentAnswer, UploadQuery } from './attachments.js';
import {
  GuardianAnnounceBody,
  GuardianAnswer,
  GuardianHugBody,
  GuardianMessageBody,
  SlashCommandSchema,
} from './commands.js';
import {
  BlockedUser,
  Friend,
  FriendActionAnswer,
  FriendRequest,
  FriendRequestBody,
  FriendshipParams,
  FriendshipStatus,
  PrivacySettings,
  PrivacySettingsUpdate,
  UserIdParams,
} from './friends.js';
import {
  Conversation,
  DmHistoryQuery,
  DmMarkReadBody,
  DmReadEvent,
  DmSendBody,
  DmUnreadCount,
} from './direct-messages.js';
import {
  BioBody,
  NicknameBody,
  ProfileBannerAnswer,
  ProfileFieldAnswer,
  ProfileImageAnswer,
  PronounsBody,
  SocialLinksBody,
  StorageAnswer,
  MembersPage,
  MembersQuery,
  UsernameParams,
  UserProfile,
} from './profiles.js';
import {
  FavoriteCheckAnswer,
  FavoriteGif,
  FavoriteGifBody,
  GifCategoriesAnswer,
  GifIdParams,
  GifNsfwBody,
  GifPage,
  GifProviderAnswer,
  GifRenameBody,
  GifSearchQuery,
  GifTrendingQuery,
  UserGif,
} from './gifs.js';
import { OwnPresence, PresenceUpdateBody, UserPresence } from './presence.js';
import {
  MuteChannelAnswer,
  MuteChannelBody,
  MuteGroupAnswer,
  MuteGroupBody,
  NotificationPreferences,
  NotificationSettings,
} from './notifications.js';
import { MentionSuggestion, MentionSuggestionQuery } from './mentions.js';
import {
  ChannelReadStatus,
  GroupReadStatus,
  MarkChannelReadBody,
  MarkChannelUnreadBody,
  ReadStatusQuery,
} from './read-status.js';
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
import type { ClientFrameType, CLOSE, ServerControlType, ServerEventType } from './gateway.js';

/**
 * The catalogue of the REST API: every route the server registers under /api, with its schemas.
 * docs/api.md is generated from it (`npm run docs:api`), and a server test checks it against the
 * routes the server really registers.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** none: no token; user: any signed-in user; admin: a signed-in ADMIN (others get 403). */
export type EndpointAuth = 'none' | 'user' | 'admin';

/** Default request limits (spec 1 §5); RATE_LIMIT_SCALE multiplies every limit. Over a limit: 429 with Retry-After. */
export const RATE_LIMITS = {
  registerPerIp: { limit: 20, windowMs: 60_000, per: 'IP address' },
  loginPerIp: { limit: 30, windowMs: 60_000, per: 'IP address' },
  loginPerUsername: { limit: 10, windowMs: 60_000, per: 'username and IP address' },
  refreshPerIp: { limit: 120, windowMs: 60_000, per: 'IP address' },
  messagePerUser: { limit: 50, windowMs: 10_000, per: 'user' },
  writePerUser: { limit: 120, windowMs: 60_000, per: 'user' },
  /** The GIF picker's provider calls: a third-party provider's quota is the whole instance's. */
  gifSearchPerUser: { limit: 60, windowMs: 60_000, per: 'user' },
  /** Each change mails a code to the new address: bounded, so an account cannot be used to mail anyone at will. */
  emailChangePerUser: { limit: 10, windowMs: 3_600_000, per: 'user' },
  verificationResendPerUser: { limit: 1, windowMs: 60_000, per: 'user' },
  forgotPasswordPerIp: { limit: 10, windowMs: 900_000, per: 'IP address' },
  /** Per identifier alone, so nobody's inbox can be flooded with reset mails from many addresses. */
  forgotPasswordPerIdentifier: { limit: 3, windowMs: 900_000, per: 'username or email address' },
  resetCodePerIp: { limit: 30, windowMs: 900_000, per: 'IP address' },
  resetCodePerIdentifier: { limit: 10, windowMs: 900_000, per: 'username or email address' },
  /**
   * WebRTC signals, live or REST: joining a full voice channel sends an offer or answer and a burst of
   * ICE candidates (a dozen or more) to every participant at once, so this allows a few such joins
   * in a window; flooding someone with 30 KB signals does not get far.
   */
  voiceSignalPerUser: { limit: 300, windowMs: 10_000, per: 'user' },
  /** Speaking detection flips at most a few times a second while someone talks. */
  voiceSpeakingPerUser: { limit: 100, windowMs: 10_000, per: 'user' },
  /** The client beats once a minute per visible tab (PRESENCE_HEARTBEAT_MS); this leaves room for many windows. */
  presenceHeartbeatPerUser: { limit: 30, windowMs: 60_000, per: 'user' },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

export interface Endpoint {
  method: HttpMethod;
  /** Fastify-style path without the /api prefix, e.g. '/message/:id'. */
  path: string;
  /** Other paths the same handler is registered at. */
  aliases?: readonly string[];
  auth: EndpointAuth;
  /** Status of a successful answer. */
  status: 200 | 201 | 204;
  /** One line: what it does and the rules a caller must know. */
  summary: string;
  /** Rate limits the call counts against. */
  limits?: readonly RateLimitName[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer; undefined for 204. */
  answer?: z.ZodType;
}

export const GroupIdParams = z.object({ group_id: Id });
export const GroupUserParams = z.object({ id: Id, userId: Id });

export const ENDPOINTS: readonly Endpoint[] = [
  /* ---------- accounts ---------- */
  {
    method: 'POST',
    path: '/auth/register',
    auth: 'none',
    status: 201,
    summary:
      'Creates an account and signs it in on a new device (201). The first account becomes ADMIN; a taken username (any case) is 409.',
    limits: ['registerPerIp'],
    body: RegisterBody,
    answer: AuthAnswer,
  },
  {
    method: 'POST',
    path: '/auth/login',
    auth: 'none',
    status: 200,
    summary:
      'Signs in on a new device. A wrong username or password is 401 "Invalid username or password"; the system account can never sign in.',
    limits: ['loginPerIp', 'loginPerUsername'],
    body: LoginBody,
    answer: AuthAnswer,
  },
  {
    method: 'POST',
    path: '/auth/refresh',
    auth: 'none',
    status: 200,
    summary:
      'Rotates a refresh token: answers a new pair and spends the old token. Presenting a spent token revokes that device (401 "Session revoked").',
    limits: ['refreshPerIp'],
    body: RefreshBody,
    answer: TokenPair,
  },
  {
    method: 'POST',
    path: '/auth/logout',
    auth: 'user',
    status: 204,
    summary:
      "Ends this device's session (204); its live connections close with 4003. The bearer token identifies the device, or `refresh_token` alone when the access token has expired.",
    body: LogoutBody,
    limits: ['writePerUser'],
  },
  {
    method: 'GET',
    path: '/auth/me',
    auth: 'user',
    status: 200,
    summary: "The signed-in user's profile, with the private fields.",
    answer: SelfUser,
  },
  {
    method: 'GET',
    path: '/auth/devices',
    auth: 'user',
    status: 200,
    summary:
      "The caller's signed-in devices, most recently used first. A device revoked with DELETE /auth/devices/{id} stays listed with `is_active: false` for one access-token lifetime (15 minutes by default), then is left out; logged-out devices and those revoked with revoke-others are left out at once. Sign-in sends `X-Device-Fingerprint` (a random id the client keeps) to fill `device_fingerprint`. Listing counts as using the calling device (its `last_used_at` moves to now).",
    answer: DevicesAnswer,
  },
  {
    method: 'DELETE',
    path: '/auth/devices/:id',
    auth: 'user',
    status: 204,
    summary:
      "Revokes one of the caller's devices (204): its refresh tokens are deleted, its access tokens are refused from now on, and its live connections get `device_revoked` and are closed with 4003. Another user's device, or one that does not exist, is 404 \"Device not found\"; an already revoked one of the caller's is 204 and changes nothing.",
    limits: ['writePerUser'],
    params: IdParams,
  },
  {
    method: 'POST',
    path: '/auth/devices/revoke-others',
    auth: 'user',
    status: 200,
    summary:
      'Revokes every other device of the caller at once, as DELETE /auth/devices/{id} does each (they are not listed as pending). `refresh_token` must be the current refresh token of the calling device: missing is 400 "No refresh token found"; unknown, spent or expired is 400 "Invalid refresh token"; another device\'s is 400 "This refresh token belongs to another device".',
    limits: ['writePerUser'],
    body: RevokeOthersBody,
    answer: RevokeOthersAnswer,
  },

  /* ---------- my account: email, password reset, username, password, sessions, deletion, storage ---------- */
  {
    method: 'GET',
    path: '/user/email-status',
    auth: 'user',
    status: 200,
    summary:
      "The caller's address, whether it is verified, and whether a verification code was sent that can still be used (15 minutes, 5 tries); never pending once verified.",
    answer: EmailStatus,
  },
  {
    method: 'PUT',
    path: '/user/update-email',
    auth: 'user',
    status: 200,
    summary:
      'Sets the caller\'s address, unverified, and mails it a 6-digit verification code (good for 15 minutes and 5 wrong tries). A malformed address is 400 "Please enter a valid email address"; one another account has (any case) is 409 "This email is already in use"; the same address already verified is 400.',
    limits: ['writePerUser', 'emailChangePerUser'],
    body: UpdateEmailBody,
    answer: MessageAnswer,
  },
  {
    method: 'POST',
    path: '/user/verify-email',
    auth: 'user',
    status: 200,
    summary:
      'Verifies the address with the mailed code. Wrong: 400 "Invalid verification code"; the fifth wrong try voids the code (400 "Too many wrong attempts. Please request a new code.", and so is every later try, the right code included); expired: 400 "Verification code has expired. Please request a new one.".',
    limits: ['writePerUser'],
    body: VerifyEmailBody,
    answer: MessageAnswer,
  },
  {
    method: 'POST',
    path: '/user/resend-email-verification',
    auth: 'user',
    status: 200,
    summary:
      'Mails a new verification code for the current address (the previous one stops working); at most one a minute (429). No address, or a verified one, is 400.',
    limits: ['writePerUser', 'verificationResendPerUser'],
    answer: MessageAnswer,
  },
  {
    method: 'DELETE',
    path: '/user/remove-email',
    auth: 'user',
    status: 200,
    summary:
      'Removes the caller\'s address, its pending codes, and turns login alerts off (they need an address). No address is 400 "You have no email address".',
    limits: ['writePerUser'],
    answer: MessageAnswer,
  },
  {
    method: 'POST',
    path: '/auth/forgot-password',
    auth: 'none',
    status: 200,
    summary:
      'Starts a password reset for a username or an address. The answer is the same bytes whatever the identifier, given before the account is looked up: whether an account or an address exists is never told. An account with a verified address is mailed a link `PUBLIC_URL/reset-password?token=…` (single use, 30 minutes); one whose address is not verified, a 6-digit code and a link `PUBLIC_URL/email-verification?identifier=…&code=…&next=reset-password` (the code goes to POST /auth/verify-reset-code); no address, nothing.',
    limits: ['forgotPasswordPerIp', 'forgotPasswordPerIdentifier'],
    body: ForgotPasswordBody,
    answer: ForgotPasswordAnswer,
  },
  {
    method: 'POST',
    path: '/auth/verify-reset-code',
    auth: 'none',
    status: 200,
    summary:
      'The code a reset mailed to an unverified address, for a reset token; the address counts as verified from then on (a verification code still pending for it is void). Any wrong identifier, code, or a code expired or voided (5 wrong tries) is the same 400 "Invalid or expired code".',
    limits: ['resetCodePerIp', 'resetCodePerIdentifier'],
    body: VerifyResetCodeBody,
    answer: VerifyResetCodeAnswer,
  },
  {
    method: 'POST',
    path: '/auth/reset-password',
    auth: 'none',
    status: 200,
    summary:
      'Sets a new password (the rules of registration) with a reset token, once. Every device of the account is signed out (each gets `device_revoked`) and a verified address is mailed "Your password was changed". A token used, expired or unknown is 400 "This reset link is invalid or has expired"; the current password as the new one is 400 "New password must be different from current password" (the token stays usable).',
    limits: ['resetCodePerIp'],
    body: ResetPasswordBody,
    answer: MessageAnswer,
  },
  {
    method: 'PUT',
    path: '/user/update-username',
    auth: 'user',
    status: 200,
    summary:
      'Renames the caller: 3 to 20 letters, digits, `_` or `-` (the spec\'s three texts), not taken in any case nor reserved (409 "Username is already taken"), not the current name (400). Every device is signed out (`device_revoked`; the client logs out anyway) and everyone gets `user_update`.',
    limits: ['writePerUser'],
    body: UpdateUsernameBody,
    answer: UpdateUsernameAnswer,
  },
  {
    method: 'PUT',
    path: '/user/update-password',
    auth: 'user',
    status: 200,
    summary:
      'Changes the password, checked in this order: "Please fill in all password fields", "New password must be at least 6 characters long", "New password must be different from current password", then a wrong current password is 400 "Current password is incorrect" (wrong tries count against the sign-in limit of the username). Every device is signed out and a verified address is told by mail.',
    limits: ['writePerUser', 'loginPerUsername'],
    body: UpdatePasswordBody,
    answer: MessageAnswer,
  },
  {
    method: 'POST',
    path: '/auth/invalidate-all-sessions',
    auth: 'user',
    status: 200,
    summary:
      "Signs out every device of the caller at once, this one included: refresh tokens deleted, access tokens refused, each device's live connections get `device_revoked` and are closed (4003).",
    answer: MessageAnswer,
    limits: ['writePerUser'],
  },
  {
    method: 'DELETE',
    path: '/user/delete-account',
    auth: 'user',
    status: 200,
    summary:
      "Deletes the caller's account for good. Channel messages stay, content kept, with the author 'Deleted User' (a system account); everything else of the account goes: devices (each gets `device_revoked`), direct conversations, friendships, blocks, reactions, emoji, GIFs, uploads and their files, voice seats and calls. The username and address are free again. The only admin is 409, a system account 403.",
    answer: MessageAnswer,
    limits: ['writePerUser'],
  },
  {
    method: 'GET',
    path: '/upload/storage-info',
    auth: 'user',
    status: 200,
    summary: "The caller's stored bytes (attachments, pictures, emoji, GIFs) against the per-user limit.",
    answer: StorageUsage,
  },
  {
    method: 'POST',
    path: '/admin/recalculate-my-storage',
    auth: 'user',
    status: 200,
    summary:
      "Recounts the caller's own storage from their files (any signed-in user; the path is the spec's) and answers the count before and after.",
    limits: ['writePerUser'],
    answer: RecalculateStorageAnswer,
  },
  {
    method: 'GET',
    path: '/admin/mail/outbox',
    auth: 'admin',
    status: 200,
    summary:
      'The newest 100 mails the server sent, newest first. Without SMTP_URL this is where mail ends up (with its links and codes); with it, the outcome of each delivery (sent or failed), secrets left out. Admins only (403 otherwise).',
    answer: MailOutboxAnswer,
  },

  /* ---------- groups ---------- */
  {
    method: 'GET',
    path: '/group',
    auth: 'user',
    status: 200,
    summary: 'The groups the caller may view, by id.',
    answer: z.array(Group),
  },
  {
    method: 'POST',
    path: '/group',
    auth: 'admin',
    status: 201,
    summary: 'Creates a group (201); every user may view it until an admin restricts it.',
    limits: ['writePerUser'],
    body: CreateGroupBody,
    answer: Group,
  },
  {
    method: 'PATCH',
    path: '/group/:id',
    auth: 'admin',
    status: 200,
    summary: 'Renames a group.',
    limits: ['writePerUser'],
    params: IdParams,
    body: RenameGroupBody,
    answer: Group,
  },
  {
    method: 'DELETE',
    path: '/group/:id',
    auth: 'admin',
    status: 204,
    summary: 'Deletes a group with its categories, channels and messages (204).',
    limits: ['writePerUser'],
    params: IdParams,
  },
  {
    method: 'POST',
    path: '/group/:id/upload-icon',
    auth: 'admin',
    status: 200,
    summary:
      "Sets the group's icon: multipart field `file`, JPEG, PNG, GIF or WebP told from the bytes ('Please select a valid image file (JPEG, PNG, GIF, WebP)'), under 10 MB ('Image file size must be less than 10MB'). The server re-encodes it to a 64×64 WebP, stores it at a new address that is now the group's `icon`, counts it in the uploader's storage (413 past the storage limit) and removes the previous icon's file; the group's viewers get `group_updated`. A group that does not exist is 404.",
    limits: ['writePerUser'],
    params: IdParams,
    answer: GroupIconAnswer,
  },
  {
    method: 'DELETE',
    path: '/group/:id/icon',
    auth: 'admin',
    status: 200,
    summary:
      "Removes the group's icon (its file too; the rail shows the initials again) and answers the group; the viewers get `group_updated`. A group without an icon is answered as it is.",
    limits: ['writePerUser'],
    params: IdParams,
    answer: Group,
  },
  {
    method: 'GET',
    path: '/group-icons/:key',
    auth: 'none',
    status: 200,
    summary:
      'A stored group icon (image/webp). Each upload gets a new random address, cached for good; only those who may view the group are given it.',
    params: z.object({ key: z.string() }),
  },

  /* ---------- categories ---------- */
  {
    method: 'GET',
    path: '/category',
    auth: 'user',
    status: 200,
    summary:
      'The categories of the groups the caller may view, by group and position; `group_id` narrows to one group (404 if the caller may not view it).',
    query: CategoryQuery,
    answer: z.array(Category),
  },
  {
    method: 'POST',
    path: '/category',
    auth: 'admin',
    status: 201,
    summary: 'Creates a category at the end of a group (201).',
    limits: ['writePerUser'],
    body: CreateCategoryBody,
    answer: Category,
  },
  {
    method: 'PATCH',
    path: '/category/:id',
    auth: 'admin',
    status: 200,
    summary: 'Renames a category.',
    limits: ['writePerUser'],
    params: IdParams,
    body: RenameCategoryBody,
    answer: Category,
  },
  {
    method: 'DELETE',
    path: '/category/:id',
    auth: 'admin',
    status: 204,
    summary: 'Deletes a category (204); its channels stay in the group, uncategorised.',
    limits: ['writePerUser'],
    params: IdParams,
  },

  /* ---------- channels ---------- */
  {
    method: 'GET',
    path: '/channel',
    aliases: ['/channel/'],
    auth: 'user',
    status: 200,
    summary:
      'The channels of the groups the caller may view, by group and position; `group_id` narrows to one group (404 if the caller may not view it).',
    query: ChannelQuery,
    answer: z.array(Channel),
  },
  {
    method: 'GET',
    path: '/channel/:id',
    auth: 'user',
    status: 200,
    summary: 'One channel; 404 when it does not exist or the caller may not view its group.',
    params: IdParams,
    answer: Channel,
  },
  {
    method: 'POST',
    path: '/channel',
    auth: 'admin',
    status: 201,
    summary:
      'Creates a text or voice channel at the end of a group (201). A category must belong to the same group (400); bitrate is one of 32000, 64000, 96000, 128000.',
    limits: ['writePerUser'],
    body: CreateChannelBody,
    answer: Channel,
  },
  {
    method: 'PATCH',
    path: '/channel/:id',
    auth: 'admin',
    status: 200,
    summary:
      'Changes the fields sent. Moving it to another group drops its category unless a new one (of that group) is given.',
    limits: ['writePerUser'],
    params: IdParams,
    body: UpdateChannelBody,
    answer: Channel,
  },
  {
    method: 'DELETE',
    path: '/channel/:id',
    auth: 'admin',
    status: 204,
    summary: 'Deletes a channel with its messages (204).',
    limits: ['writePerUser'],
    params: IdParams,
  },

  /* ---------- permissions ---------- */
  {
    method: 'GET',
    path: '/user/group-permissions/:group_id',
    auth: 'user',
    status: 200,
    summary: "The caller's own permissions in a group they may view; admins may do everything.",
    params: GroupIdParams,
    answer: UserGroupPermissions,
  },
  {
    method: 'GET',
    path: '/admin/groups/:id/permissions',
    auth: 'admin',
    status: 200,
    summary: "Every user's permissions in a group, by username; the system account is not listed.",
    params: IdParams,
    answer: GroupPermissionsAnswer,
  },
  {
    method: 'GET',
    path: '/admin/groups/:id/permissions/:userId',
    auth: 'admin',
    status: 200,
    summary: "One user's permissions in a group; 404 for an unknown user.",
    params: GroupUserParams,
    answer: GroupPermissionEntry,
  },
  {
    method: 'PUT',
    path: '/admin/groups/:id/permissions/:userId',
    auth: 'admin',
    status: 200,
    summary:
      'Changes the flags sent: can_view off turns posting and uploading off, posting or uploading on turns can_view on; a contradiction, or the system account, is 400.',
    limits: ['writePerUser'],
    params: GroupUserParams,
    body: PutPermissionsBody,
    answer: GroupPermissionEntry,
  },

  /* ---------- messages ---------- */
  {
    method: 'GET',
    path: '/message',
    auth: 'user',
    status: 200,
    summary:
      "A page of a channel's history, oldest first: the newest `limit` messages, or those just before or after a message id (not both).",
    query: HistoryQuery,
    answer: z.array(Message),
  },
  {
    method: 'POST',
    path: '/message',
    auth: 'user',
    status: 201,
    summary:
      "Posts in a text channel (201; a voice channel is 400); needs can_post (403). Repeating a `nonce` already used answers 200 with the stored message instead of posting again. `attachment_ids` (at most 15) must be the caller's own uploads not sent yet (400 otherwise) and need can_upload (403); with them `content` may be empty.",
    limits: ['messagePerUser'],
    body: SendMessageBody,
    answer: Message,
  },
  {
    method: 'PUT',
    path: '/message/:id',
    auth: 'user',
    status: 200,
    summary: "Edits the caller's own message (403 for anyone else's; 400 once an admin removed it); needs can_post.",
    limits: ['writePerUser'],
    params: IdParams,
    body: EditMessageBody,
    answer: Message,
  },
  {
    method: 'DELETE',
    path: '/message/:id',
    auth: 'user',
    status: 200,
    summary:
      "The author deletes their message (`deleted: true`); an admin removing someone else's replaces its content with a notice (`deleted: false`). 200, not 204.",
    limits: ['writePerUser'],
    params: IdParams,
    answer: DeleteMessageAnswer,
  },

  /* ---------- attachments ---------- */
  {
    method: 'POST',
    path: '/upload/attachment',
    auth: 'user',
    status: 201,
    summary:
      'Uploads one file as multipart/form-data in the field `file` (201), streamed to storage: larger than UPLOAD_MAX_BYTES (25 MB) is 413, and so is a file past the storage limit of its uploader (1 GB, the storage-full text), not multipart 415, empty 400. The type is read from the bytes; pictures get width, height and a preview. It belongs to no message until sent with one (POST /message `attachment_ids`); unsent uploads are deleted after a day.',
    limits: ['writePerUser'],
    query: UploadQuery,
    answer: UploadAttachmentAnswer,
  },
  {
    method: 'DELETE',
    path: '/upload/attachment/:id',
    auth: 'user',
    status: 204,
    summary:
      "Deletes the caller's own upload and its file (204) while it is not sent yet (409 once sent; someone else's is 404).",
    limits: ['writePerUser'],
    params: IdParams,
  },
  {
    method: 'GET',
    path: '/attachments/:id/:variant/:name',
    auth: 'none',
    status: 200,
    summary:
      'A stored file (`file`) or its picture preview (`preview`), by the signed address an attachment carries (403 when the signature is wrong or expired, 404 once deleted). Pictures, video and audio are shown inline; everything else is sent as a download. Range requests are answered 206. Served with `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy.',
    params: FileParams,
    query: FileQuery,
  },

  /* ---------- slash commands and Guardian ---------- */
  {
    method: 'GET',
    path: '/commands',
    auth: 'none',
    status: 200,
    summary:
      'The slash commands the composer understands: each base with its subcommands (name, description, adminOnly). Clients hide admin-only subcommands from everyone else.',
    answer: z.array(SlashCommandSchema),
  },
  {
    method: 'POST',
    path: '/admin/guardian/announce',
    auth: 'admin',
    status: 200,
    summary:
      "`/guardian announce [#channel] message`, admins only (403 'You do not have permission to run this command'): Guardian posts `message` in `channel_name` (a text channel of the current channel's group, any case; 404 if none) or in the current channel, and everyone who can see it gets `admin_announcement`.",
    limits: ['writePerUser', 'messagePerUser'],
    body: GuardianAnnounceBody,
    answer: GuardianAnswer,
  },
  {
    method: 'POST',
    path: '/admin/guardian/send-message',
    auth: 'admin',
    status: 200,
    summary:
      "An admin's Guardian message to one user: a direct message from Guardian (title in bold, then the content) that the user cannot answer. 403 for non-admins; 404 no such user (or the system account); 400 'Title cannot be empty' / 'Content cannot be empty'.",
    limits: ['writePerUser'],
    body: GuardianMessageBody,
    answer: GuardianAnswer,
  },
  {
    method: 'POST',
    path: '/guardian/hugme',
    auth: 'user',
    status: 200,
    summary: '`/guardian hugme`: Guardian posts a hug for the caller in the current channel (needs can_post there).',
    limits: ['writePerUser', 'messagePerUser'],
    body: GuardianHugBody,
    answer: GuardianAnswer,
  },

  /* ---------- friends ---------- */
  {
    method: 'POST',
    path: '/friends/request',
    auth: 'user',
    status: 201,
    summary:
      "Sends a friend request by username (201). 404 no such user; 400 yourself or a system account; 403 across a block, or when the target accepts no requests from the caller ('This user is not accepting friend requests': audience none, or friends_of_friends without a friend in common); 409 already friends or already sent; 429 within 7 days of the target declining the caller (if the target has the cooldown on). A request while one is pending the other way accepts that one instead (200).",
    limits: ['writePerUser'],
    body: FriendRequestBody,
    answer: FriendActionAnswer,
  },
  {
    method: 'POST',
    path: '/friends/:friendship_id/accept',
    auth: 'user',
    status: 200,
    summary: 'Accepts a pending request made to the caller (404 for any other); both get `friend_added`.',
    limits: ['writePerUser'],
    params: FriendshipParams,
    answer: FriendActionAnswer,
  },
  {
    method: 'POST',
    path: '/friends/:friendship_id/decline',
    auth: 'user',
    status: 200,
    summary:
      'Declines a pending request made to the caller (404 for any other); starts the 7-day cooldown when the caller has it on.',
    limits: ['writePerUser'],
    params: FriendshipParams,
    answer: FriendActionAnswer,
  },
  {
    method: 'POST',
    path: '/friends/:friendship_id/cancel',
    auth: 'user',
    status: 200,
    summary: 'Withdraws a pending request the caller sent (404 for any other).',
    limits: ['writePerUser'],
    params: FriendshipParams,
    answer: FriendActionAnswer,
  },
  {
    method: 'DELETE',
    path: '/friends/:user_id',
    auth: 'user',
    status: 200,
    summary: 'Ends a friendship (404 when not friends); both get `friend_removed`.',
    limits: ['writePerUser'],
    params: UserIdParams,
    answer: FriendActionAnswer,
  },
  {
    method: 'POST',
    path: '/friends/block/:user_id',
    auth: 'user',
    status: 200,
    summary:
      'Blocks a user (not yourself or a system account, 400): their friendship or pending request ends, and neither can send a request until unblocked.',
    limits: ['writePerUser'],
    params: UserIdParams,
    answer: FriendActionAnswer,
  },
  {
    method: 'DELETE',
    path: '/friends/block/:user_id',
    auth: 'user',
    status: 200,
    summary: 'Unblocks a user the caller blocked (404 otherwise).',
    limits: ['writePerUser'],
    params: UserIdParams,
    answer: FriendActionAnswer,
  },
  {
    method: 'GET',
    path: '/friends',
    auth: 'user',
    status: 200,
    summary: "The caller's friends, by display name.",
    answer: z.array(Friend),
  },
  {
    method: 'GET',
    path: '/friends/requests/incoming',
    auth: 'user',
    status: 200,
    summary: 'Pending requests made to the caller, newest first.',
    answer: z.array(FriendRequest),
  },
  {
    method: 'GET',
    path: '/friends/requests/outgoing',
    auth: 'user',
    status: 200,
    summary: 'Pending requests the caller made, newest first.',
    answer: z.array(FriendRequest),
  },
  {
    method: 'GET',
    path: '/friends/blocked',
    auth: 'user',
    status: 200,
    summary: 'The users the caller blocked, newest first.',
    answer: z.array(BlockedUser),
  },
  {
    method: 'GET',
    path: '/friends/status/:user_id',
    auth: 'user',
    status: 200,
    summary:
      'How the caller stands with a user: none, friends, request_sent, request_received, blocked_by_you, blocked_by_them or self, with the friendship id when there is one (404 no such user).',
    params: UserIdParams,
    answer: FriendshipStatus,
  },
  /* ---------- profiles ---------- */
  {
    method: 'GET',
    path: '/user/profile/:username',
    auth: 'user',
    status: 200,
    summary:
      "A user's profile by username (any case; 404 unknown). When the user has profile blur on and the caller is neither the user nor a friend (Guardian is never hidden), the picture, banner, bio and links are left out and `is_hidden` is true.",
    params: UsernameParams,
    answer: UserProfile,
  },
  {
    method: 'PUT',
    path: '/user/update-nickname',
    auth: 'user',
    status: 200,
    summary:
      "Sets the caller's nickname (at most 32 characters; empty or null removes it); everyone gets `user_update`.",
    limits: ['writePerUser'],
    body: NicknameBody,
    answer: ProfileFieldAnswer,
  },
  {
    method: 'PUT',
    path: '/user/update-pronouns',
    auth: 'user',
    status: 200,
    summary:
      'Sets the pronouns (a preset or custom text of at most 16 characters) with their colours: background one hex colour or `linear-gradient(<n>deg, …)` of 2 to 6 hex stops, text one hex colour. Empty pronouns remove them and their colours. Everyone gets `user_update`.',
    limits: ['writePerUser'],
    body: PronounsBody,
    answer: ProfileFieldAnswer,
  },
  {
    method: 'PUT',
    path: '/user/update-bio',
    auth: 'user',
    status: 200,
    summary: 'Sets About Me (trimmed, at most 500 characters; empty removes it).',
    limits: ['writePerUser'],
    body: BioBody,
    answer: ProfileFieldAnswer,
  },
  {
    method: 'PUT',
    path: '/user/update-social-links',
    auth: 'user',
    status: 200,
    summary:
      'Sets the 15 social links (each at most 200 characters; empty or null removes it); answered without the social_ prefix.',
    limits: ['writePerUser'],
    body: SocialLinksBody,
    answer: ProfileFieldAnswer,
  },
  {
    method: 'POST',
    path: '/upload/profile-image',
    auth: 'user',
    status: 200,
    summary:
      "Replaces the caller's picture: multipart field `file`, JPEG, PNG, GIF or WebP told from the bytes ('Please select a valid image file (JPEG, PNG, GIF, WebP)'), under 10 MB ('Image file must be less than 10MB'). The server re-encodes it (512×512 WebP; animation kept) and counts it in the caller's storage (413 past the storage limit); everyone gets `user_update`.",
    limits: ['writePerUser'],
    answer: ProfileImageAnswer,
  },
  {
    method: 'DELETE',
    path: '/profile-image',
    auth: 'user',
    status: 200,
    summary: "Removes the caller's picture (404 when there is none) and its file.",
    limits: ['writePerUser'],
    answer: StorageAnswer,
  },
  {
    method: 'POST',
    path: '/upload/profile-banner',
    auth: 'user',
    status: 200,
    summary: "Replaces the caller's banner, with the picture's rules, re-encoded to 1600×320 WebP.",
    limits: ['writePerUser'],
    answer: ProfileBannerAnswer,
  },
  {
    method: 'DELETE',
    path: '/profile-banner',
    auth: 'user',
    status: 200,
    summary: "Removes the caller's banner (404 when there is none) and its file.",
    limits: ['writePerUser'],
    answer: StorageAnswer,
  },
  {
    method: 'GET',
    path: '/profile-images/:key',
    auth: 'none',
    status: 200,
    summary:
      'A stored picture or banner (image/webp). Each upload gets a new random address, cached for good; the blur rule works by never giving the address to whom it hides it from.',
    params: z.object({ key: z.string() }),
  },
  /* ---------- custom emoji ---------- */
  {
    method: 'GET',
    path: '/emoji/emojis',
    auth: 'user',
    status: 200,
    summary:
      "The caller's own custom emoji; with `public=true`, every public emoji, anyone's (the caller's included). Sorted by name in any case.",
    query: CustomEmojiListQuery,
    answer: z.array(CustomEmoji),
  },
  {
    method: 'POST',
    path: '/emoji/emojis',
    auth: 'user',
    status: 201,
    summary:
      "Uploads an emoji (multipart: `file`, `name`, `is_public`, `is_nsfw`, the flags as the text true or false, left out false). Checked in this order, each a 400 with the spec's text: the type told from the bytes, JPEG, PNG, GIF or WebP ('Invalid file type. Allowed: JPEG, PNG, GIF, WebP'); at most 5 MB ('File too large. Max 5 MB'); at most 256x256 unless a GIF ('Image dimensions must be at most 256x256px'); at most 200 per user ('You have reached the limit (200).'); a name of letters, digits and underscore, at most 32 ('Name is required', 'Name must be alphanumeric or underscore', 'Name must be 32 characters or fewer'), unique among the caller's emoji in any case ('Emoji name must be unique'). An animation may hold at most 50 million pixels over all frames. The server re-encodes the picture to WebP (animation kept, GIFs at their size) and counts it in the caller's storage (413 past the storage limit).",
    limits: ['writePerUser'],
    answer: CustomEmoji,
  },
  {
    method: 'PUT',
    path: '/emoji/emojis/:id',
    auth: 'user',
    status: 200,
    summary:
      "Renames an emoji (the upload's name rules; the emoji itself does not count against uniqueness) or sets `is_public` or `is_nsfw`; fields left out keep their value. Only its owner or an ADMIN: someone else's public emoji is 403, someone else's private one 404 like one that does not exist.",
    limits: ['writePerUser'],
    params: IdParams,
    body: UpdateCustomEmojiBody,
    answer: CustomEmoji,
  },
  {
    method: 'DELETE',
    path: '/emoji/emojis/:id',
    auth: 'user',
    status: 204,
    summary:
      "Deletes an emoji with its file, and every reaction made with it (one `custom_emoji_delete` event tells clients to drop them, instead of a reaction_remove for each). Owner or ADMIN, with PUT's 403 and 404.",
    limits: ['writePerUser'],
    params: IdParams,
  },
  {
    method: 'GET',
    path: '/emoji/images/:key',
    auth: 'none',
    status: 200,
    summary:
      "An emoji's picture (image/webp), at the `url` its emoji carries. Each upload gets a new random address, cached for good.",
    params: z.object({ key: z.string() }),
  },
  {
    method: 'GET',
    path: '/channel/:id/members',
    auth: 'user',
    status: 200,
    summary:
      "The people who can view the channel (everyone but the system account, unless a permission hides the group; admins always), by display name, a page at a time: pass the answer's `next` as `after` for the next page. `total` comes with the first page. Pictures hidden by a member's blur are left out. Presence is merged by the client (GET /user/presence/all).",
    params: IdParams,
    query: MembersQuery,
    answer: MembersPage,
  },
  /* ---------- admin panel (spec 3 §2 Admin panel, §7 Admin); every route: 403 'Admin privileges required' unless ADMIN ---------- */
  {
    method: 'GET',
    path: '/admin/users',
    auth: 'admin',
    status: 200,
    summary: 'Every account but Guardian and other SYSTEM accounts, by id: id, username, role, is_suspended.',
    answer: AdminUsersAnswer,
  },
  {
    method: 'GET',
    path: '/admin/users/storage',
    auth: 'admin',
    status: 200,
    summary:
      'Storage per account (not SYSTEM): bytes used (the sum of the sizes of the files the user stored), the limit, formatted sizes and the percentage used (one decimal), most used first.',
    answer: AdminStorageAnswer,
  },
  {
    method: 'POST',
    path: '/admin/users/:id/promote',
    auth: 'admin',
    status: 200,
    summary:
      "Makes the user an ADMIN. 404 unknown user; 400 for Guardian or a SYSTEM account, or one already an admin. The user's live connections are closed (1012) so that they start afresh with what an admin sees.",
    limits: ['writePerUser'],
    params: IdParams,
    answer: AdminUserActionAnswer,
  },
  {
    method: 'POST',
    path: '/admin/users/:id/demote',
    auth: 'admin',
    status: 200,
    summary:
      "Makes an admin an ordinary USER. 400 for oneself ('You cannot do this to your own account'), Guardian or a SYSTEM account, or someone not an admin; 409 'FINAL BREACH: …' when no other active (unsuspended) admin would remain, as when two admins demote each other at once. The user's live connections are closed (1012) so that they start afresh with what a user sees.",
    limits: ['writePerUser'],
    params: IdParams,
    answer: AdminUserActionAnswer,
  },
  {
    method: 'PUT',
    path: '/admin/users/:id/email',
    auth: 'admin',
    status: 200,
    summary:
      "Sets the user's email address, unverified, as PUT /user/update-email does: the user is mailed a code and must verify it (a verified address being replaced is told). 400 'Please enter a valid email address'; 400 for Guardian or a SYSTEM account; 409 when another account has it.",
    limits: ['writePerUser'],
    params: IdParams,
    body: AdminSetEmailBody,
    answer: AdminUserActionAnswer,
  },
  {
    method: 'GET',
    path: '/admin/users/:id/activity',
    auth: 'admin',
    status: 200,
    summary:
      "The user's last sign-in (time, address, device; null for an account not signed in since they were first recorded) and suspension with its reason. 404 for an unknown user, Guardian or a SYSTEM account.",
    params: IdParams,
    answer: UserActivity,
  },
  {
    method: 'POST',
    path: '/admin/users/:id/suspend',
    auth: 'admin',
    status: 200,
    summary:
      "Suspends the user with a reason (400 'Reason cannot be empty'). At once, on every node: every device is signed out (tokens refused with 401, refresh tokens gone), each live connection gets `suspended` and is closed, and signing in is refused (403) with the reason until they are unsuspended. Not oneself, Guardian, or a SYSTEM account (400); 400 when already suspended; 409 'FINAL BREACH: …' for the last active admin.",
    limits: ['writePerUser'],
    params: IdParams,
    body: SuspendBody,
    answer: AdminUserActionAnswer,
  },
  {
    method: 'POST',
    path: '/admin/users/:id/unsuspend',
    auth: 'admin',
    status: 200,
    summary: 'Lifts a suspension: the user may sign in again. 400 when not suspended.',
    limits: ['writePerUser'],
    params: IdParams,
    answer: AdminUserActionAnswer,
  },
  {
    method: 'DELETE',
    path: '/admin/users/:id',
    auth: 'admin',
    status: 200,
    summary:
      "Deletes the account as DELETE /user/delete-account does (channel messages kept under 'Deleted User'); each live connection of theirs gets `account_terminated` and is closed. Not oneself, Guardian or a SYSTEM account (400); 409 'FINAL BREACH: …' when no other active admin would remain.",
    limits: ['writePerUser'],
    params: IdParams,
    answer: AdminUserActionAnswer,
  },
  {
    method: 'POST',
    path: '/admin/recalculate-storage/:id',
    auth: 'admin',
    status: 200,
    summary:
      "Recounts one user's storage from the files they stored; `difference` is the signed change in bytes (actual minus recorded).",
    limits: ['writePerUser'],
    params: IdParams,
    answer: RecalculateUserStorageAnswer,
  },
  {
    method: 'POST',
    path: '/admin/recalculate-all-storage',
    auth: 'admin',
    status: 200,
    summary: "Recounts every user's storage from their files.",
    limits: ['writePerUser'],
    answer: RecalculateAllStorageAnswer,
  },
  {
    method: 'POST',
    path: '/admin/guardian/send-announcement',
    auth: 'admin',
    status: 200,
    summary:
      "A Guardian direct message (title in bold, then the content) to every account but the SYSTEM ones, announced as `direct_message` to those connected (the others find it in their conversations), and one `admin_announcement` popup (with its `title`) to everyone online. `sent_count`: how many messages were stored. 400 'Title cannot be empty' / 'Content cannot be empty'.",
    limits: ['writePerUser'],
    body: AnnouncementBody,
    answer: AnnouncementAnswer,
  },
  {
    method: 'GET',
    path: '/admin/system/resources',
    auth: 'admin',
    status: 200,
    summary:
      "The server machine's CPU, memory, disk (with io), network, system information, and the TURN relay's status.",
    answer: SystemResources,
  },
  {
    method: 'POST',
    path: '/admin/coturn/restart',
    auth: 'admin',
    status: 200,
    summary:
      "Restarts the server's own coturn, or starts it again if it stopped (new ports and secret: calls in progress reconnect); `success` false with the reason for an external relay (TURN_URLS) or none.",
    limits: ['writePerUser'],
    answer: AdminOperationAnswer,
  },
  {
    method: 'POST',
    path: '/admin/voice/cleanup-sessions',
    auth: 'admin',
    status: 200,
    summary:
      'Removes voice seats whose user has no live connection on any node (left behind by a crash), telling each channel `voice_user_left`.',
    limits: ['writePerUser'],
    answer: AdminOperationAnswer,
  },
  {
    method: 'GET',
    path: '/admin/voice/sessions/debug',
    auth: 'admin',
    status: 200,
    summary: 'Voice seats: all, those of connected users, and people per channel.',
    answer: VoiceSessionsDebug,
  },
  {
    method: 'GET',
    path: '/admin/data-collection/reports',
    auth: 'admin',
    status: 200,
    summary: 'The data collection reports (POST /privacy/report), newest first: the newest 1,000.',
    answer: AdminDataReportsAnswer,
  },
  {
    method: 'DELETE',
    path: '/admin/data-collection/reports/:id',
    auth: 'admin',
    status: 200,
    summary: "Deletes one report (404 'Report not found').",
    limits: ['writePerUser'],
    params: IdParams,
    answer: DeleteReportsAnswer,
  },
  {
    method: 'DELETE',
    path: '/admin/data-collection/reports',
    auth: 'admin',
    status: 200,
    summary: 'Deletes every report.',
    limits: ['writePerUser'],
    answer: DeleteReportsAnswer,
  },
  {
    method: 'GET',
    path: '/admin/audit',
    auth: 'admin',
    status: 200,
    summary:
      'The audit log: every admin action (who, what, on whom, when, details), written in the transaction of the action itself; newest first, `before` pages back.',
    query: AuditQuery,
    answer: AuditLogAnswer,
  },
  /* ---------- Versions ---------- */
  {
    method: 'GET',
    path: '/version',
    auth: 'none',
    status: 200,
    summary:
      "The server's version, the API version ('v2') and the newest client version (`app_version`, set by an admin; until then the version of the client this server serves). A client whose own version differs offers to update.",
    answer: VersionInfo,
  },
  {
    method: 'GET',
    path: '/admin/app-version',
    auth: 'admin',
    status: 200,
    summary: 'The newest client version, as GET /version gives it. Admins only (403 otherwise).',
    answer: AppVersionAnswer,
  },
  {
    method: 'PUT',
    path: '/admin/app-version',
    auth: 'admin',
    status: 200,
    summary:
      "Sets the newest client version and tells every session (`app_version_update`). A blank version, one over 32 characters or with characters other than letters, digits and '.+-' is 400 'Please enter a valid version'. Admins only.",
    body: AppVersionBody,
    limits: ['writePerUser'],
    answer: AppVersionAnswer,
  },
  /* ---------- GIFs ---------- */
  {
    method: 'GET',
    path: '/gif/provider',
    auth: 'user',
    status: 200,
    summary:
      "Which provider answers trending, search and categories: 'giphy' when the server has a GIPHY_API_KEY (the picker credits GIPHY), else 'builtin', the instance's own uploaded GIFs.",
    answer: GifProviderAnswer,
  },
  {
    method: 'GET',
    path: '/gif/trending',
    auth: 'user',
    status: 200,
    summary:
      "A page of trending GIFs: GIPHY's trending, or the newest uploaded GIFs. Pass the answer's `next` as `pos` for the next page (null at the end). A provider that cannot be reached or answers an error is 502 'Failed to get trending GIFs'. GIPHY's answers are kept for a minute.",
    limits: ['gifSearchPerUser'],
    query: GifTrendingQuery,
    answer: GifPage,
  },
  {
    method: 'GET',
    path: '/gif/search',
    auth: 'user',
    status: 200,
    summary:
      "A page of GIFs matching `q` (blank is 400): GIPHY's search, or uploaded GIFs whose name contains it (spaces match underscores; exact and prefix matches first). Paged as trending; a provider failure is 502 'Failed to search GIFs'.",
    limits: ['gifSearchPerUser'],
    query: GifSearchQuery,
    answer: GifPage,
  },
  {
    method: 'GET',
    path: '/gif/categories',
    auth: 'user',
    status: 200,
    summary:
      "GIF categories to offer as searches: GIPHY's, or the spec's 16 quick searches without pictures. A provider failure is 502 'Failed to get GIF categories'. (The spec's GET /category is the groups' categories here.)",
    limits: ['gifSearchPerUser'],
    answer: GifCategoriesAnswer,
  },
  {
    method: 'GET',
    path: '/gif/favorites',
    auth: 'user',
    status: 200,
    summary: "The caller's favorite GIFs, the latest first.",
    answer: z.array(FavoriteGif),
  },
  {
    method: 'POST',
    path: '/gif/favorites',
    auth: 'user',
    status: 201,
    summary:
      "Adds a favorite GIF (201) as the picker showed it; one the caller already has is answered as it is (200), never twice. One favorites operation per user at a time: while another add or remove of the caller's runs, 409 'Already processing favorites operation'.",
    limits: ['writePerUser'],
    body: FavoriteGifBody,
    answer: FavoriteGif,
  },
  {
    method: 'DELETE',
    path: '/gif/favorites/:gifId',
    auth: 'user',
    status: 204,
    summary:
      "Removes the favorite with that `gif_id` (404 'Favorite GIF not found'); 409 'Already processing favorites operation' as adding.",
    limits: ['writePerUser'],
    params: GifIdParams,
  },
  {
    method: 'GET',
    path: '/gif/favorites/check/:gifId',
    auth: 'user',
    status: 200,
    summary: 'Whether the caller has the GIF with that `gif_id` among their favorites.',
    params: GifIdParams,
    answer: FavoriteCheckAnswer,
  },
  {
    method: 'GET',
    path: '/gif/user',
    auth: 'user',
    status: 200,
    summary: "The caller's uploaded GIFs, the latest first.",
    answer: z.array(UserGif),
  },
  {
    method: 'GET',
    path: '/gif/user/all',
    auth: 'user',
    status: 200,
    summary:
      "Every user's uploaded GIFs (they are shared with the whole instance), the latest first, at most 1000; each says whether it is NSFW.",
    answer: z.array(UserGif),
  },
  {
    method: 'GET',
    path: '/gif/users/:userId',
    auth: 'user',
    status: 200,
    summary:
      "One user's uploaded GIFs, the latest first (at most 200). Clients draw `:name:` in that user's messages as the GIF of that name when no emoji has it. An unknown user has none.",
    answer: z.array(UserGif),
  },
  {
    method: 'GET',
    path: '/gif/files/:name',
    auth: 'user',
    status: 200,
    summary:
      "The uploaded GIF served at /api/gif-files/{name} (the last part of its `file_url`), so a message linking it can be blurred when it is NSFW. 404 'GIF not found'.",
    answer: UserGif,
  },
  {
    method: 'POST',
    path: '/gif/upload',
    auth: 'user',
    status: 201,
    summary:
      "Uploads a GIF (multipart: `file`; `name`, left out for the file name by the default-name rule; `is_nsfw`, the text true or false, left out false). Checked in this order, each a 400 with the spec's text: a GIF told from its bytes and decoding as one ('Only GIF files allowed'); at most 10 MB ('File too large. Max 10 MB'); the name ('Name is required', 'Name must be alphanumeric or underscore', 'Name must be 32 characters or fewer'); unique among the caller's GIFs in any case ('GIF name must be unique'); at most 200 per user ('You have reached the limit (200).'). Stored as sent (not re-encoded), served at `file_url`, counted in the caller's storage (413 past the storage limit).",
    limits: ['writePerUser'],
    answer: UserGif,
  },
  {
    method: 'PATCH',
    path: '/gif/gifs/user/:id/rename',
    auth: 'user',
    status: 200,
    summary:
      "Renames an uploaded GIF, with the upload's name rules; unique among the owner's GIFs in any case, the GIF itself excepted. Its owner or an ADMIN only (403; 404 when there is no such GIF).",
    limits: ['writePerUser'],
    params: IdParams,
    body: GifRenameBody,
    answer: UserGif,
  },
  {
    method: 'PATCH',
    path: '/gif/gifs/user/:id/nsfw',
    auth: 'user',
    status: 200,
    summary: 'Marks an uploaded GIF NSFW or not. Its owner or an ADMIN only (403; 404 when there is no such GIF).',
    limits: ['writePerUser'],
    params: IdParams,
    body: GifNsfwBody,
    answer: UserGif,
  },
  {
    method: 'DELETE',
    path: '/gif/user/:id',
    auth: 'user',
    status: 204,
    summary:
      "Deletes an uploaded GIF with its file (its address answers 404 from then on) and everyone's favorites of it. Its owner or an ADMIN only (403; 404 when there is no such GIF).",
    limits: ['writePerUser'],
    params: IdParams,
  },
  {
    method: 'GET',
    path: '/gif-files/:name',
    auth: 'none',
    status: 200,
    summary:
      "An uploaded GIF's file (image/gif, the bytes as uploaded), at its `file_url`. The address is random per upload, does not expire (messages carry it) and is cached for good.",
    params: z.object({ name: z.string() }),
  },
  /* ---------- presence ---------- */
  {
    method: 'GET',
    path: '/user/presence/all',
    auth: 'user',
    status: 200,
    summary:
      "The presence of everyone the caller may see (friends, and people sharing a group with the caller) who is not offline as others see them, plus the caller's own. Anyone not listed is offline. An invisible user is never listed (nor anyone who set offline).",
    answer: z.array(z.union([OwnPresence, UserPresence])),
  },
  {
    method: 'GET',
    path: '/user/presence',
    auth: 'user',
    status: 200,
    summary:
      "The caller's own presence: the status, whether they are connected, invisible, and whether the status was their own choice.",
    answer: OwnPresence,
  },
  {
    method: 'PUT',
    path: '/user/presence',
    auth: 'user',
    status: 200,
    summary:
      "Changes the caller's presence. `is_manual` true (the status menu): kept until changed, except that plain Online (not invisible) hands the status back to the automatic rules. Otherwise an automatic change, online or away only, ignored while a manual status stands (400 for busy, offline or is_invisible). Others get `presence_update` when what they see changed.",
    limits: ['writePerUser'],
    body: PresenceUpdateBody,
    answer: OwnPresence,
  },
  {
    method: 'POST',
    path: '/user/presence/heartbeat',
    auth: 'user',
    status: 200,
    summary:
      "The client's sign of life every 60 s while visible; answers the caller's presence, so a missed event corrects itself. Being connected is the live connection's doing: a user goes offline PRESENCE_OFFLINE_GRACE_MS after their last connection closes.",
    answer: OwnPresence,
    limits: ['presenceHeartbeatPerUser'],
  },
  /* ---------- direct messages ---------- */
  {
    method: 'GET',
    path: '/dm/conversations',
    auth: 'user',
    status: 200,
    summary:
      "The caller's conversations: the other participant, the last message and the caller's unread count (messages from the other participant after the caller's last read one). Guardian's conversation first, then by latest message.",
    answer: z.array(Conversation),
  },
  {
    method: 'GET',
    path: '/dm/unread-count',
    auth: 'user',
    status: 200,
    summary: 'Unread direct messages across all conversations.',
    answer: DmUnreadCount,
  },
  {
    method: 'GET',
    path: '/dm/conversation/:id',
    auth: 'user',
    status: 200,
    summary:
      'A page of the conversation with user `id`, oldest first, paged like GET /message. 403 when either has blocked the other; 404 no such user; 400 yourself.',
    params: IdParams,
    query: DmHistoryQuery,
    answer: z.array(Message),
  },
  {
    method: 'POST',
    path: '/dm/send',
    auth: 'user',
    status: 201,
    summary:
      "Sends a direct message to a friend (201; 200 with the stored message for a repeated nonce). 403 to someone who is not a friend ('You can only send direct messages to friends'), across a block, or to Guardian ('You cannot reply to Guardian messages'). `channel_id`, when given, must be the pair's conversation id. Both participants get `direct_message`.",
    limits: ['messagePerUser'],
    body: DmSendBody,
    answer: Message,
  },
  {
    method: 'PUT',
    path: '/dm/edit/:id',
    auth: 'user',
    status: 200,
    summary:
      'The author edits their direct message (403 for anyone else, or across a block); both get `direct_message_edit`.',
    limits: ['writePerUser'],
    params: IdParams,
    body: EditMessageBody,
    answer: Message,
  },
  {
    method: 'DELETE',
    path: '/dm/delete/:id',
    auth: 'user',
    status: 200,
    summary:
      'The author deletes their direct message and its attachments (403 for the other participant; 404 for anyone outside the conversation); both get `direct_message_delete`.',
    limits: ['writePerUser'],
    params: IdParams,
    answer: DeleteMessageAnswer,
  },
  {
    method: 'POST',
    path: '/dm/mark-read/:id',
    auth: 'user',
    status: 200,
    summary:
      "Marks the conversation with user `id` read up to `message_id`, or its newest message; the mark never moves back. The caller's sessions get `dm_read_status_update`.",
    limits: ['writePerUser'],
    params: IdParams,
    body: DmMarkReadBody,
    answer: DmReadEvent,
  },
  {
    method: 'POST',
    path: '/dm/mark-all-read',
    auth: 'user',
    status: 200,
    summary: 'Mark All Read: every conversation with unread messages, up to its newest; `marked` counts them.',
    limits: ['writePerUser'],
    answer: z.object({ marked: z.number() }),
  },
  {
    method: 'POST',
    path: '/dm/reactions/:id',
    auth: 'user',
    status: 201,
    summary:
      'Reacts to direct message `id` with the rules of POST /message/{id}/reactions; only the participants (404 for anyone else), not across a block (403). Both get `dm_reaction_add`.',
    limits: ['writePerUser'],
    params: IdParams,
    body: AddReactionBody,
    answer: Reaction,
  },
  {
    method: 'DELETE',
    path: '/dm/reactions/:id/:reactionId',
    auth: 'user',
    status: 204,
    summary: "Takes back the caller's own reaction on a direct message; both get `dm_reaction_remove`.",
    limits: ['writePerUser'],
    params: ReactionParams,
  },
  {
    method: 'GET',
    path: '/privacy/settings',
    auth: 'user',
    status: 200,
    summary:
      "The caller's privacy settings: who may send friend requests, profile blur, the decline cooldown, data collection and new-device login alerts, with the address alerts go to.",
    answer: PrivacySettings,
  },
  {
    method: 'PUT',
    path: '/privacy/settings',
    auth: 'user',
    status: 200,
    summary:
      'Changes one or more privacy settings (saved at once); answers all of them. Turning `login_alerts_enabled` on without an address is 400 "You need to set an email address before enabling login alerts."; a sign-in from a device (fingerprint, else user agent) and address the account never used then mails an alert to a verified address.',
    limits: ['writePerUser'],
    body: PrivacySettingsUpdate,
    answer: PrivacySettings,
  },
  {
    method: 'POST',
    path: '/privacy/report',
    auth: 'user',
    status: 200,
    summary:
      "A data collection report (device_info, user_agent, timezone, language), stored with the user, username, address and time. Only when the caller's `data_collection_enabled` is on (403 'Data collection is turned off in your privacy settings' otherwise). Counted at most once every 7 days per user, or when it comes from a device (the access token's) the user has not reported from before: otherwise nothing is stored and the answer is `{ accepted: false, reason: null }` (200, not an error). `reason` says why one was stored: 'first', 'interval' or 'new_device'.",
    limits: ['writePerUser'],
    body: DataReportBody,
    answer: DataReportAnswer,
  },

  /* ---------- push notifications ---------- */
  {
    method: 'GET',
    path: '/push-notifications/vapid-public-key',
    auth: 'user',
    status: 200,
    summary:
      "The server's VAPID public key (base64url), which a browser subscribes to Web Push with. The key pair is made on the server's first start and kept in the database, so every node signs with the same one (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY override it).",
    answer: VapidKeyAnswer,
  },
  {
    method: 'POST',
    path: '/push-notifications/register',
    auth: 'user',
    status: 200,
    summary:
      "Registers this device for push notifications. `platform` 'web': `token` is the browser's PushSubscription as JSON, whose endpoint must be on a known push service (Google, Mozilla, Apple, Microsoft, or an origin in PUSH_ENDPOINT_ORIGINS), else 400. 'android' (the default, spec 3 §9): an FCM registration token, used when the server has FCM_SERVICE_ACCOUNT. A token registered before (by anyone) moves to the caller and this device; an account keeps its 20 newest. Pushes go only to registrations whose device is still signed in.",
    limits: ['writePerUser'],
    body: RegisterPushBody,
    answer: PushRegisterAnswer,
  },
  {
    method: 'POST',
    path: '/push-notifications/unregister',
    auth: 'user',
    status: 200,
    summary:
      "Removes the caller's registration with this token (for 'web', the subscription JSON or its endpoint); unknown tokens are not an error.",
    limits: ['writePerUser'],
    body: UnregisterPushBody,
    answer: MessageAnswer,
  },
  {
    method: 'POST',
    path: '/push-notifications/test',
    auth: 'user',
    status: 200,
    summary:
      "Sends a test push to every device of the caller's that is registered and signed in, and says how many it reached. 400 'No device of yours is registered for push notifications' when there is none. A registration the push service says is gone (404, 410) is removed.",
    limits: ['writePerUser'],
    answer: PushTestAnswer,
  },

  /* ---------- notification preferences ---------- */
  {
    method: 'POST',
    path: '/user/mute-channel',
    auth: 'user',
    status: 200,
    summary:
      "Mutes or unmutes a channel the caller can see (404 otherwise) for the caller: no mention popups or sounds from it, no unread mark. The caller's sessions get `notification_preferences_update`.",
    limits: ['writePerUser'],
    body: MuteChannelBody,
    answer: MuteChannelAnswer,
  },
  {
    method: 'POST',
    path: '/user/mute-group',
    auth: 'user',
    status: 200,
    summary:
      'Mutes or unmutes a whole group the caller can see (404 otherwise), as /user/mute-channel does for one channel.',
    limits: ['writePerUser'],
    body: MuteGroupBody,
    answer: MuteGroupAnswer,
  },
  {
    method: 'GET',
    path: '/user/notification-preferences',
    auth: 'user',
    status: 200,
    summary: 'The channels and groups the caller has muted (only muted ones are listed), among those they can see.',
    answer: NotificationPreferences,
  },
  {
    method: 'GET',
    path: '/user/notification-settings',
    auth: 'user',
    status: 200,
    summary: 'Whether message notifications are on for the account (default true).',
    answer: NotificationSettings,
  },
  {
    method: 'PUT',
    path: '/user/notification-settings',
    auth: 'user',
    status: 200,
    summary:
      'Turns message notifications on or off for the account; off, no mention or @everyone pops up or sounds anywhere.',
    limits: ['writePerUser'],
    body: NotificationSettings,
    answer: NotificationSettings,
  },

  /* ---------- reactions ---------- */
  {
    method: 'POST',
    path: '/message/:id/reactions',
    auth: 'user',
    status: 201,
    summary:
      'Adds the caller\'s reaction: exactly one of `emoji_unicode` (one emoji, stored fully qualified) and `emoji_id` (a custom emoji the caller may use: their own or a public one; any other is 404 "Emoji not found"). A custom emoji\'s reaction carries its current `emoji_name` and `emoji_url`. Needs can_post (403); the same emoji twice is 409 "You already added this reaction"; a message holds at most 20 different emoji (400), and one an admin removed takes none.',
    limits: ['writePerUser'],
    params: IdParams,
    body: AddReactionBody,
    answer: Reaction,
  },
  {
    method: 'DELETE',
    path: '/message/:id/reactions/:reactionId',
    auth: 'user',
    status: 204,
    summary:
      "Removes the caller's own reaction (204; anyone else's is 403). Needs only view access, so a user who lost can_post can still take a reaction back.",
    limits: ['writePerUser'],
    params: ReactionParams,
  },

  /* ---------- mentions ---------- */
  {
    method: 'GET',
    path: '/user/mention-suggestions',
    auth: 'user',
    status: 200,
    summary:
      "Users whose username or nickname starts with `query` (any case), exact matches first, then by username; with `channel_id`, only those who can view that channel, plus @everyone (labelled 'Admin Only') for an admin. The system account is never offered.",
    query: MentionSuggestionQuery,
    answer: z.array(MentionSuggestion),
  },

  /* ---------- read status ---------- */
  {
    method: 'GET',
    path: '/channel/read-status/all',
    auth: 'user',
    status: 200,
    summary:
      "The caller's read status in every text channel they may view, by channel id; `group_id` narrows to one group (404 if the caller may not view it). Own messages never count as unread.",
    query: ReadStatusQuery,
    answer: z.array(ChannelReadStatus),
  },
  {
    method: 'POST',
    path: '/channel/:id/mark-read',
    auth: 'user',
    status: 200,
    summary:
      "Marks a channel read up to `message_id` (a message of this channel, else 404), or its newest message when null. The mark never moves back; a change is sent to the caller's sessions as `channel_read_status_update`.",
    limits: ['writePerUser'],
    params: IdParams,
    body: MarkChannelReadBody,
    answer: ChannelReadStatus,
  },
  {
    method: 'POST',
    path: '/channel/:id/mark-unread',
    auth: 'user',
    status: 200,
    summary:
      "Mark Unread: moves the caller's mark in a channel back to just before `message_id` (a message of this channel, else 404), so it and everything after it are unread again, mentions included; sent to the caller's sessions as `channel_read_status_update`.",
    limits: ['writePerUser'],
    params: IdParams,
    body: MarkChannelUnreadBody,
    answer: ChannelReadStatus,
  },
  {
    method: 'GET',
    path: '/group/read-status/all',
    auth: 'user',
    status: 200,
    summary: "The caller's read status summed up per group they may view, by group id.",
    answer: z.array(GroupReadStatus),
  },
  {
    method: 'POST',
    path: '/group/:id/mark-read',
    auth: 'user',
    status: 200,
    summary:
      "Marks every text channel of a group read up to its newest message; each channel that changed is sent to the caller's sessions as `channel_read_status_update`.",
    limits: ['writePerUser'],
    params: IdParams,
    answer: GroupReadStatus,
  },
  /* ---------- voice ---------- */
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

/* ---------- live gateway (WebSocket at /ws) ---------- */

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
};

/**
 * The rate limits each client frame counts against, per user (per address before the connection has
 * a session), shared with the REST route doing the same (a signal counts the same live or over
 * POST /voice/signal). A frame over a limit is answered `error` with the 429 text and its `type` (and
 * `nonce`), and not acted on; sustained flooding meets the per-connection cap (300 frames in 10 s),
 * which closes the connection with 4008, as Discord's gateway does. Without a limit of their own:
 * `ping` (answered from memory), and `auth` and `resume` (one per connection, and connections are
 * capped per user and per address).
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
  goingAway: 'The server is shutting down; reconnect and resume.',
  serviceRestart:
    "The cluster lost its shared event log (Redis restarted without its data), or an admin changed the user's role (promote, demote): reconnect, resume is refused, authenticate again.",
  idleTimeout: 'Nothing received for LIVE_IDLE_TIMEOUT_MS (75 s): two missed pings.',
  authFailed:
    "The token of `auth` or `token_refresh` was refused (after `auth_error`), or, with reason 'Access token expired', the session's token expired (plus LIVE_TOKEN_EXPIRY_GRACE_MS, 5 s) and no newer one came in `token_refresh`: refresh it and resume with the new token.",
  authTimeout: 'No `auth` or `resume` within 10 s of opening.',
  sessionRevoked:
    'The device was signed out (logout, a reused refresh token, revoked from the devices list, or all devices signed out: invalidate-all-sessions, a new password or username, a password reset, account deletion), or an admin suspended or deleted the account (after `suspended` / `account_terminated`).',
  slowConsumer:
    'The client fell too far behind (over LIVE_MAX_BUFFERED_BYTES, 4 MiB, queued unread), or sent more than 300 frames in 10 s.',
  invalidFrame: 'A text frame that is not valid UTF-8 (closed by the WebSocket layer).',
  frameTooLarge: 'A frame over 64 KiB (LIVE_MAX_FRAME_BYTES).',
  tooManyConnections:
    "Over a cap of live connections, counted per server node: the user's (LIVE_MAX_CONNECTIONS_PER_USER, after `auth` or `resume`, reason 'Too many live connections for this account') or the client address's (LIVE_MAX_CONNECTIONS_PER_ADDRESS, at once, reason 'Too many live connections from this address'). Close another connection (tab) or retry later.",
};
