/**
 * The searches the benchmark times, from a seeded generator, so every run (before and after a change)
 * asks the same: a plain word, a quoted phrase taken from a loaded message, and a word with a filter.
 */
import type { SqlConnection } from '@hearth/server/testing';
import { QUERY_RANKS, VOCABULARY } from './words.js';
import type { Loaded } from './load.js';

export type QueryKind = 'word' | 'phrase' | 'filtered';
export const QUERY_KINDS: readonly QueryKind[] = ['word', 'phrase', 'filtered'];

/** mulberry32: small, fast and seedable; Math.random cannot be seeded. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const midWords = VOCABULARY.slice(QUERY_RANKS.from, QUERY_RANKS.to);

/** Two neighbouring words of `count` loaded messages, read once before the timing. */
export async function samplePhrases(sql: SqlConnection, loaded: Loaded, count: number, seed: number) {
  const random = seeded(seed);
  const ids = Array.from(
    { length: count },
    () => loaded.firstId + Math.floor(random() * (loaded.lastId - loaded.firstId)),
  );
  const rows = await sql.query<{ content: string }>('SELECT content FROM messages WHERE id = ANY($1::bigint[])', [ids]);
  return rows.map((r) => {
    const words = r.content.split(' ');
    const at = Math.floor(random() * (words.length - 1));
    return `${words[at]} ${words[at + 1]}`;
  });
}

/** The `q` of each next search of a kind. */
export function queries(kind: QueryKind, loaded: Loaded, phrases: readonly string[], seed: number): () => string {
  const random = seeded(seed);
  switch (kind) {
    case 'word':
      return () => pick(random, midWords);
    case 'phrase':
      return () => `"${pick(random, phrases)}"`;
    case 'filtered':
      return () =>
        random() < 0.5
          ? `${pick(random, midWords)} from:${pick(random, loaded.authorNames)}`
          : `${pick(random, midWords)} in:bench-${1 + Math.floor(random() * loaded.channelIds.length)}`;
  }
}

export const searchPath = (q: string) => `/api/search?q=${encodeURIComponent(q)}`;
