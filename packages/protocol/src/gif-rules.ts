/* GIF rules, numbers and texts without zod, so the web client can import them (see package.json exports). */

/** Spec 3 §5 and §8, spec 1 §5 and §8: exactly as the spec writes them. */
export const GIF_TEXT = {
  notGif: 'Only GIF files allowed',
  tooLarge: 'File too large. Max 10 MB',
  nameRequired: 'Name is required',
  nameChars: 'Name must be alphanumeric or underscore',
  nameTooLong: 'Name must be 32 characters or fewer',
  nameTaken: 'GIF name must be unique',
  limitReached: 'You have reached the limit (200).',
  favoritesBusy: 'Already processing favorites operation',
  favoriteNotFound: 'Favorite GIF not found',
  searchFailed: 'Failed to search GIFs',
  trendingFailed: 'Failed to get trending GIFs',
  categoriesFailed: 'Failed to get GIF categories',
  /* Not in the spec: the server's own. */
  gifNotFound: 'GIF not found',
  notOwner: 'You can only change your own GIFs',
  queryRequired: 'Enter a search term to find GIFs',
  invalidPosition: 'Invalid position',
  invalidGifId: 'GIF id must be 1 to 128 letters, digits or . _ : -',
  invalidUrl: 'GIF addresses must be http(s) links or paths on this server',
} as const;

/** Spec 3 §9: custom GIFs per user, bytes per GIF, name length. */
export const GIF_USER_MAX = 200;
export const GIF_MAX_BYTES = 10 * 1024 * 1024;
export const GIF_NAME_MAX = 32;
export const GIF_NAME_PATTERN = /^[A-Za-z0-9_]+$/;
/** Spec 1 §7 and §9: the picker asks for 15 at a time; a request without a limit gets 20. */
export const GIF_PICKER_PAGE_SIZE = 15;
export const GIF_PAGE_SIZE_DEFAULT = 20;
/** The most one page may hold (GIPHY's largest page for beta keys). */
export const GIF_PAGE_SIZE_MAX = 50;
/** Spec 1 §9. */
export const GIF_SEARCH_DEBOUNCE_MS = 500;
export const GIF_FAVORITES_REFRESH_DEBOUNCE_MS = 300;
/** Spec 1 §2: the Trending tab shows 8 chips taken from these 16 searches. */
export const GIF_QUICK_SEARCH_CHIPS = 8;
export const GIF_QUICK_SEARCHES = [
  'funny',
  'happy',
  'sad',
  'excited',
  'love',
  'angry',
  'confused',
  'dancing',
  'celebration',
  'thumbs up',
  'facepalm',
  'shrug',
  'clapping',
  'crying',
  'laughing',
  'shocked',
] as const;

/** Spec 3 §5, in the spec's order: required, then the characters, then the length. Null when fine. */
export function gifNameError(name: string): string | null {
  if (name.length === 0) return GIF_TEXT.nameRequired;
  if (!GIF_NAME_PATTERN.test(name)) return GIF_TEXT.nameChars;
  if (name.length > GIF_NAME_MAX) return GIF_TEXT.nameTooLong;
  return null;
}

/**
 * Spec 3 §5: the name a GIF gets from its file name — without its extension (and any folder), every
 * other character than letters, digits and underscore replaced by an underscore, cut to 32, or
 * "gif" when nothing is left. Characters are counted as code points, so an emoji is one underscore.
 */
export function defaultGifName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot >= 0 ? base.slice(0, dot) : base;
  const name = [...stem]
    .map((c) => (/^[A-Za-z0-9_]$/.test(c) ? c : '_'))
    .slice(0, GIF_NAME_MAX)
    .join('');
  return name || 'gif';
}
