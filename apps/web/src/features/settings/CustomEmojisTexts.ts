/** Spec 3 §8's texts for the Custom Emojis tab, word for word (the NSFW-off text is ours, in the same style). */
export const CUSTOM_EMOJI_TEXT = {
  uploaded: (name: string) => `Uploaded :${name}:`,
  renamed: (name: string) => `Renamed to :${name}:`,
  visibility: (isPublic: boolean) => `Emoji is now ${isPublic ? 'Public' : 'Private'}`,
  nsfw: (isNsfw: boolean) => (isNsfw ? 'Emoji marked as NSFW' : 'Emoji unmarked as NSFW'),
  deleted: (name: string) => `Deleted :${name}:`,
  uploadFailed: 'Failed to upload emoji',
  renameFailed: 'Failed to rename emoji',
  visibilityFailed: 'Failed to update emoji visibility',
  nsfwFailed: 'Failed to update emoji NSFW status',
  deleteFailed: 'Failed to delete emoji',
} as const;

/** The types spec 3 §5 accepts, as the file picker filters them. */
export const EMOJI_FILE_TYPES = 'image/jpeg,image/png,image/gif,image/webp';

/** A name offered for a chosen file: its name without the extension, other characters as underscores, at most 32. */
export function defaultEmojiName(fileName: string, max = 32): string {
  const base = fileName.replace(/\.[^.]*$/, '');
  return base.replace(/[^A-Za-z0-9_]/g, '_').slice(0, max) || 'emoji';
}
