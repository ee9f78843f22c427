import type { MatchFunction, ParserRule } from 'simple-markdown';
import { bounded, nested, type ChatState } from './nesting';

/**
 * ```` ```lang\ncode``` ```` anywhere in a message, as chat apps do. The language is the first line
 * when it is one word; one newline after the closing fence belongs to the block, so no empty line
 * follows it. One lazy run and no nested quantifiers, so an unclosed fence costs one scan.
 */
const CODE_BLOCK = /^```(?:([\w+#.-]{1,32})\n)?([\s\S]*?)```\n?/;

/** `> ` at the start of a line quotes that line; `>>> ` quotes the rest of the message. */
const QUOTE_LINES = /^(?:> [^\n]*(?:\n|$))+/;
const QUOTE_REST = /^>>> ([\s\S]*)/;
const LINE_START = /(?:^|\n)$/;

const codeBlock: MatchFunction = (source) => {
  const capture = CODE_BLOCK.exec(source);
  // An empty block (``````) is not one; the backticks stay text.
  return capture && /[^\n]/.test(capture[2] ?? '') ? capture : null;
};

/** Quotes start a line (the previous capture ended one) and do not nest. */
const quote: MatchFunction = (source, state: ChatState, prev) =>
  state.inQuote || !LINE_START.test(prev) ? null : (QUOTE_REST.exec(source) ?? QUOTE_LINES.exec(source));

export function blockRules(order: number): Record<string, ParserRule> {
  return {
    codeBlock: {
      order,
      match: codeBlock,
      parse: (capture) => ({ lang: capture[1] ?? null, content: (capture[2] ?? '').replace(/^\n|\n$/g, '') }),
    },
    blockQuote: {
      order: order + 1,
      match: bounded(quote),
      parse: (capture, parse, state) => {
        const whole = capture[0] ?? '';
        const text = whole.startsWith('>>> ') ? (capture[1] ?? '') : whole.replace(/^> /gm, '').replace(/\n$/, '');
        return { content: nested(parse, text, state, { inQuote: true }) };
      },
    },
  };
}
