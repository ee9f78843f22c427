/* Profile rules and texts without zod, so the web client can import them (see package.json exports). */

/** A picture or banner with more pixels than this (width × height) is not decoded at all. */
export const PROFILE_IMAGE_MAX_PIXELS = 50_000_000;

export const PROFILE_TEXT = {
  invalidImage: 'Please select a valid image file (JPEG, PNG, GIF, WebP)',
  imageTooLarge: 'Image file must be less than 10MB',
  imageTooManyPixels: `Image is too large: at most ${PROFILE_IMAGE_MAX_PIXELS / 1_000_000} megapixels (width × height)`,
  bioTooLong: 'Bio must be 500 characters or fewer',
  pronounsTooLong: 'Custom pronouns must be 16 characters or fewer',
  nicknameTooLong: 'Nickname must be 32 characters or fewer',
  badColour: 'Colours must be a hex colour (#rrggbb) or a linear gradient of 2 to 6 hex colours',
  socialTooLong: 'Social links must be 200 characters or fewer',
  noImage: 'No profile picture to remove',
  noBanner: 'No profile banner to remove',
  userNotFound: 'User not found',
  hidden: 'Profile hidden until friendship',
} as const;

/** Spec 3 §9. */
export const BIO_MAX = 500;
export const PRONOUNS_CUSTOM_MAX = 16;
export const NICKNAME_MAX = 32;
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const GRADIENT_STOPS_MIN = 2;
export const GRADIENT_STOPS_MAX = 6;

/** Spec 3 §3: the fifteen social links, stored and answered without the social_ prefix. */
export const SOCIAL_KEYS = [
  'twitter',
  'facebook',
  'bluesky',
  'youtube',
  'instagram',
  'tiktok',
  'reddit',
  'github',
  'twitch',
  'epic_games',
  'xbox',
  'steam',
  'battlenet',
  'psn',
  'website',
] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];
/** How the social links are named on a profile and in the settings. */
export const SOCIAL_LABELS: Record<SocialKey, string> = {
  twitter: 'Twitter / X',
  facebook: 'Facebook',
  bluesky: 'Bluesky',
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  reddit: 'Reddit',
  github: 'GitHub',
  twitch: 'Twitch',
  epic_games: 'Epic Games',
  xbox: 'Xbox',
  steam: 'Steam',
  battlenet: 'Battle.net',
  psn: 'PlayStation Network',
  website: 'Website',
};

export type SocialLinks = Partial<Record<SocialKey, string>>;

const HEX = '#[0-9a-fA-F]{6}';
/** One hex colour, or `linear-gradient(<angle>deg, c1, ..., cN)` with 2 to 6 hex stops. */
export const PRONOUN_BG_PATTERN = new RegExp(
  `^(?:${HEX}|linear-gradient\\(\\s*-?\\d{1,3}deg\\s*(?:,\\s*${HEX}\\s*){${GRADIENT_STOPS_MIN},${GRADIENT_STOPS_MAX}}\\))$`,
);
export const HEX_COLOUR_PATTERN = new RegExp(`^${HEX}$`);
