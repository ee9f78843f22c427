/**
 * The database half of a restore, in one transaction: the schema the archive was taken from (its
 * migrations), emptied of what migrations seed, then every table's rows, then the sequences. Foreign
 * keys are dropped for the load and added again after (which checks every row, as pg_dump's own
 * order does), and the tables' own triggers are off while loading: the rows already hold what they
 * maintain (stored-file usage, say), which must not be counted twice.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { applyMigrations, MIGRATION_LOCK_ID } from '../db/migrate.js';
import type { DbClient } from '../db/pool.js';
import { tableEntry, type Manifest } from './archive-format.js';

export async function loadDatabase(client: DbClient, manifest: Manifest, staging: string): Promise<void> {
  // A server starting on this database meanwhile waits here, then finds every migration applied.
  await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
  await applyMigrations(client, manifest.migrations);
  const id = (name: string) => `public.${client.escapeIdentifier(name)}`;
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'schema_migrations'`,
  );
  const known = new Set(tables.map((t) => t.name));
  const missing = manifest.tables.find((t) => !known.has(t.name));
  if (missing) throw new Error(`This backup has a table its migrations do not make (${missing.name}).`);
  if (tables.length) await client.query(`TRUNCATE ${tables.map((t) => id(t.name)).join(', ')}`);

  const { rows: foreignKeys } = await client.query<{ table: string; name: string; definition: string }>(
    `SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND k.contype = 'f'`,
  );
  for (const fk of foreignKeys)
    await client.query(`ALTER TABLE ${id(fk.table)} DROP CONSTRAINT ${client.escapeIdentifier(fk.name)}`);
  for (const { name } of tables) await client.query(`ALTER TABLE ${id(name)} DISABLE TRIGGER USER`);

  for (const table of manifest.tables) {
    const columns = table.columns.map((c) => client.escapeIdentifier(c)).join(', ');
    const sink = client.query(copyFrom(`COPY ${id(table.name)} (${columns}) FROM STDIN`));
    await pipeline(createReadStream(path.join(staging, tableEntry(table.name))), sink);
    if (sink.rowCount !== table.rows)
      throw new Error(
        `This backup is damaged: table ${table.name} should hold ${table.rows} rows, it holds ${sink.rowCount}.`,
      );
  }

  for (const { name } of tables) await client.query(`ALTER TABLE ${id(name)} ENABLE TRIGGER USER`);
  for (const fk of foreignKeys)
    await client.query(
      `ALTER TABLE ${id(fk.table)} ADD CONSTRAINT ${client.escapeIdentifier(fk.name)} ${fk.definition}`,
    );
  for (const seq of manifest.sequences)
    await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [id(seq.name), seq.value, seq.called]);
}
