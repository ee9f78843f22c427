import { describe, expect, it } from 'vitest';
import { parseSearchQuery, SEARCH_TEXT, searchSuggestions, type ParsedSearch } from './search-rules.js';

const parsed = (q: string): ParsedSearch => {
  const r = parseSearchQuery(q);
  if (!r.ok) throw new Error(r.error);
  return r.search;
};
const error = (q: string) => {
  const r = parseSearchQuery(q);
  return r.ok ? null : r.error;
};

describe('parseSearchQuery', () => {
  it('splits words, quoted phrases and filters', () => {
    expect(
      parsed(
        'hello "big world" from:Ann in:"general chat" mentions:bob has:LINK before:2024-02-29 after:2024-01-01 pinned:true',
      ),
    ).toEqual({
      words: ['hello'],
      phrases: ['big world'],
      from: ['Ann'],
      in: ['general chat'],
      mentions: ['bob'],
      has: ['link'],
      before: '2024-02-29',
      after: '2024-01-01',
      pinned: true,
    });
  });

  it('keeps repeated filters, words that only look like filters, and drops punctuation alone', () => {
    const s = parsed('from:a from:b has:file has:file https://x.com 12:30 !!! "one"');
    expect(s.from).toEqual(['a', 'b']);
    expect(s.has).toEqual(['file']);
    expect(s.words).toEqual(['https://x.com', '12:30', 'one']);
  });

  it('refuses bad filters and empty queries with a text for people', () => {
    expect(error('')).toBe(SEARCH_TEXT.empty);
    expect(error('  "" ... ')).toBe(SEARCH_TEXT.empty);
    expect(error('a before:2024-02-30')).toBe(SEARCH_TEXT.badDate('before'));
    expect(error('a after:24-01-01')).toBe(SEARCH_TEXT.badDate('after'));
    expect(error('a has:gif')).toBe(SEARCH_TEXT.badHas);
    expect(error('a pinned:yes')).toBe(SEARCH_TEXT.badPinned);
    expect(error('a in:')).toBe(SEARCH_TEXT.noValue('in'));
    expect(error('w '.repeat(17))).toBe(SEARCH_TEXT.tooManyTerms);
    expect(error('pinned:false')).toBeNull();
  });
});

describe('searchSuggestions', () => {
  const sources = { users: ['alice', 'Albert', 'bob'], channels: ['general', 'game night'] };

  it('offers filter keys for a partial word', () => {
    expect(searchSuggestions('cats f', sources).map((s) => s.query)).toEqual(['cats from:']);
    expect(searchSuggestions('cats ', sources)).toEqual([]);
  });

  it('offers values for the filter being typed, quoting names with spaces', () => {
    expect(searchSuggestions('from:al', sources).map((s) => s.label)).toEqual(['from:alice', 'from:Albert']);
    expect(searchSuggestions('x in:g', sources).map((s) => s.query)).toEqual(['x in:general ', 'x in:"game night" ']);
    expect(searchSuggestions('has:', sources)).toHaveLength(5);
    expect(searchSuggestions('has:link', sources)).toEqual([]);
    expect(searchSuggestions('http://', sources)).toEqual([]);
  });
});
