/* File names without zod, so the web client can import them (see package.json exports). */

/** What a stored file name may be at most, in UTF-16 units. */
export const FILE_NAME_MAX = 255;

// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
/**
 * Bidirectional formatting characters: ALM, LRM, RLM, the embeddings and overrides (U+202A–U+202E)
 * and the isolates (U+2066–U+2069). In a file name they only serve to disguise it: 'evil\u202Egpj.html'
 * shows as 'evillmth.jpg'.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A file name as it may be stored, shown and offered for download: without any folder part, control
 * characters (which would break a Content-Disposition header), bidirectional controls or lone
 * surrogates (no UTF-8 form), trimmed, at most FILE_NAME_MAX long, and 'file' if nothing is left.
 * The server stores names this way; the client and the download header apply it again, so a name
 * stored before (or by another server) is shown for what it is.
 */
export function safeFileName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop()!;
  const clean = base.replace(CONTROLS, '').replace(BIDI_CONTROLS, '').trim();
  // After the cut, so a pair cut in half does not leave half a character.
  return clean.slice(0, FILE_NAME_MAX).replace(LONE_SURROGATES, '').trim() || 'file';
}
