/**
 * What counts as one Unicode emoji, for reactions. Written without zod so the web client can put
 * an optimistic reaction under the same key the server will store.
 */

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
