import SimpleMarkdown, { type MatchFunction, type ParserRule } from 'simple-markdown';
import { bounded, nested, startsWith, type ChatState } from './nesting';

const { unescapeUrl } = SimpleMarkdown;

/**
 * A bare http(s) address, as simple-markdown finds it, except that `|` ends it: `||https://…||`
 * is a spoiler around a link, and addresses rarely contain a bar.
 */
const BARE_URL = /^(https?:\/\/[^\s<|]+[^<.,:;"')\]\s|])/;

/**
 * `[text](target "title")`. Written here rather than taken from simple-markdown, whose pattern
 * allows nested brackets and spends over a second on a hostile 4000-character message
 * (`[a](` repeated). Here every repetition has alternatives that start differently, so a match
 * attempt costs at most one pass: link text of escapes and anything but brackets; a target of escapes,
 * one level of parentheses (Wikipedia addresses) and anything but space, brackets or parentheses.
 */
const LINK = /^\[((?:\\[\s\S]|[^\\[\]])*)\]\(\s*<?((?:\\[\s\S]|\([^()\s]*\)|[^\s\\()<>])*)>?(?:\s+"([^"]*)")?\s*\)/;

/** `<scheme:/…>` and `<name@host>`; no `<` inside, so a run of them is not rescanned at each one. */
const AUTOLINK = /^<([^: <>]+:\/[^ <>]+)>/;
const MAILTO = /^<([^ <>@]+@[^ <>]+)>/;

/** No link inside a link's text (nested anchors are invalid and would confuse the reader). */
const outsideLinks =
  (match: MatchFunction): MatchFunction =>
  (source, state: ChatState, prev) =>
    state.inLink ? null : match(source, state, prev);

const plainLink = (address: string, target: string, source: string) => ({
  type: 'link',
  content: [{ type: 'text', content: address }],
  target,
  title: null,
  source,
});

/**
 * Links: `[text](target "title")`, `<scheme:…>`, `<name@host>` and bare http(s) addresses. The
 * parser keeps every target as written; whether it becomes a link at all is the link policy's call
 * when rendering (link-policy.ts).
 */
export function linkRules(order: number): Record<string, ParserRule> {
  return {
    autolink: {
      order,
      match: outsideLinks(startsWith(AUTOLINK)),
      parse: (capture) => plainLink(capture[1] ?? '', capture[1] ?? '', capture[0] ?? ''),
    },
    mailto: {
      order,
      match: outsideLinks(startsWith(MAILTO)),
      parse: (capture) => {
        const address = capture[1] ?? '';
        return plainLink(address, /^mailto:/i.test(address) ? address : `mailto:${address}`, capture[0] ?? '');
      },
    },
    url: {
      order: order + 1,
      match: outsideLinks(startsWith(BARE_URL)),
      parse: (capture) => plainLink(capture[1] ?? '', capture[1] ?? '', capture[0] ?? ''),
    },
    link: {
      order: order + 2,
      match: outsideLinks(bounded(startsWith(LINK))),
      parse: (capture, parse, state) => ({
        content: nested(parse, capture[1] ?? '', state, { inLink: true }),
        target: unescapeUrl(capture[2] ?? ''),
        title: capture[3] ?? null,
        source: capture[0] ?? '',
      }),
    },
  };
}
