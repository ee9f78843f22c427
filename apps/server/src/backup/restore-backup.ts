/**
 * `npm run restore`: an archive into an empty data folder (and an empty external database), with the
 * server stopped. It never overwrites anything: a data folder that holds anything, a database that
 * holds any table or that anything else is connected to, is refused before a byte is written
 * (docs/decisions/backups.md).
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDb } from '../db/embedded/index.js';
import { migrate, migrationNames } from '../db/migrate.js';
import { createPool, inTransaction, UNBOUNDED } from '../db/pool.js';
import type { FileStorage } from '../storage/file-storage.js';
import { LocalDiskStorage } from '../storage/local-disk.js';
import type { Manifest } from './archive-format.js';
import { existingCluster, runningPort } from './database-location.js';
import { recordBackup } from './last-backup.js';
import { loadDatabase } from './load-database.js';
import { unpackArchive } from './read-archive.js';

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  /** An external database to fill; unset: the data folder's embedded one, made new. */
  databaseUrl: string | undefined;
  /** A remote storage (the S3 bucket) the files go into, which must be empty; unset: DATA_DIR/files. */
  remoteFiles?: FileStorage;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations of this release the archive's database did not have yet, applied after the load. */
  upgraded: string[];
}

const STAGING = '.restoring';

export async function restoreBackup(o: RestoreOptions): Promise<RestoreResult> {
  const dataDir = path.resolve(o.dataDir);
  const archiveSize = (await stat(o.archive).catch(() => null))?.size;
  if (archiveSize === undefined) throw new Error(`There is no backup at ${o.archive}.`);
  await refuseUsedDataDir(dataDir);
  if (o.databaseUrl) await refuseUsedDatabase(o.databaseUrl);
  if (o.remoteFiles) await refuseUsedBucket(o.remoteFiles);

  const staging = path.join(dataDir, STAGING);
  const created: string[] = [staging];
  let embedded: EmbeddedDb | undefined;
  let loaded = false;
  try {
    await mkdir(staging, { recursive: true });
    const known = await migrationNames();
    // With S3 the files go straight into the bucket (checked empty above): a failure empties it again.
    const files = o.remoteFiles ?? new LocalDiskStorage(path.join(staging, 'files'));
    const manifest = await unpackArchive(o.archive, staging, files, async (m) => {
      const unknown = m.migrations.filter((name) => !known.includes(name));
      if (unknown.length)
        throw new Error(
          `This backup was taken by a newer release of Hearth (${m.hearth_version}, migration ${unknown.join(', ')}): restore it with that release or a newer one.`,
        );
    });
    if (!o.databaseUrl) {
      embedded = await startEmbeddedPostgres(dataDir, 0);
      created.push(
        path.dirname(embedded.databaseDir) === dataDir ? embedded.databaseDir : path.dirname(embedded.databaseDir),
      );
    }
    // The files first, while nothing else has changed: a failure after them removes them again.
    if (!o.remoteFiles && existsSync(path.join(staging, 'files'))) {
      await rename(path.join(staging, 'files'), path.join(dataDir, 'files'));
      created.push(path.join(dataDir, 'files'));
    }
    const db = createPool(o.databaseUrl ?? embedded!.url, UNBOUNDED); // an offline tool: no serving bounds
    let upgraded: string[];
    try {
      await inTransaction(db, (client) => loadDatabase(client, manifest, staging));
      loaded = true;
      upgraded = await migrate(db); // forward to this release, as a server's start would
      await recordBackup(db, { takenAt: new Date(manifest.taken_at), bytes: archiveSize, files: manifest.files });
    } finally {
      await db.end();
    }
    await rm(staging, { recursive: true, force: true });
    return { manifest, upgraded };
  } catch (err) {
    await embedded?.stop();
    embedded = undefined;
    // What this restore made, so the folder is as empty as it was and the restore can run again.
    for (const dir of created) await rm(dir, { recursive: true, force: true });
    // The bucket may be what failed (out of reach): then emptying it fails too, which must neither
    // hide why the restore failed nor leave unsaid that the bucket still holds files.
    const bucketLeft = o.remoteFiles
      ? await emptyBucket(o.remoteFiles).then(
          () => '',
          (cleanup: unknown) =>
            ` The S3 bucket could not be emptied again (${messageOf(cleanup)}): empty it before running the restore again.`,
        )
      : '';
    // An external database is not this restore's to remove: say what stands in the way of a new run.
    const databaseLeft =
      loaded && o.databaseUrl
        ? ' The database of DATABASE_URL was filled before this failed: drop it and create it empty again before running the restore again.'
        : '';
    if (bucketLeft || databaseLeft) throw new Error(`${messageOf(err)}${databaseLeft}${bucketLeft}`, { cause: err });
    throw err;
  } finally {
    await embedded?.stop();
  }
}

/** The data folder must be new or empty (with the embedded database, no cluster of it elsewhere either). */
async function refuseUsedDataDir(dataDir: string): Promise<void> {
  const cluster = existingCluster(dataDir);
  const running = cluster && (await runningPort(cluster));
  if (running)
    throw new Error(
      `A Hearth server is running on ${dataDir} (its database is process ${running.pid}): restore goes into a new, empty data folder with the server stopped.`,
    );
  const entries = await readdir(dataDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  if (entries.length || cluster)
    throw new Error(
      `${dataDir} is not empty: restore only goes into a new or empty data folder (set DATA_DIR to one), and never overwrites anything.`,
    );
}

/** The bucket must hold no object: a restore never overwrites (or mixes with) files already there. */
async function refuseUsedBucket(files: FileStorage): Promise<void> {
  for await (const key of files.list())
    throw new Error(
      `The S3 bucket is not empty (it holds ${key}, for one): restore only goes into a new, empty bucket, and never overwrites anything.`,
    );
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** What a failed restore put into the bucket, which was empty when it began. */
async function emptyBucket(files: FileStorage): Promise<void> {
  const keys: string[] = [];
  for await (const key of files.list()) keys.push(key);
  for (const key of keys) await files.delete(key);
}

/** An external database must hold no table, and nothing else (a server) may be connected to it. */
async function refuseUsedDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number; others: number }>(
      `SELECT (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
                  AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%') AS tables,
              (SELECT count(*)::int FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend') AS others`,
    );
    const { tables, others } = rows[0]!;
    if (others)
      throw new Error(
        `Something else is connected to the database (${others} connection(s)): stop every Hearth server using it before restoring.`,
      );
    if (tables)
      throw new Error(
        'The database is not empty: restore only goes into a new, empty database (CREATE DATABASE), and never overwrites anything.',
      );
  } finally {
    await client.end();
  }
}
