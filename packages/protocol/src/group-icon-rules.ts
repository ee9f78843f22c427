/* Group icon rules and texts without zod, so the web client can import them (see package.json exports). */

/** Spec 2 §5, §8, §9: what an icon may be, and what is said when it cannot. */
export const GROUP_ICON_TEXT = {
  tooLarge: 'Image file size must be less than 10MB',
  tooLargeTitle: 'File Too Large',
  notImage: 'Please select a valid image file (JPEG, PNG, GIF, WebP)',
  hint: 'PNG, JPG up to 10MB',
  uploadFailed: 'Failed to upload icon',
  removeFailed: 'Failed to remove icon',
} as const;

/** At most this many bytes are accepted, picked or sent. */
export const GROUP_ICON_MAX_BYTES = 10 * 1024 * 1024;
/** The square the client crops to and the server stores (spec 2 §9: 64×64). */
export const GROUP_ICON_SIZE = 64;
/** Where stored icons are served; each upload gets a new random name. */
export const GROUP_ICON_PATH = '/api/group-icons/';
