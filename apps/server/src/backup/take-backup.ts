/**
 * `npm run backup`: one archive with a consistent snapshot of the database and every stored file,
 * taken while the server runs (docs/decisions/backups.md).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdtemp, mkdir, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { pack as tarPack } from 'tar-stream';
import {
  ARCHIVE_FORMAT,
  DATABASE_FOLDER,
  FILES_FOLDER,
  MANIFEST_ENTRY,
  tableEntry,
  type Manifest,
} from './archive-format.js';
import { dumpDatabase } from './dump-database.js';
import { BACKUP_FILES_LOCK_ID } from './files-lock.js';
import { recordBackup } from './last-backup.js';
import type { FileStorage } from '../storage/file-storage.js';
import { listStoredFiles } from './stored-files.js';

export interface BackupOptions {
  /** The database to read (a running server's, or one started for the backup). */
  databaseUrl: string;
  /** The stored files (DATA_DIR/files, or the S3 bucket), read through the storage interface. */
  storage: FileStorage;
  /** The archive to write; it must not exist yet. */
  out: string;
  hearthVersion: string;
}

export interface BackupResult {
  takenAt: Date;
  files: number;
  bytes: number;
  /** False when the database is older than the table that records backups (a server not upgraded yet). */
  recorded: boolean;
}

export async function takeBackup(o: BackupOptions): Promise<BackupResult> {
  const out = path.resolve(o.out);
  await mkdir(path.dirname(out), { recursive: true });
  // Beside the archive, so the finished file is linked into place on the same disk.
  const staging = await mkdtemp(path.join(path.dirname(out), '.hearth-backup-'));
  const client = new pg.Client({ connectionString: o.databaseUrl, application_name: 'hearth-backup' });
  try {
    await client.connect();
    // Waits for a run of the deletion queue in progress, then holds it off until every file is copied.
    await client.query('SELECT pg_advisory_lock($1)', [BACKUP_FILES_LOCK_ID]);
    await mkdir(path.join(staging, DATABASE_FOLDER));
    let files: string[] = [];
    const dump = await dumpDatabase(client, staging, async () => {
      files = await listStoredFiles(o.storage);
    });
    files = await stillStored(o.storage, files);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      hearth_version: o.hearthVersion,
      taken_at: dump.takenAt.toISOString(),
      migrations: dump.migrations,
      tables: dump.tables,
      sequences: dump.sequences,
      files: files.length,
    };
    const partial = path.join(staging, 'archive.tar.gz');
    await writeArchive(partial, manifest, staging, o.storage, files);
    await client.query('SELECT pg_advisory_unlock($1)', [BACKUP_FILES_LOCK_ID]);
    // link() never replaces an existing file, so an archive of the same name is never overwritten.
    await link(partial, out).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'EEXIST' ? new Error(`${out} already exists: choose another name for the backup.`) : err;
    });
    const bytes = (await stat(out)).size;
    const recorded = await recordBackup(client, { takenAt: dump.takenAt, bytes, files: files.length });
    return { takenAt: dump.takenAt, files: files.length, bytes, recorded };
  } finally {
    await client.end().catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * An upload refused after its file was stored (a name taken, a limit reached) has that file removed at
 * once, outside the deletion queue; no row names it. One listed before the snapshot's files are copied
 * may be gone by then: it is left out, so the manifest counts only what is copied.
 */
async function stillStored(storage: FileStorage, keys: string[]): Promise<string[]> {
  const present: string[] = [];
  // One after another: a bucket is asked once per file, and a backup need not hurry the server's storage.
  for (const key of keys) if ((await storage.size(key)) !== null) present.push(key);
  return present;
}

/** Said when such a file goes in the moment between that check and its copy: rare, and a new run is enough. */
const FILE_GONE =
  'A stored file was removed while the backup copied it (an upload refused at that moment): run the backup again.';

async function writeArchive(
  target: string,
  manifest: Manifest,
  staging: string,
  storage: FileStorage,
  files: string[],
): Promise<void> {
  const pack = tarPack();
  const written = pipeline(pack, createGzip(), createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  const mtime = new Date(manifest.taken_at);
  // A tar entry's header holds its size, so the size is asked first, then the bytes streamed.
  const add = async (name: string, size: number, source: () => Promise<Readable>) => {
    const entry = pack.entry({ name, size, mtime, mode: 0o600 });
    await pipeline(await source(), entry);
  };
  const gone = (err: NodeJS.ErrnoException) => {
    throw err.code === 'ENOENT' ? new Error(FILE_GONE) : err;
  };
  try {
    pack.entry({ name: MANIFEST_ENTRY, mode: 0o600 }, JSON.stringify(manifest, null, 2));
    for (const table of manifest.tables) {
      const file = path.join(staging, tableEntry(table.name));
      await add(tableEntry(table.name), (await stat(file)).size, async () => createReadStream(file));
    }
    for (const key of files) {
      const size = await storage.size(key);
      if (size === null) throw new Error(FILE_GONE);
      await add(FILES_FOLDER + key, size, () => storage.get(key).catch(gone));
    }
    pack.finalize();
  } catch (err) {
    pack.destroy(err as Error);
  }
  await written;
}
