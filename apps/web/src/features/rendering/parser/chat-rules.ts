import SimpleMarkdown, { type MatchFunction, type ParserRule } from 'simple-markdown';
import { startsWith } from './nesting';

const { defaultRules } = SimpleMarkdown;

/** Spec 1 §5: @ then letters, digits, underscore or hyphen. */
const MENTION = /^@([A-Za-z0-9_-]+)/;
/** Spec 1 §5: 1–32 lowercase letters, digits and underscores between colons. */
const SHORTCODE = /^:([a-z0-9_]{1,32}):/;
/** A mention starts a word: `name@example.com` is an address, not a mention. */
const WORD_END = /[A-Za-z0-9_-]$/;

/**
 * Text stops before any symbol, as in simple-markdown (so every other rule gets its chance), and
 * also runs across single line breaks: they stay in the text, and the stylesheet shows them.
 */
const TEXT = /^[\s\S]+?(?=[^0-9A-Za-z\s\u00c0-\uffff]|\w+:\S|$)/;

const mention: MatchFunction = (source, _state, prev) => (WORD_END.test(prev) ? null : MENTION.exec(source));

export function chatRules(order: number): Record<string, ParserRule> {
  return {
    // A run of backticks that opens no code is text as a whole: taking it one backtick at a time
    // would retry the code rules at every backtick of the run, which is quadratic.
    backticks: {
      order,
      match: startsWith(/^`+/),
      parse: (capture) => ({ type: 'text', content: capture[0] ?? '' }),
    },
    // `\*` and friends: the symbol itself, as text, marked so that `\#` or `\-` starting a line
    // makes no heading or list (line-blocks.ts).
    escape: {
      order,
      match: defaultRules.escape.match,
      parse: (capture) => ({ type: 'text', content: capture[1] ?? '', escaped: true }),
    },
    mention: {
      order: order + 1,
      match: mention,
      parse: (capture) => ({ name: capture[1] ?? '' }),
    },
    emoji: {
      order: order + 1,
      match: startsWith(SHORTCODE),
      parse: (capture) => ({ name: capture[1] ?? '' }),
    },
    text: {
      order: order + 2,
      match: startsWith(TEXT),
      parse: (capture) => ({ content: capture[0] }),
    },
  };
}
