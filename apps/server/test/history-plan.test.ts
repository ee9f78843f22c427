import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryQuery } from '@hearth/protocol';
import { migrate } from '../src/db/migrate.js';
import { createPool, type Db } from '../src/db/pool.js';
import { pageStatement } from '../src/messages/history.js';
import { createTestDatabase } from './harness.js';

/*
 * The history statements must walk the channel's index in order and stop after a page, whatever the
 * planner knows about the table. Checked where it knows least: a channel loaded in one statement and
 * never analysed. There, a statement the planner can estimate wrongly reads the whole channel and
 * sorts it (a bitmap scan and a Sort).
 */

const INDEX = 'messages_channel_id_id_idx';
const MESSAGES = 10_000;

let db: Db;
let channelId: number;
let middleId: number;

beforeAll(async () => {
  db = createPool(await createTestDatabase());
  await migrate(db);
  // Autovacuum wakes every minute and could analyse the table between the load and the EXPLAIN.
  await db.query('ALTER TABLE messages SET (autovacuum_enabled = false)');
  const user = await db.query<{ id: number }>(`INSERT INTO users (username) VALUES ('planner') RETURNING id`);
  const channel = await db.query<{ id: number }>(`SELECT id FROM channels WHERE name = 'general'`);
  channelId = channel.rows[0]!.id;
  const loaded = await db.query<{ id: number }>(
    `INSERT INTO messages (channel_id, user_id, content)
     SELECT $1, $2, 'message ' || n FROM generate_series(1, $3) AS n RETURNING id`,
    [channelId, user.rows[0]!.id, MESSAGES],
  );
  middleId = loaded.rows[MESSAGES / 2]!.id;
});
afterAll(() => db?.end());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Alias?: string;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

const pages: [string, () => HistoryQuery][] = [
  ['newest', () => ({ channel_id: channelId, limit: 30 })],
  ['before an id', () => ({ channel_id: channelId, limit: 30, before: middleId })],
  ['after an id', () => ({ channel_id: channelId, limit: 30, after: middleId })],
];

/**
 * One scan of the page's messages (`m`), by index (the given one, if any), and nothing sorted. The
 * message a reply answers is read by its primary key, once per reply (replies/reply-sql.ts).
 */
function expectOrderedWalk(plan: PlanNode[], index?: string) {
  const types = plan.map((n) => n['Node Type']);
  const ofMessages = plan.filter((n) => n['Relation Name'] === 'messages' && n.Alias === 'm');
  expect(ofMessages, JSON.stringify(types)).toHaveLength(1);
  expect(['Index Scan', 'Index Only Scan']).toContain(ofMessages[0]!['Node Type']);
  if (index) expect(ofMessages[0]!['Index Name']).toBe(index);
  const originals = plan.filter((n) => n['Relation Name'] === 'messages' && n.Alias !== 'm');
  expect(originals.map((n) => n['Index Name'])).toEqual(['messages_pkey']);
  expect(types.filter((t) => t.includes('Sort'))).toEqual([]);
}

async function planOf(q: HistoryQuery): Promise<PlanNode[]> {
  const { text, values } = pageStatement(q);
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${text}`, values);
  return nodes(rows[0]!['QUERY PLAN'][0].Plan);
}

describe('history statements on a channel the planner has never analysed', () => {
  it('the table really has no statistics', async () => {
    const { rows } = await db.query<{ reltuples: number; analysed: boolean }>(
      `SELECT c.reltuples, (s.last_analyze IS NOT NULL OR s.last_autoanalyze IS NOT NULL) AS analysed
         FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.relname = 'messages'`,
    );
    // -1: never vacuumed or analysed, so the planner guesses the table's size from its pages.
    expect(rows[0]).toEqual({ reltuples: -1, analysed: false });
  });

  it.each(pages)('%s: an index scan of the channel index, no sort', async (_name, query) => {
    expectOrderedWalk(await planOf(query()), INDEX);
  });
});

describe('the same statements once the table is analysed', () => {
  beforeAll(async () => {
    await db.query('ANALYZE messages');
  });

  // With statistics the planner may walk the primary key instead (the channel is the whole table
  // here); any ordered walk that stops after a page is right, reading everything and sorting is not.
  it.each(pages)('%s: still an index scan, no sort', async (_name, query) => {
    expectOrderedWalk(await planOf(query()));
  });
});
