/**
 * Migrations only go forward, one transaction each (docs/decisions/backups.md), and a database made
 * by the oldest supported release (test/fixtures/release-0.1.0.sql) upgrades to the schema a new
 * database gets, keeping its data.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.js';
import { createPool, type Db } from '../src/db/pool.js';
import { createTestDatabase } from './harness.js';
import { schemaFingerprint } from './support/schema-fingerprint.js';

const pools: Db[] = [];
const newDatabase = async () => {
  const pool = createPool(await createTestDatabase());
  pools.push(pool);
  return pool;
};
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hearth-migrations-'));
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await rm(dir, { recursive: true, force: true });
});

const applied = async (db: Db) =>
  (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name);
const tableExists = async (db: Db, name: string) =>
  (await db.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [name])).rows[0]!.found;

describe('migrations', () => {
  it('upgrade a database of the oldest supported release (0.1.0) to the schema of a new one, keeping its data', async () => {
    const old = await newDatabase();
    await old.query(await readFile(new URL('./fixtures/release-0.1.0.sql', import.meta.url), 'utf8'));
    expect((await applied(old)).at(-1)).toBe('0016_voice.sql');
    const upgrade = await migrate(old);
    expect(upgrade[0]).toBe('0017_mail_account.sql');
    const fresh = await newDatabase();
    await migrate(fresh);
    expect(await schemaFingerprint(old)).toEqual(await schemaFingerprint(fresh));
    expect(await applied(old)).toEqual(await applied(fresh));

    const { rows: messages } = await old.query<{ content: string; username: string }>(
      `SELECT m.content, u.username FROM messages m JOIN users u ON u.id = m.user_id ORDER BY m.id`,
    );
    expect(messages).toEqual([
      { content: 'Hello from 0.1.0', username: 'old_alice' },
      { content: 'Still here after the upgrade', username: 'old_bob' },
      { content: 'A direct word', username: 'old_alice' },
    ]);
    const { rows: facts } = await old.query(
      `SELECT (SELECT storage_used_bytes::int FROM users WHERE username = 'old_alice') AS used,
              (SELECT count(*)::int FROM reactions WHERE message_id = 1) AS reactions,
              (SELECT original_filename FROM attachments WHERE id = 1) AS file,
              (SELECT count(*)::int FROM friendships WHERE status = 'accepted') AS friends`,
    );
    expect(facts[0]).toEqual({ used: 12, reactions: 1, file: 'notes.txt', friends: 1 });
    // New rows follow the old ones, and the old ones are found by the newer indexes (search's).
    const { rows: next } = await old.query<{ id: number }>(
      "INSERT INTO messages (channel_id, user_id, content) VALUES (1, 3, 'new') RETURNING id",
    );
    expect(next[0]!.id).toBe(4);
  });

  it('apply each file in a transaction of its own: one that fails leaves those before it applied', async () => {
    const files = path.join(dir, 'each');
    await mkdir(files);
    await writeFile(path.join(files, '0001_first.sql'), 'CREATE TABLE first_table (id int);');
    await writeFile(path.join(files, '0002_broken.sql'), 'CREATE TABLE second_table (id int); SELECT no_such_column;');
    const db = await newDatabase();
    await expect(migrate(db, files)).rejects.toThrow(/no_such_column/);
    expect(await applied(db)).toEqual(['0001_first.sql']);
    expect([await tableExists(db, 'first_table'), await tableExists(db, 'second_table')]).toEqual([true, false]);
    await writeFile(path.join(files, '0002_broken.sql'), 'CREATE TABLE second_table (id int);');
    expect(await migrate(db, files)).toEqual(['0002_broken.sql']);
  });

  it('apply every file once when several nodes start together', async () => {
    const files = path.join(dir, 'together');
    await mkdir(files);
    for (let i = 1; i <= 5; i++) await writeFile(path.join(files, `000${i}_t.sql`), `CREATE TABLE t${i} (id int);`);
    const db = await newDatabase();
    const runs = await Promise.all([migrate(db, files), migrate(db, files), migrate(db, files)]);
    expect(runs.flat().sort()).toEqual(['0001_t.sql', '0002_t.sql', '0003_t.sql', '0004_t.sql', '0005_t.sql']);
  });

  it('refuse a database a newer release has migrated', async () => {
    const db = await newDatabase();
    await migrate(db);
    await db.query("INSERT INTO schema_migrations (name) VALUES ('9999_from_the_future.sql')");
    await expect(migrate(db)).rejects.toThrow(
      'The database was upgraded by a newer release of Hearth (it has migration 9999_from_the_future.sql, which this release does not know): run that release or a newer one.',
    );
  });
});
