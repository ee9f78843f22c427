/**
 * Puts a large history into one channel straight through SQL: the API takes at most 50 messages per
 * 10 s per user, and even unthrottled, 100,000 sends would take minutes. One INSERT ... SELECT over
 * generate_series writes them in about a second, as a bulk import would.
 */
import type { SqlConnection } from '@hearth/server/testing';

export interface LoadedChannel {
  channelId: number;
  firstId: number;
  lastId: number;
  ms: number;
}

/** Loads `count` messages by two authors into the channel, oldest first, a minute apart, with reactions and pictures. */
export async function loadHistory(
  sql: SqlConnection,
  channelId: number,
  authorIds: [number, number],
  count: number,
): Promise<LoadedChannel> {
  const t0 = performance.now();
  const [range] = await sql.query<{ first_id: number; last_id: number }>(
    `WITH inserted AS (
       INSERT INTO messages (channel_id, user_id, content, created_at)
       SELECT $1, CASE WHEN n % 2 = 0 THEN $2::bigint ELSE $3::bigint END,
              'Message ' || n || ' of the history benchmark, about as long as a chat line.',
              now() - ($4 - n) * interval '1 minute'
         FROM generate_series(1, $4) AS n
       RETURNING id)
     SELECT min(id)::float8 AS first_id, max(id)::float8 AS last_id FROM inserted`,
    [channelId, authorIds[0], authorIds[1], count],
  );
  if (!range) throw new Error('the load inserted nothing');
  await loadReactions(sql, range.first_id, range.last_id, authorIds);
  await loadAttachments(sql, range.first_id, range.last_id, authorIds[0]);
  return { channelId, firstId: range.first_id, lastId: range.last_id, ms: performance.now() - t0 };
}

/**
 * Reactions as a lively channel has them, so every page also loads its reactions: one on every third
 * message, a second emoji from the other author on every sixth.
 */
async function loadReactions(sql: SqlConnection, firstId: number, lastId: number, authorIds: [number, number]) {
  await sql.query(
    `INSERT INTO reactions (message_id, user_id, emoji_unicode)
     SELECT id, $3::bigint, '👍' FROM generate_series($1::bigint, $2::bigint) AS id WHERE id % 3 = 0
     UNION ALL
     SELECT id, $4::bigint, '🎉' FROM generate_series($1::bigint, $2::bigint) AS id WHERE id % 6 = 0`,
    [firstId, lastId, authorIds[0], authorIds[1]],
  );
}

/**
 * A picture on every tenth message, as rows only (a history page lists attachments and signs their
 * addresses; it never opens the files). Their sizes are not charged to the author: 10,000 pictures of
 * 2.4 MB would be far over one account's storage limit (the insert fails with HS413), and no file is
 * stored anyway. So the accounting trigger is off for this one insert, in the same transaction.
 */
async function loadAttachments(sql: SqlConnection, firstId: number, lastId: number, authorId: number) {
  await sql.query('BEGIN');
  try {
    await sql.query('ALTER TABLE attachments DISABLE TRIGGER attachments_account');
    await insertAttachments(sql, firstId, lastId, authorId);
    await sql.query('ALTER TABLE attachments ENABLE TRIGGER attachments_account');
    await sql.query('COMMIT');
  } catch (err) {
    await sql.query('ROLLBACK');
    throw err;
  }
}

async function insertAttachments(sql: SqlConnection, firstId: number, lastId: number, authorId: number) {
  await sql.query(
    `INSERT INTO attachments (user_id, message_id, storage_key, preview_key, content_type, attachment_type,
                              original_filename, file_size, width, height)
     SELECT $3::bigint, id, 'bench/' || id, 'bench/' || id || '.preview.webp', 'image/jpeg', 'image',
            'photo-' || id || '.jpg', 2400000, 4000, 3000
       FROM generate_series($1::bigint, $2::bigint) AS id WHERE id % 10 = 0`,
    [firstId, lastId, authorId],
  );
}

/**
 * Whether the planner has statistics for the messages table. reltuples is -1 until the table is first
 * vacuumed or analysed; until then the planner guesses its size from its pages.
 */
export async function hasStatistics(sql: SqlConnection): Promise<boolean> {
  const [row] = await sql.query<{ reltuples: number }>(
    `SELECT reltuples::float8 AS reltuples FROM pg_class WHERE relname = 'messages' AND relkind = 'r'`,
  );
  return (row?.reltuples ?? -1) >= 0;
}
