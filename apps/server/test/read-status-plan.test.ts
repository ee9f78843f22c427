import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.js';
import { createPool, type Db } from '../src/db/pool.js';
import { channelStatusSql } from '../src/read-status/status-sql.js';
import { createTestDatabase } from './harness.js';

/*
 * The read status is derived from the last read message at every request, so its statement must cost
 * what is unread, not what the channel holds: checked on a long channel read almost to its end.
 */

const MESSAGES = 20_000;
const READ_UP_TO = 19_900;

let db: Db;
let reader: { id: number; created_at: Date };

beforeAll(async () => {
  db = createPool(await createTestDatabase());
  await migrate(db);
  const users = await db.query<{ id: number; created_at: Date }>(
    `INSERT INTO users (username, role, created_at) VALUES ('reader', 'USER', now() - interval '1 day'),
            ('writer', 'ADMIN', now() - interval '1 day'), ('popular', 'USER', now()) RETURNING id, created_at`,
  );
  reader = users.rows[0]!;
  const writer = users.rows[1]!.id;
  const popular = users.rows[2]!.id;
  const channel = (await db.query<{ id: number }>(`SELECT id FROM channels WHERE name = 'general'`)).rows[0]!.id;
  // Every 100th message names the reader, every 1000th is an @everyone.
  const ids = await db.query<{ id: number; n: number }>(
    `INSERT INTO messages (channel_id, user_id, content, mentions_everyone)
     SELECT $1, $2, 'message ' || n, n % 1000 = 0 FROM generate_series(1, $3) AS n RETURNING id`,
    [channel, writer, MESSAGES],
  );
  const named = ids.rows.filter((_, i) => (i + 1) % 100 === 0).map((r) => r.id);
  await db.query(`INSERT INTO message_mentions (user_id, channel_id, message_id) SELECT $1, $2, unnest($3::bigint[])`, [
    reader.id,
    channel,
    named,
  ]);
  // Someone else is named in every message, so the mention table is no small one to read whole.
  await db.query(`INSERT INTO message_mentions (user_id, channel_id, message_id) SELECT $1, $2, unnest($3::bigint[])`, [
    popular,
    channel,
    ids.rows.map((r) => r.id),
  ]);
  await db.query('INSERT INTO channel_reads (user_id, channel_id, last_read_message_id) VALUES ($1, $2, $3)', [
    reader.id,
    channel,
    ids.rows[READ_UP_TO - 1]!.id,
  ]);
  // Checked first where the planner knows least (never analysed), then where it knows the data.
  await db.query('ALTER TABLE messages SET (autovacuum_enabled = false)');
  await db.query('ALTER TABLE message_mentions SET (autovacuum_enabled = false)');
});
afterAll(() => db?.end());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

async function expectCheapStatus() {
  const sql = channelStatusSql({ id: reader.id, role: 'USER' });
  const values = [reader.id, reader.created_at, null, null];
  const { rows } = await db.query<{ unread_mentions: number; has_unread: boolean }>(sql, values);
  // Of the mentions, only message 20,000 (named and @everyone, counted once) is past the mark.
  expect(rows[0]).toMatchObject({ has_unread: true, unread_mentions: 1 });

  const explained = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
    values,
  );
  const plan = nodes(explained.rows[0]!['QUERY PLAN'][0].Plan);
  const scans = plan.filter((n) => n['Relation Name'] === 'messages' || n['Relation Name'] === 'message_mentions');
  for (const scan of scans) expect(scan['Node Type'], JSON.stringify(scan)).not.toBe('Seq Scan');
  const read = scans.reduce((sum, n) => sum + n['Actual Rows'] * n['Actual Loops'], 0);
  expect(read).toBeLessThan(MESSAGES - READ_UP_TO);
}

describe('the channel status statement on a long channel read almost to its end', () => {
  it('reads the indexes from the mark on, before the tables are analysed', expectCheapStatus);

  it('and after', async () => {
    await db.query('ANALYZE');
    await expectCheapStatus();
  });
});
