/**
 * Search: the query language shared by the server (which runs it) and the client (which suggests
 * filters as the person types). No zod here, so the client may import it.
 *
 * A query is words, "quoted phrases" and filter words in Discord's style: `from:username`,
 * `in:channel-name`, `mentions:username`, `has:link|file|image|video|embed`, `before:YYYY-MM-DD`,
 * `after:YYYY-MM-DD`, `pinned:true|false`. A filter's value may be quoted (`in:"two words"`).
 * Anything else with a colon (`http://…`, `12:30`) is a word.
 */

export const SEARCH_PAGE_SIZE = 25;
export const SEARCH_PAGE_MAX = 100;
/**
 * Counting stops here: `total` is exact up to it; beyond, it is the cap and the answer says
 * `total_capped` (shown as '1000+'). An exact count of a common word over a large history costs more than the
 * page itself; past a thousand hits nobody pages to the end, they narrow the query.
 */
export const SEARCH_TOTAL_CAP = 1000;
/** The deepest result a page may reach (offset + limit); past the cap there is nothing counted to page to. */
export const SEARCH_OFFSET_MAX = SEARCH_TOTAL_CAP - 1;
/** A query longer than this is refused: it could only be pasted text, not something to search for. */
export const SEARCH_QUERY_MAX = 500;
/** At most this many words and phrases are matched; a query of more is refused. */
export const SEARCH_TERMS_MAX = 16;

export const SEARCH_HAS = ['link', 'file', 'image', 'video', 'embed'] as const;
export type SearchHas = (typeof SEARCH_HAS)[number];

export const SEARCH_FILTER_KEYS = ['from', 'in', 'mentions', 'has', 'before', 'after', 'pinned'] as const;
export type SearchFilterKey = (typeof SEARCH_FILTER_KEYS)[number];

export const SEARCH_TEXT = {
  empty: 'Type a word to search for, or a filter such as from:username',
  tooLong: `A search may be at most ${SEARCH_QUERY_MAX} characters`,
  tooManyTerms: `A search may have at most ${SEARCH_TERMS_MAX} words and phrases`,
  badDate: (key: string) => `${key}: needs a date written YYYY-MM-DD`,
  badHas: `has: must be one of ${SEARCH_HAS.join(', ')}`,
  badPinned: 'pinned: must be true or false',
  noValue: (key: string) => `${key}: needs a value`,
  limit: `limit must be a number from 1 to ${SEARCH_PAGE_MAX}`,
  offset: `offset must be a number from 0 to ${SEARCH_OFFSET_MAX}`,
  placeholder: 'Search',
  label: 'Search messages',
  resultsTitle: 'Search results',
  close: 'Close search',
  cancel: 'Cancel',
  searching: 'Searching…',
  noResults: 'No results found',
  failed: 'Search failed',
  count: (total: number, capped: boolean) =>
    capped ? `${total}+ results` : `${total} ${total === 1 ? 'result' : 'results'}`,
  previous: 'Previous page',
  next: 'Next page',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  suggestions: 'Search filters',
  jumpFailed: 'Failed to load the message',
} as const;

/** What a query asks for, once parsed. Repeated from/in/mentions mean any of them; repeated has: all of them. */
export interface ParsedSearch {
  words: string[];
  phrases: string[];
  from: string[];
  in: string[];
  mentions: string[];
  has: SearchHas[];
  /** YYYY-MM-DD: messages of days before this one (UTC). */
  before: string | null;
  /** YYYY-MM-DD: messages of days after this one (UTC). */
  after: string | null;
  pinned: boolean | null;
}

export type SearchParseResult = { ok: true; search: ParsedSearch } | { ok: false; error: string };

