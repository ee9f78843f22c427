import { z } from 'zod';
import { IsoDate, UserText } from './common.js';
import { PublicUser, Role } from './users.js';
import {
  BIO_MAX,
  HEX_COLOUR_PATTERN,
  NICKNAME_MAX,
  PROFILE_TEXT,
  PRONOUN_BG_PATTERN,
  PRONOUNS_CUSTOM_MAX,
  SOCIAL_KEYS,
  type SocialKey,
} from './profile-rules.js';

export * from './profile-rules.js';

/** A user's profile as another user sees it (GET /user/profile/{username}). */
export const UserProfile = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  nickname: z.string().nullable(),
  role: Role,
  pronouns: z.string().nullable(),
  pronouns_bg_color: z.string().nullable(),
  pronouns_text_color: z.string().nullable(),
  profile_image_url: z.string().nullable().describe('null when none, or hidden from the viewer'),
  profile_banner_url: z.string().nullable().describe('null when none, or hidden from the viewer'),
  bio: z.string().nullable().describe('null when empty, or hidden from the viewer'),
  social_links: z.record(z.string(), z.string()).describe('the 15 links without the social_ prefix; empty when hidden'),
  profile_blur_enabled: z.boolean(),
  is_hidden: z
    .boolean()
    .describe("true when the user's blur hides their picture, banner, bio and links from the viewer (not a friend)"),
  created_at: IsoDate,
});
export type UserProfile = z.infer<typeof UserProfile>;

export const UsernameParams = z.object({ username: z.string().min(1).max(64) });

export const NicknameBody = z.object({
  nickname: UserText()
    .trim()
    .max(NICKNAME_MAX, PROFILE_TEXT.nicknameTooLong)
    .nullable()
    .describe('empty or null removes it'),
});

export const PronounsBody = z.object({
  pronouns: UserText()
    .trim()
    .max(PRONOUNS_CUSTOM_MAX, PROFILE_TEXT.pronounsTooLong)
    .nullable()
    .describe('a preset (he/him, ...) or custom text up to 16; empty or null removes them'),
  pronouns_bg_color: z.string().regex(PRONOUN_BG_PATTERN, PROFILE_TEXT.badColour).nullable().optional(),
  pronouns_text_color: z.string().regex(HEX_COLOUR_PATTERN, PROFILE_TEXT.badColour).nullable().optional(),
});

export const BioBody = z.object({
  bio: UserText().trim().max(BIO_MAX, PROFILE_TEXT.bioTooLong).nullable(),
});

const SocialValue = UserText().trim().max(200, PROFILE_TEXT.socialTooLong).nullable().optional();
export const SocialLinksBody = z.object(
  Object.fromEntries(SOCIAL_KEYS.map((k) => [`social_${k}`, SocialValue])) as Record<
    `social_${SocialKey}`,
    typeof SocialValue
  >,
);

export const StorageInfo = z.object({ used_bytes: z.number() });

export const ProfileImageAnswer = z.object({ image_url: z.string(), storage_info: StorageInfo });
export const ProfileBannerAnswer = z.object({ banner_url: z.string(), storage_info: StorageInfo });
export const StorageAnswer = z.object({ storage_info: StorageInfo });

export const ProfileFieldAnswer = z.object({
  message: z.string(),
  profile: UserProfile.describe("the caller's profile after the change"),
});

/**
 * Sent to everyone who may see the user when their public profile changes (name, pronouns, picture)
 * or an admin changes their role.
 */
export const UserUpdateEvent = z.object({ user_id: z.number() }).extend(
  PublicUser.pick({
    username: true,
    role: true,
    nickname: true,
    pronouns: true,
    pronouns_bg_color: true,
    pronouns_text_color: true,
    profile_image_url: true,
    profile_blur_enabled: true,
  }).shape,
);
export type UserUpdateEvent = z.infer<typeof UserUpdateEvent>;

export const MembersQuery = z.object({
  after: z.string().max(200).optional().describe('the cursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

export const MemberEntry = PublicUser.omit({ created_at: true }).extend({
  profile_image_url: z.string().nullable().describe('null when none, or hidden by the member’s blur'),
});
export type MemberEntry = z.infer<typeof MemberEntry>;

export const MembersPage = z.object({
  members: z.array(MemberEntry),
  total: z.number().describe('members who can view the channel, on the first page; -1 on later pages'),
  next: z.string().nullable().describe('cursor of the next page, null at the end'),
});
export type MembersPage = z.infer<typeof MembersPage>;
