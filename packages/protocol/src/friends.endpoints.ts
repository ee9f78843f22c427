import { z } from 'zod';
import type { Endpoint } from './endpoint-types.js';
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

/** Friends: requests, friendships and blocks. */
export const FRIEND_ENDPOINTS: readonly Endpoint[] = [
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
];

/** Privacy settings. A list of their own: the catalogue, and so docs/api.md, shows them after the direct messages. */
export const PRIVACY_SETTINGS_ENDPOINTS: readonly Endpoint[] = [
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
];
