/**
 * What counts as one Unicode emoji, for reactions, and the rules of custom emoji. Written without zod
 * so the web client can put an optimistic reaction under the same key the server will store, and
 * check an emoji name as the server does.
 */
import { TEXT } from './texts.js';

/** Longest emoji text accepted, in UTF-16 units; the longest standard emoji (a kiss with two skin tones) is 15. */
export const EMOJI_MAX_LENGTH = 32;

/** Different emoji one message may carry (as Discord); more only by reacting with one already there. */
export const REACTION_EMOJI_PER_MESSAGE_MAX = 20;

const VS16 = '\uFE0F';
const EMOJI = /\p{Emoji}/u;
const PRESENTATION = /\p{Emoji_Presentation}/u;
const MODIFIER = /\p{Emoji_Modifier}/u;

/**
 * The fully-qualified form: variation selector 16 after every emoji whose default look is text
 * (❤, ©, digits of a keycap), unless a skin tone follows it, and nowhere else. Keyboards, pickers
 * and pasted text differ in where they put VS16; one form means one reaction per emoji.
 */
export function canonicalEmoji(text: string): string {
  const points = [...text.replaceAll(VS16, '')];
  let out = '';
  points.forEach((point, i) => {
    out += point;
    const next = points[i + 1];
    const textDefault = EMOJI.test(point) && !PRESENTATION.test(point);
    if (textDefault && !(next !== undefined && MODIFIER.test(next))) out += VS16;
  });
  return out;
}

/**
 * Every standard emoji (including sequences), where the JavaScript engine knows the set. Marked
 * pure, as is POSSIBLE, so a bundle that uses only canonicalEmoji (the web client) leaves them out.
 */
const RGI = /* @__PURE__ */ (() => {
  try {
    return new RegExp('^\\p{RGI_Emoji}$', 'v');
  } catch {
    return null;
  }
})();

/**
 * An emoji sequence by its shape (UTS #51 "possible emoji"), for emoji newer than the engine's
 * Unicode data: flags, keycaps, and pictographs with skin tones, tags and zero-width joiners.
 * Extended_Pictographic reserves the blocks future emoji are assigned in.
 */
const PART =
  '(?:\\p{Regional_Indicator}{2}|[#*0-9]\\uFE0F\\u20E3|\\p{Extended_Pictographic}\\uFE0F?\\p{Emoji_Modifier}?(?:[\\u{E0020}-\\u{E007E}]+\\u{E007F})?)';
const POSSIBLE = /* @__PURE__ */ new RegExp(`^${PART}(?:\\u200D${PART})*$`, 'u');
const UNASSIGNED = /\p{Cn}/u;

const graphemes = (text: string): number => {
  let count = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) count++;
  return count;
};

/**
 * The canonical form of `text` when it is exactly one emoji, else null. A standard emoji is checked
 * against the standard list; only text with code points this engine does not know yet (emoji newer
 * than its Unicode data) falls back to the shape, so a server on an older runtime still accepts
 * what an up-to-date picker offers.
 */
export function singleEmoji(text: string): string | null {
  if (text.length === 0 || text.length > EMOJI_MAX_LENGTH) return null;
  const canonical = canonicalEmoji(text);
  if (graphemes(canonical) !== 1) return null;
  if (RGI && !UNASSIGNED.test(canonical)) return RGI.test(canonical) ? canonical : null;
  return POSSIBLE.test(canonical) ? canonical : null;
}

/*
 * Custom emoji (spec 3 §5 and §9): uploaded pictures with a name. Also without zod, so the settings
 * tab can check a name as the server does before it sends it.
 */

/**
 * Spec 3 §5's texts word for word, in the order the upload checks run (the first that fails answers),
 * then the server's own for what the spec does not cover.
 */
export const EMOJI_TEXT = {
  invalidType: 'Invalid file type. Allowed: JPEG, PNG, GIF, WebP',
  tooLarge: 'File too large. Max 5 MB',
  dimensionsTooLarge: 'Image dimensions must be at most 256x256px',
  limitReached: 'You have reached the limit (200).',
  nameRequired: TEXT.nameRequired,
  nameChars: 'Name must be alphanumeric or underscore',
  nameTooLong: 'Name must be 32 characters or fewer',
  nameTaken: 'Emoji name must be unique',
  /** A GIF (exempt from 256x256) or animated WebP whose frames add up to more than the server decodes. */
  animationTooLarge: 'Animation too large. Max 50 million pixels across all frames',
  notFound: TEXT.emojiNotFound,
  notOwn: 'You can only change or delete your own emoji',
  badFlag: 'is_public and is_nsfw must be "true" or "false"',
} as const;

/** Spec 3 §9: 200 per user, 5 MB, 256x256 (GIF exempt), name 32. */
export const CUSTOM_EMOJI_PER_USER_MAX = 200;
export const CUSTOM_EMOJI_MAX_BYTES = 5 * 1024 * 1024;
export const CUSTOM_EMOJI_MAX_PX = 256;
export const CUSTOM_EMOJI_NAME_MAX = 32;
/** Letters of either case, digits and underscore; case is kept, and uniqueness ignores it. */
export const CUSTOM_EMOJI_NAME_CHARS = /^[A-Za-z0-9_]+$/;
/**
 * The most pixels, summed over all frames, of a picture the server decodes: only an animation can
 * come near it (a GIF may exceed 256x256). Measured: sharp streams the frames, so memory stays flat,
 * and re-encoding the worst of what fits in 5 MB took one to one and a half seconds of CPU.
 */
export const CUSTOM_EMOJI_MAX_TOTAL_PIXELS = 50_000_000;

/** The name as stored: surrounding spaces are dropped (a pasted name often has them). */
export const normalEmojiName = (raw: string): string => raw.trim();

/** The first rule a (normalised) name breaks, in spec 3 §5's order, or null when it is fine. */
export function emojiNameProblem(name: string): string | null {
  if (name.length === 0) return EMOJI_TEXT.nameRequired;
  if (!CUSTOM_EMOJI_NAME_CHARS.test(name)) return EMOJI_TEXT.nameChars;
  if (name.length > CUSTOM_EMOJI_NAME_MAX) return EMOJI_TEXT.nameTooLong;
  return null;
}
