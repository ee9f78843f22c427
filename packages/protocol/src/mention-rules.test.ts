import { describe, expect, it } from 'vitest';
import { extractMentions } from './mention-rules.js';

describe('extractMentions', () => {
  it('finds @names (lower-cased, distinct, in order) and @everyone', () => {
    expect(extractMentions('hi @Bob and @alice-2, @bob again; @everyone!')).toEqual({
      names: ['bob', 'alice-2'],
      everyone: true,
    });
    expect(extractMentions('(@a_b) **@c** >@d\n@e')).toEqual({ names: ['a_b', 'c', 'd', 'e'], everyone: false });
    expect(extractMentions('_@em_ __@under__ __@a_b__ _@c_d_').names).toEqual(['em', 'under', 'a_b']);
  });

  it('skips code, link addresses, escapes and the middle of words, as the renderer does', () => {
    for (const text of [
      '`@bob`',
      '``a `@bob` b``',
      '```\n@bob\n```',
      'bob@example.com',
      'https://example.com/@bob',
      '<mailto:x@bob>',
      '\\@bob',
      'a@bob',
      '@',
      '@ bob',
    ])
      expect(extractMentions(text).names, text).toEqual([]);
    // An unclosed fence or backtick is text, so what follows it still mentions.
    expect(extractMentions('``` @bob').names).toEqual(['bob']);
    expect(extractMentions('\\\\@bob').names).toEqual(['bob']);
  });

  it('treats only the exact word as @everyone', () => {
    expect(extractMentions('@Everyone')).toEqual({ names: ['everyone'], everyone: false });
    expect(extractMentions('@everyones')).toEqual({ names: ['everyones'], everyone: false });
  });
});
