/** A piece of a result's text, marked when it is one of the words the search matched. */
export interface TextPart {
  text: string;
  marked: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Cuts `text` into pieces, marking each whole-word occurrence (any case) of the server's
 * `highlights`: the words as the message writes them, so no stemming is needed here.
 */
export function highlightParts(text: string, highlights: readonly string[]): TextPart[] {
  const words = [...new Set(highlights.filter((w) => w !== ''))].sort((a, b) => b.length - a.length);
  if (words.length === 0) return [{ text, marked: false }];
  // Letters and digits of any script on either side mean the word is part of a longer one.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index), marked: false });
    parts.push({ text: m[0], marked: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}