/** A word, a quoted phrase, or `key:value` / `key:"value"`. */
const TOKEN = /([A-Za-z]+):(?:"([^"]*)"?|(\S*))|"([^"]*)"?|(\S+)/g;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A word must hold a letter or a digit; punctuation alone matches nothing. */
const MEANINGFUL = /[\p{L}\p{N}]/u;

const isFilterKey = (key: string): key is SearchFilterKey => (SEARCH_FILTER_KEYS as readonly string[]).includes(key);

/** A real calendar day written YYYY-MM-DD (2024-02-30 is not one). */
export function isSearchDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Applies one filter to `s`; an error text when its value is not one the filter takes. */
function applyFilter(s: ParsedSearch, key: SearchFilterKey, value: string): string | null {
  if (value === '') return SEARCH_TEXT.noValue(key);
  switch (key) {
    case 'from':
    case 'in':
    case 'mentions':
      s[key].push(value);
      return null;
    case 'has': {
      const kind = value.toLowerCase();
      if (!(SEARCH_HAS as readonly string[]).includes(kind)) return SEARCH_TEXT.badHas;
      if (!s.has.includes(kind as SearchHas)) s.has.push(kind as SearchHas);
      return null;
    }
    case 'before':
    case 'after':
      if (!isSearchDate(value)) return SEARCH_TEXT.badDate(key);
      s[key] = value;
      return null;
    case 'pinned': {
      const v = value.toLowerCase();
      if (v !== 'true' && v !== 'false') return SEARCH_TEXT.badPinned;
      s.pinned = v === 'true';
      return null;
    }
  }
}

const hasFilters = (s: ParsedSearch) =>
  s.from.length + s.in.length + s.mentions.length + s.has.length > 0 ||
  s.before !== null ||
  s.after !== null ||
  s.pinned !== null;

/** Parses a query; an error text for a query the server answers 400 to. */
export function parseSearchQuery(q: string): SearchParseResult {
  if (q.length > SEARCH_QUERY_MAX) return { ok: false, error: SEARCH_TEXT.tooLong };
  const s: ParsedSearch = {
    words: [],
    phrases: [],
    from: [],
    in: [],
    mentions: [],
    has: [],
    before: null,
    after: null,
    pinned: null,
  };
  for (const m of q.matchAll(TOKEN)) {
    const [whole, key, quotedValue, value, phrase, word] = m;
    if (key !== undefined) {
      const lower = key.toLowerCase();
      if (isFilterKey(lower)) {
        const error = applyFilter(s, lower, (quotedValue ?? value ?? '').trim());
        if (error) return { ok: false, error };
        continue;
      }
      if (MEANINGFUL.test(whole)) s.words.push(whole);
    } else if (phrase !== undefined) {
      const text = phrase.trim().replace(/\s+/g, ' ');
      if (!MEANINGFUL.test(text)) continue;
      if (text.includes(' ')) s.phrases.push(text);
      else s.words.push(text);
    } else if (word !== undefined && MEANINGFUL.test(word)) {
      s.words.push(word);
    }
  }
  if (s.words.length + s.phrases.length > SEARCH_TERMS_MAX) return { ok: false, error: SEARCH_TEXT.tooManyTerms };
  if (s.words.length + s.phrases.length === 0 && !hasFilters(s)) return { ok: false, error: SEARCH_TEXT.empty };
  return { ok: true, search: s };
}

/** One suggestion for the token being typed: what it shows and the whole query once chosen. */
export interface SearchSuggestion {
  label: string;
  /** What the suggestion explains (for a filter key), or null. */
  hint: string | null;
  /** The query with the token being typed replaced. */
  query: string;
}

const KEY_HINTS: Record<SearchFilterKey, string> = {
  from: 'user',
  in: 'channel',
  mentions: 'user',
  has: 'link, file, image, video or embed',
  before: 'YYYY-MM-DD',
  after: 'YYYY-MM-DD',
  pinned: 'true',
};

/** Names to offer as filter values, from what the client already has. */
export interface SuggestionSources {
  users: readonly string[];
  channels: readonly string[];
}

const SUGGESTIONS_MAX = 8;
/** A value needs quotes when it holds a space. */
const quoteValue = (v: string) => (/\s/.test(v) ? `"${v}"` : v);

/**
 * Suggestions for the last token of `q` (the one being typed): filter keys that start with it, or
 * values for the filter it names. Empty when it is a plain word or complete.
 */
export function searchSuggestions(q: string, sources: SuggestionSources): SearchSuggestion[] {
  const start = /\S*$/.exec(q)?.index ?? q.length;
  const head = q.slice(0, start);
  const token = q.slice(start);
  const colon = token.indexOf(':');
  if (colon < 0) {
    if (token === '') return [];
    const lower = token.toLowerCase();
    return SEARCH_FILTER_KEYS.filter((k) => k.startsWith(lower) && k !== lower).map((k) => ({
      label: `${k}:`,
      hint: KEY_HINTS[k],
      query: `${head}${k}:`,
    }));
  }
  const key = token.slice(0, colon).toLowerCase();
  if (!isFilterKey(key)) return [];
  const typed = token
    .slice(colon + 1)
    .replace(/^"/, '')
    .toLowerCase();
  const values = (): readonly string[] => {
    switch (key) {
      case 'from':
      case 'mentions':
        return sources.users;
      case 'in':
        return sources.channels;
      case 'has':
        return SEARCH_HAS;
      case 'pinned':
        return ['true', 'false'];
      default:
        return [];
    }
  };
  return [...new Set(values())]
    .filter((v) => v.toLowerCase().startsWith(typed) && v.toLowerCase() !== typed)
    .slice(0, SUGGESTIONS_MAX)
    .map((v) => ({ label: `${key}:${v}`, hint: null, query: `${head}${key}:${quoteValue(v)} ` }));
}
