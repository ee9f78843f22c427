/**
 * Loads the messages straight through SQL, as a bulk import would (the API takes 50 messages per 10 s
 * per user). The two search indexes (words, and word pairs for phrases) are dropped for the load and
 * built after it, and all is timed: a GIN index maintained row by row during a million inserts costs
 * far more than one built at the end. The generated column itself is computed by every insert (it
 * cannot be put off).
 */
import type { SqlConnection } from '@hearth/server/testing';
import { VOCABULARY } from './words.js';

export interface Loaded {
  channelIds: number[];
  authorNames: string[];
  firstId: number;
  lastId: number;
  loadMs: number;
  indexMs: number;
  pairsIndexMs: number;
  tableBytes: number;
  indexBytes: number;
  pairsIndexBytes: number;
}

/** The indexes as their migrations make them (0029_search.sql, 0031_search_phrases.sql). */
const INDEX = { name: 'messages_search_idx', sql: 'USING gin (search_vector)' };
const PAIRS_INDEX = { name: 'messages_search_pairs_idx', sql: 'USING gin (search_word_pairs(content))' };

async function timedIndex(sql: SqlConnection, index: typeof INDEX): Promise<number> {
  const t0 = performance.now();
  await sql.query(`CREATE INDEX ${index.name} ON messages ${index.sql}`);
  return performance.now() - t0;
}
/** Messages are inserted in batches, so one statement does not hold a million rows' worth of memory. */
const BATCH = 100_000;

/** `channels` text channels in the group, and `authors` users, all made through SQL. */
async function places(sql: SqlConnection, groupId: number, channels: number, authors: number) {
  const channelRows = await sql.query<{ id: number }>(
    `INSERT INTO channels (group_id, name) SELECT $1, 'bench-' || n FROM generate_series(1, $2) n RETURNING id`,
    [groupId, channels],
  );
  const authorRows = await sql.query<{ id: number; username: string }>(
    `INSERT INTO users (username, password_hash) SELECT 'author' || n, NULL FROM generate_series(1, $1) n
     RETURNING id, username`,
    [authors],
  );
  return { channelIds: channelRows.map((r) => Number(r.id)), authors: authorRows };
}

/**
 * `count` messages over the channels, by the authors, a few seconds apart, each 6 to 14 words drawn
 * with a skew towards the first words of the vocabulary (rank = floor(n * u^2) for uniform u). The
 * random generator is seeded, so every run loads the same text.
 */
export async function loadMessages(
  sql: SqlConnection,
  groupId: number,
  p: { messages: number; channels: number; authors: number },
): Promise<Loaded> {
  const { channelIds, authors } = await places(sql, groupId, p.channels, p.authors);
  const t0 = performance.now();
  await sql.query(`DROP INDEX ${INDEX.name}, ${PAIRS_INDEX.name}`);
  await sql.query('SELECT setseed(0.42)');
  let firstId = Infinity;
  let lastId = 0;
  for (let done = 0; done < p.messages; done += BATCH) {
    const n = Math.min(BATCH, p.messages - done);
    const [range] = await sql.query<{ first_id: number; last_id: number }>(
      `WITH inserted AS (
         INSERT INTO messages (channel_id, user_id, content, created_at)
         SELECT ($1::bigint[])[1 + (i % cardinality($1::bigint[]))],
                ($2::bigint[])[1 + ((i * 7) % cardinality($2::bigint[]))],
                (SELECT string_agg(($3::text[])[1 + floor(cardinality($3::text[]) * power(random(), 2))::int], ' ')
                   FROM generate_series(1, 6 + (i % 9)) AS w),
                now() - ($4::int - i) * interval '3 seconds'
           FROM generate_series($5::int + 1, $5::int + $6::int) AS i
         RETURNING id)
       SELECT min(id)::float8 AS first_id, max(id)::float8 AS last_id FROM inserted`,
      [channelIds, authors.map((a) => a.id), VOCABULARY, p.messages, done, n],
    );
    firstId = Math.min(firstId, range!.first_id);
    lastId = Math.max(lastId, range!.last_id);
  }
  const loadMs = performance.now() - t0;
  const indexMs = await timedIndex(sql, INDEX);
  const pairsIndexMs = await timedIndex(sql, PAIRS_INDEX);
  await sql.query('ANALYZE messages');
  const [sizes] = await sql.query<{ table_bytes: number; index_bytes: number; pairs_index_bytes: number }>(
    `SELECT pg_table_size('messages')::float8 AS table_bytes, pg_relation_size('${INDEX.name}')::float8 AS index_bytes,
            pg_relation_size('${PAIRS_INDEX.name}')::float8 AS pairs_index_bytes`,
  );
  return {
    channelIds,
    authorNames: authors.map((a) => a.username),
    firstId,
    lastId,
    loadMs,
    indexMs,
    pairsIndexMs,
    tableBytes: sizes!.table_bytes,
    indexBytes: sizes!.index_bytes,
    pairsIndexBytes: sizes!.pairs_index_bytes,
  };
}
