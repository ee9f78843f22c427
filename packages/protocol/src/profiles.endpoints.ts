import { z } from 'zod';
import type { Endpoint } from './endpoint-types.js';
import { IdParams } from './common.js';
import {
  BioBody,
  MembersPage,
  MembersQuery,
  NicknameBody,
  ProfileBannerAnswer,
  ProfileFieldAnswer,
  ProfileImageAnswer,
  PronounsBody,
  SocialLinksBody,
  StorageAnswer,
  UserProfile,
  UsernameParams,
} from './profiles.js';

/** Profiles: viewing one, editing its fields, profile pictures and banners. */
export const PROFILE_ENDPOINTS: readonly Endpoint[] = [
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
];

/** A channel's member list. A list of its own: the catalogue, and so docs/api.md, shows it after the custom emoji. */
export const CHANNEL_MEMBER_ENDPOINTS: readonly Endpoint[] = [
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
];
