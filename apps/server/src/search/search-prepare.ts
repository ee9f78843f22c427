import type { ParsedSearch } from '@hearth/protocol';
import { Params, type Statement } from './statement.js';

/**
 * What a search's names and words stand for, asked of the database in one statement before the search
 * itself, so the search's statement holds constants the planner can read (its statistics say how many
 * messages hold a word only when the word is a constant, not a function of a parameter) and no reading
 * of a word is looked up twice.
 */

/** The four readings of a text, as the generated column search_vector indexes it (0029_search.sql). */
export const SEARCH_CONFIGS = ['simple', 'english', 'spanish', 'french'] as const;

/** The ids the names of a search's filters stand for; null where the search has no such filter. */
export interface FilterIds {
  from: number[] | null;
  mentions: number[] | null;
  in: number[] | null;
}

/** A search's words and phrases as the full-text parser reads them. */
export interface PreparedText {
  /** Each word's distinct readings, ORed, as a tsquery's text; null for a word with none (punctuation). */
  words: (string | null)[];
  /** Each phrase: its consecutive word pairs (0031_search_phrases.sql) and its tsquery (words in order, as written). */
  phrases: { pairs: string[]; query: string }[];
}

export interface PreparedSearch {
  filterIds: FilterIds;
  text: PreparedText;
}

const lower = (names: string[]) => [...new Set(names.map((n) => n.toLowerCase()))];

/** A word's readings, each once: 'vinyl' reads the same four ways, and the index need not be asked four times. */
const wordReadings = (configs: string) => `(SELECT string_agg('(' || q || ')', ' | ')
     FROM (SELECT DISTINCT plainto_tsquery(c::regconfig, w)::text AS q FROM unnest(${configs}::text[]) AS c) AS readings
    WHERE q <> '')`;

/** The one statement that prepares a search: the ids of the users and channels it names (any case), and its words. */
export function prepareStatement(search: ParsedSearch): Statement {
  const p = new Params();
  const [from, mentions, channels, words, configs, phrases] = [
    p.add(lower(search.from)),
    p.add(lower(search.mentions)),
    p.add(lower(search.in)),
    p.add(search.words),
    p.add(SEARCH_CONFIGS),
    p.add(search.phrases),
  ];
  return {
    text: `SELECT ARRAY(SELECT id FROM users WHERE lower(username) = ANY(${from}::text[])) AS from,
                  ARRAY(SELECT id FROM users WHERE lower(username) = ANY(${mentions}::text[])) AS mentions,
                  ARRAY(SELECT id FROM channels WHERE lower(name) = ANY(${channels}::text[])) AS in,
                  ARRAY(SELECT ${wordReadings(configs)} FROM unnest(${words}::text[]) WITH ORDINALITY AS t(w, n) ORDER BY n) AS words,
                  coalesce((SELECT json_agg(json_build_object('pairs', search_word_pairs(ph),
                                                              'query', phraseto_tsquery('simple', ph)::text) ORDER BY n)
                              FROM unnest(${phrases}::text[]) WITH ORDINALITY AS t(ph, n)), '[]') AS phrases`,
    values: p.values,
  };
}

/** prepareStatement's one row. */
export interface PreparedRow {
  from: string[];
  mentions: string[];
  in: string[];
  words: (string | null)[];
  phrases: { pairs: string[]; query: string }[];
}

/** The prepared search from prepareStatement's row. */
export function preparedSearch(search: ParsedSearch, row: PreparedRow): PreparedSearch {
  return {
    filterIds: {
      from: search.from.length > 0 ? row.from.map(Number) : null,
      mentions: search.mentions.length > 0 ? row.mentions.map(Number) : null,
      in: search.in.length > 0 ? row.in.map(Number) : null,
    },
    text: { words: row.words, phrases: row.phrases },
  };
}

/** How a statement finds a search's matches (search/matches.ts): through the indexes, or by walking the messages newest first. */
export type MatchWay = 'indexed' | 'walked';

/**
 * The conditions on `m` that the text of a search asks for; null when it asks for nothing that can
 * match (only punctuation). Words, and phrases of one word, are one tsquery for the full-text index.
 * A longer phrase needs its word pairs as written: through the indexes, the pairs index finds the
 * messages holding them all at once, and past two words the words in order are tested on the few it
 * leaves, by a function the planner cannot turn into a scan of the full-text index (ts_match_vq is
 * what `@@` calls). Walked, the words in order are tested first, on the stored vector, and the pairs
 * only on what passes (PostgreSQL tests a row's cheaper conditions first): the vector alone would
 * also take a stem for the word ('running fast' for "run fast", by its English reading).
 */
export function textConditions(text: PreparedText, way: MatchWay, p: Params): string[] | null {
  const single = text.phrases.filter((ph) => ph.pairs.length === 0).map((ph) => ph.query);
  const lexemes = [...text.words, ...single].filter((q): q is string => q !== null && q !== '');
  const long = text.phrases.filter((ph) => ph.pairs.length > 0);
  if (lexemes.length + long.length === 0) return null;
  const where: string[] = [];
  if (lexemes.length > 0) where.push(`m.search_vector @@ ${p.add(lexemes.map((q) => `(${q})`).join(' & '))}::tsquery`);
  for (const ph of long)
    if (way === 'walked' || ph.pairs.length > 1)
      where.push(`ts_match_vq(m.search_vector, ${p.add(ph.query)}::tsquery)`);
  if (long.length > 0)
    where.push(`search_word_pairs(m.content) @> ${p.add([...new Set(long.flatMap((ph) => ph.pairs))])}::text[]`);
  return where;
}
