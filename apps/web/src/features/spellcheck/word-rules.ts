import { SLASH_COMMANDS } from '@hearth/protocol/commands';

/** A word of the text to check, where it is. */
export interface WordAt {
  word: string;
  start: number;
  end: number;
}

/** Spec 1 §5: shorter texts are not checked, nor words of fewer letters. */
export const MIN_TEXT_LENGTH = 5;
export const MIN_WORD_LETTERS = 3;

const DOMAIN_SUFFIX = /\.(com|org|net|io|dev|app|co|uk|de|fr|es|eu|gov|edu|info|me|ly|gg|tv|ai)$/i;

/**
 * The words to check (spec 1 §5): runs of letters (with inner apostrophes) of 3 letters or more, in a
 * text of at least 5 characters; a token (what stands between spaces) starting with http, www, @ or #,
 * or ending in a common domain suffix is skipped whole, as are tokens with digits or underscores
 * (codes, names), emoji shortcodes and anything inside backticks. A slash command's name and
 * subcommand are not language either (`/guardian hugme`); what the command carries (an
 * announcement's text) is.
 */
export function checkableWords(text: string): WordAt[] {
  if (text.trim().length < MIN_TEXT_LENGTH) return [];
  const skipped = [...codeSpans(text), ...commandSpan(text)];
  const words: WordAt[] = [];
  for (const token of text.matchAll(/\S+/g)) {
    const raw = token[0];
    const at = token.index;
    if (/^(https?:|www\.|@|#)/i.test(raw) || DOMAIN_SUFFIX.test(raw.replace(/[.,!?;:)]+$/, ''))) continue;
    if (/[\d_]/.test(raw) || /^:[a-z0-9_]+:$/i.test(raw)) continue;
    for (const part of raw.matchAll(/\p{L}+(?:['’]\p{L}+)*/gu)) {
      const start = at + part.index;
      const end = start + part[0].length;
      if ([...part[0]].filter((c) => /\p{L}/u.test(c)).length < MIN_WORD_LETTERS) continue;
      if (skipped.some(([from, to]) => start >= from && end <= to)) continue;
      words.push({ word: part[0], start, end });
    }
  }
  return words;
}

/**
 * Where a slash command's own words are: text starting with `/` is a command (never a message), whose
 * first token is its name (any name: an unknown one is still not a word) and, for a command with
 * subcommands, whose second token is the subcommand.
 */
function commandSpan(text: string): [number, number][] {
  const match = /^(\s*\/(\S*))(\s+\S+)?/.exec(text);
  if (!match) return [];
  const base = (match[2] ?? '').toLowerCase();
  const hasSubcommands = SLASH_COMMANDS.some((command) => command.base === base && command.subcommands.length > 0);
  return [[0, (hasSubcommands && match[3] ? match[0] : (match[1] ?? '')).length]];
}

/** Where inline code and code blocks are: their words are code, not language. */
function codeSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const m of text.matchAll(/```[\s\S]*?(```|$)|`[^`\n]*`/g)) spans.push([m.index, m.index + m[0].length]);
  return spans;
}
