import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, DbClient } from './pool.js';
import { inTransaction } from './pool.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any constant works: it only serialises concurrent migrators (several nodes starting at once, or a
// restore loading a database while a server starts on it).
export const MIGRATION_LOCK_ID = 7_246_110;

const CREATE_TABLE =
  'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())';

/** The migration files of this release, in the order they apply. */
export async function migrationNames(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
}

/**
 * Applies the ordered SQL files in migrations/ that have not run yet, each in a transaction of its
 * own: a migration that fails leaves the ones before it applied, and the next start carries on from
 * it. Each transaction takes the advisory lock first and looks again at what is applied, so nodes
 * starting together apply every file once. Migrations only go forward: a database that names a
 * migration this release does not have was made by a newer release, and is refused rather than run
 * by code that does not know its schema.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationNames(dir);
  await inTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(CREATE_TABLE);
    const unknown = [...(await appliedMigrations(client))].filter((name) => !files.includes(name));
    if (unknown.length)
      throw new Error(
        `The database was upgraded by a newer release of Hearth (it has migration ${unknown.sort().join(', ')}, which this release does not know): run that release or a newer one.`,
      );
  });
  const applied: string[] = [];
  for (const file of files) {
    const ran = await inTransaction(db, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      if ((await appliedMigrations(client)).has(file)) return false; // another node applied it meanwhile
      await applyMigration(client, file, dir);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}

/**
 * Applies the named migrations, in order, inside the caller's transaction (which holds the advisory
 * lock): a restore makes the schema its archive was taken from and loads the data in one go.
 */
export async function applyMigrations(client: DbClient, names: string[], dir = MIGRATIONS_DIR): Promise<void> {
  await client.query(CREATE_TABLE);
  for (const name of names) await applyMigration(client, name, dir);
}

async function applyMigration(client: DbClient, file: string, dir: string): Promise<void> {
  await client.query(await readFile(path.join(dir, file), 'utf8'));
  await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
}

async function appliedMigrations(client: DbClient): Promise<Set<string>> {
  const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
  return new Set(rows.map((r) => r.name));
}
