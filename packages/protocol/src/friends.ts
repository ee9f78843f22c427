import { z } from 'zod';
import { Id, IsoDate, UserText } from './common.js';
import { PublicUser } from './users.js';

export const FRIEND_TEXT = {
  pushTitle: 'New Friend Request',
  pushBody: (name: string) => `${name} sent you a friend request`,
  userNotFound: 'User not found',
  usernameRequired: 'Please enter a username',
  notYourself: 'You cannot send a friend request to yourself',
  notSystem: 'You cannot send friend requests to system users',
  youBlocked: 'You have blocked this user. Unblock them to send a friend request.',
  blockedYou: 'You cannot send a friend request to this user',
  alreadyFriends: 'You are already friends with this user',
  alreadySent: 'Friend request already sent',
  notAccepting: 'This user is not accepting friend requests',
  cooldown: (days: number) =>
    `This user declined your request recently. You can send another in ${days} ${days === 1 ? 'day' : 'days'}.`,
  sent: 'Friend request sent',
  accepted: 'Friend request accepted',
  declined: 'Friend request declined',
  cancelled: 'Friend request cancelled',
  removed: 'Friend removed',
  blocked: 'User blocked',
  unblocked: 'User unblocked',
  requestNotFound: 'Friend request not found',
  notFriends: 'You are not friends with this user',
  notBlocked: 'This user is not blocked',
  cannotBlockYourself: 'You cannot block yourself',
  cannotBlockSystem: 'System users cannot be blocked',
} as const;

/** Spec 2 §9: after a decline, the requester waits this long (when the decliner has the cooldown on). */
export const FRIEND_REQUEST_COOLDOWN_DAYS = 7;

export const FriendRequestBody = z.object({
  username: UserText(FRIEND_TEXT.usernameRequired).trim().min(1, FRIEND_TEXT.usernameRequired).max(64),
});
export const FriendshipParams = z.object({ friendship_id: Id });
export const UserIdParams = z.object({ user_id: Id });

export const FriendActionAnswer = z.object({
  message: z.string(),
  friendship_id: z.number().nullable(),
});
export type FriendActionAnswer = z.infer<typeof FriendActionAnswer>;

export const Friend = z.object({
  friendship_id: z.number(),
  since: IsoDate.describe('when the request was accepted'),
  user: PublicUser,
});
export type Friend = z.infer<typeof Friend>;

export const FriendRequest = z.object({
  id: z.number(),
  friendship_id: z.number(),
  created_at: IsoDate,
  user: PublicUser.describe('the other person: who asked (incoming) or who was asked (outgoing)'),
});
export type FriendRequest = z.infer<typeof FriendRequest>;

export const BlockedUser = z.object({ blocked_at: IsoDate, user: PublicUser });

export const FriendshipStatusValue = z.enum([
  'none',
  'friends',
  'request_sent',
  'request_received',
  'blocked_by_you',
  'blocked_by_them',
  'self',
]);
export const FriendshipStatus = z.object({
  status: FriendshipStatusValue,
  friendship_id: z.number().nullable(),
});
export type FriendshipStatus = z.infer<typeof FriendshipStatus>;

/** Live events of friendships, to both people (spec 2 §4). */
export const FriendRequestEvent = z.object({ friendship_id: z.number(), created_at: IsoDate, user: PublicUser });
export const FriendChangeEvent = z.object({ friendship_id: z.number(), user: PublicUser });
export const FriendRemovedEvent = z.object({ user_id: z.number() });

export const FriendRequestPrivacy = z.enum(['anyone', 'friends_of_friends', 'none'], {
  error: 'friend_request_privacy must be anyone, friends_of_friends or none',
});

const ChangeablePrivacySettings = z.object({
  friend_request_privacy: FriendRequestPrivacy,
  profile_blur_enabled: z.boolean(),
  friend_request_cooldown_enabled: z.boolean(),
  data_collection_enabled: z.boolean(),
  /** New-device login alerts by mail (spec 3 §2 Safety); needs an email address. */
  login_alerts_enabled: z.boolean(),
});

export const PrivacySettings = ChangeablePrivacySettings.extend({
  email: z.string().nullable().describe('the address login alerts go to (read-only here: see /user/update-email)'),
});
export type PrivacySettings = z.infer<typeof PrivacySettings>;

/** One field at a time, saved at once (spec 3 §3); several may come together. */
export const PrivacySettingsUpdate = ChangeablePrivacySettings.partial().refine((b) => Object.keys(b).length > 0, {
  message: 'Send at least one setting to change',
});
