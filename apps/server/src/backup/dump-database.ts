/**
 * The database half of a backup: every table's rows as COPY text (the form pg_dump writes its data
 * in), read in one REPEATABLE READ transaction, so all of them are one consistent snapshot however
 * long the copy takes and whatever the server writes meanwhile.
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { tableEntry, type SequenceValue, type TableDump } from './archive-format.js';

export interface DatabaseDump {
  takenAt: Date;
  migrations: string[];
  tables: TableDump[];
  sequences: SequenceValue[];
}

/**
 * Copies every table of the public schema into stagingDir (as the archive names them), after calling
 * atSnapshot once the snapshot is fixed (the caller lists the stored files then: every file a row of
 * the snapshot names is on disk by that time, since a file is stored before its row commits).
 */
export async function dumpDatabase(
  client: pg.ClientBase,
  stagingDir: string,
  atSnapshot: () => Promise<void>,
): Promise<DatabaseDump> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    // The first statement fixes the snapshot; now() is the transaction's start, just before it.
    const { rows: at } = await client.query<{ now: Date }>('SELECT now()');
    await atSnapshot();
    const { rows: migrations } = await client.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    const tables = await tablesOf(client);
    for (const table of tables) table.rows = await copyTable(client, table, stagingDir);
    const sequences = await sequencesOf(client);
    await client.query('COMMIT');
    return { takenAt: at[0]!.now, migrations: migrations.map((m) => m.name), tables, sequences };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** The tables and their stored columns; schema_migrations is made again by the restore's migrations. */
async function tablesOf(client: pg.ClientBase): Promise<TableDump[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'schema_migrations'
      GROUP BY c.relname ORDER BY c.relname`,
  );
  return rows.map((r) => ({ name: r.name, columns: r.columns, rows: 0 }));
}

async function copyTable(client: pg.ClientBase, table: TableDump, stagingDir: string): Promise<number> {
  const columns = table.columns.map((c) => client.escapeIdentifier(c)).join(', ');
  const source = client.query(copyTo(`COPY public.${client.escapeIdentifier(table.name)} (${columns}) TO STDOUT`));
  await pipeline(source, createWriteStream(path.join(stagingDir, tableEntry(table.name)), { flags: 'wx' }));
  return source.rowCount;
}

/**
 * Sequences are not part of a snapshot: their current values are read, which are at least those the
 * snapshot's rows took, so every id the restored server hands out is new.
 */
async function sequencesOf(client: pg.ClientBase): Promise<SequenceValue[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const values: SequenceValue[] = [];
  for (const { name } of rows) {
    const { rows: seq } = await client.query<{ value: string; called: boolean }>(
      `SELECT last_value::text AS value, is_called AS called FROM public.${client.escapeIdentifier(name)}`,
    );
    values.push({ name, ...seq[0]! });
  }
  return values;
}
