/**
 * Which mentions a message's text makes (spec 1 §5: @ then letters, digits, underscore or hyphen;
 * @everyone is special). Written without zod or a Markdown parser so the server can run it on every
 * send; it follows the client's renderer, so what is highlighted is what pings: no mention inside
 * code, in a link's address, after a backslash, or in the middle of a word (`name@example.com`).
 * Headings and lists need nothing here: the renderer finds them in the lines of its inline parse,
 * so they never change which text is code or a link.
 */

export const EVERYONE_MENTION = 'everyone';

export interface ExtractedMentions {
  /** Names mentioned (lower case, without the @, distinct, in order of first use). */
  names: string[];
  everyone: boolean;
}

// The renderer's code rules: a fenced block anywhere, then inline code between equal backtick runs.
const CODE_BLOCK = /```[\s\S]*?```/g;
const INLINE_CODE = /(`+)[\s\S]*?[^`]\1(?!`)/g;
// Addresses the renderer turns into links: bare http(s) addresses and <scheme:...> autolinks.
const LINK_ADDRESS = /https?:\/\/[^\s<]+|<[^ >]+:[^ >]+>/g;
// `\@` (and any escaped symbol) is the symbol itself, as text.
const ESCAPE = /\\[^0-9A-Za-z\s]/g;
// `_@name_` (italic) and `__@name__` (underlined) mentions: `_` being a name character, the markers
// are taken off first so they neither hide the mention nor join the name. As in the renderer, an
// italic's text has no single `_`, an underline's may.
const ITALIC = /(^|[^A-Za-z0-9_])_(@[A-Za-z0-9-]+)_(?![A-Za-z0-9_])/g;
const UNDERLINE = /(^|[^A-Za-z0-9_-])__(@[A-Za-z0-9_-]+?)__(?!_)/g;
const MENTION = /(^|[^A-Za-z0-9_-])@([A-Za-z0-9_-]+)/g;

export function extractMentions(text: string): ExtractedMentions {
  const plain = text
    .replace(CODE_BLOCK, ' ')
    .replace(INLINE_CODE, ' ')
    .replace(LINK_ADDRESS, ' ')
    .replace(ESCAPE, ' ')
    .replace(UNDERLINE, '$1 $2 ')
    .replace(ITALIC, '$1 $2 ');
  const names = new Set<string>();
  let everyone = false;
  for (const match of plain.matchAll(MENTION)) {
    const name = match[2]!;
    // Only the exact word is @everyone, as in the renderer; any other case is a name.
    if (name === EVERYONE_MENTION) everyone = true;
    else names.add(name.toLowerCase());
  }
  return { names: [...names], everyone };
}
