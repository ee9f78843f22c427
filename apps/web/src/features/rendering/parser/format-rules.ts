import SimpleMarkdown, { type ParserRule } from 'simple-markdown';
import { bounded, nested, startsWith } from './nesting';

const { defaultRules } = SimpleMarkdown;

/** Backticks padding inline code (`` ` `code` ` ``) are dropped, as Markdown does. */
const CODE_PADDING = /^ (?= *`)|(` *) $/g;

/**
 * Bold, italic, underline, strike, spoiler and inline code. The matching is simple-markdown's own
 * (its regexes and the length-based tie-break between `*`, `**` and `__`); the parse functions are
 * ours so that nesting is bounded.
 */
export function formatRules(order: number): Record<string, ParserRule> {
  return {
    em: {
      order,
      match: bounded(defaultRules.em.match),
      quality: defaultRules.em.quality,
      parse: (capture, parse, state) => ({ content: nested(parse, capture[2] || capture[1] || '', state) }),
    },
    strong: {
      order,
      match: bounded(defaultRules.strong.match),
      quality: defaultRules.strong.quality,
      parse: (capture, parse, state) => ({ content: nested(parse, capture[1] ?? '', state) }),
    },
    u: {
      order,
      match: bounded(defaultRules.u.match),
      quality: defaultRules.u.quality,
      parse: (capture, parse, state) => ({ content: nested(parse, capture[1] ?? '', state) }),
    },
    del: {
      order: order + 1,
      match: bounded(defaultRules.del.match),
      parse: (capture, parse, state) => ({ content: nested(parse, capture[1] ?? '', state) }),
    },
    // `||hidden||`: a new rule, hidden until the reader reveals it.
    spoiler: {
      order: order + 1,
      match: bounded(startsWith(/^\|\|([\s\S]+?)\|\|(?!\|)/)),
      parse: (capture, parse, state) => ({ content: nested(parse, capture[1] ?? '', state) }),
    },
    inlineCode: {
      order: order + 2,
      // simple-markdown's pattern, except that the opening run is taken whole ((?!`)): letting it
      // shrink made a long run of backticks cost a cubic number of steps.
      match: startsWith(/^(`+)(?!`)([\s\S]*?[^`])\1(?!`)/),
      parse: (capture) => ({ content: (capture[2] ?? '').replace(CODE_PADDING, '$1') }),
    },
  };
}
