import { describe, expect, it } from 'vitest';
import { extractMentions } from '@hearth/protocol/rules';
import { parseMessage } from './parse-message';

/** The server pings from extractMentions; the reader sees highlights from the renderer. They must agree. */
const CORPUS = [
  'hi @Bob and @alice-2, @bob again; @everyone!',
  '(@a_b) **@c** __@d__ ~~@e~~ ||@f|| > @g\n@h',
  '`@bob` ``a `@bob` b`` ```\n@bob\n```',
  '``` @bob',
  'bob@example.com https://example.com/@bob <mailto:x@bob> [@link](https://example.com)',
  '\\@bob \\\\@carol a@dave @ @erin@frank',
  '@Everyone @everyones @everyone',
  'emoji :smile:@bob and *@ital*',
  '_@em_ __@under__ __@a_b__ _@c_d_ x_@no_ __@open',
  // Headings and lists change no mention: they are lines, and what is inside them parses as before.
  '# @bob\n## hi @carol\n- @dave\n* item @erin\n  1. @frank\n> - @gina\n\\# @hal\n-@ivy #@jon',
  '- `code\n@bob` @carol\n1. ```\n@dave\n```\n# **@erin\n- @fay**',
];

describe('mentions the server finds', () => {
  it.each(CORPUS)('are the ones the renderer highlights: %s', (text) => {
    const rendered = parseMessage(text).mentions;
    const server = extractMentions(text);
    expect(new Set(server.names)).toEqual(rendered.names);
    expect(server.everyone).toBe(rendered.everyone);
  });
});
