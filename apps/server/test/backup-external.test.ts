/**
 * Backup and restore with an external database (DATABASE_URL), in this process, and the lock that
 * keeps the files of a backup's snapshot on disk (docs/decisions/backups.md).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FILES_LOCK_ID } from '../src/backup/files-lock.js';
import { restoreBackup } from '../src/backup/restore-backup.js';
import { takeBackup } from '../src/backup/take-backup.js';
import { removeDeletedFiles } from '../src/uploads/file-deletions.js';
import { createTestDatabase } from './harness.js';
import { admin, api, server, serverForFile } from './test-server.js';

serverForFile();

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'hearth-backup-ext-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const backUp = (out: string) =>
  takeBackup({
    databaseUrl: server.ctx.config.databaseUrl!,
    storage: server.ctx.storage,
    out,
    hearthVersion: 'test',
  });

describe('a backup with an external database', () => {
  it('restores into an empty database and data folder, and refuses a used database', async () => {
    const key = 'backuptest0000000000000000000001';
    await server.ctx.storage.put(key, Readable.from([Buffer.from('stored bytes')]));
    expect((await api.post('/group', { name: 'External kept' }, admin.token)).status).toBe(201);
    const archive = path.join(folder, 'external.tar.gz');
    const result = await backUp(archive);
    expect(result.recorded).toBe(true);

    const target = await createTestDatabase();
    const dataDir = path.join(folder, 'restored');
    const { manifest } = await restoreBackup({ archive, dataDir, databaseUrl: target });
    expect(manifest.taken_at).toBe(result.takenAt.toISOString());
    expect(await readFile(path.join(dataDir, 'files', key), 'utf8')).toBe('stored bytes');
    expect(existsSync(path.join(dataDir, '.restoring'))).toBe(false);
    const restored = new pg.Client({ connectionString: target });
    await restored.connect();
    try {
      const { rows } = await restored.query<{ name: string }>('SELECT name FROM groups ORDER BY id');
      expect(rows.map((r) => r.name)).toContain('External kept');
    } finally {
      await restored.end();
    }

    // That database now holds tables: a second restore into it (with a new folder) is refused.
    await expect(restoreBackup({ archive, dataDir: path.join(folder, 'again'), databaseUrl: target })).rejects.toThrow(
      'The database is not empty: restore only goes into a new, empty database',
    );
    // An empty database a server (or anything) is connected to is refused too, and left empty.
    const empty = await createTestDatabase();
    const other = new pg.Client({ connectionString: empty });
    await other.connect();
    try {
      await expect(restoreBackup({ archive, dataDir: path.join(folder, 'third'), databaseUrl: empty })).rejects.toThrow(
        'Something else is connected to the database (1 connection(s))',
      );
      const { rows } = await other.query("SELECT to_regclass('public.users') AS users");
      expect(rows[0].users).toBeNull();
    } finally {
      await other.end();
    }
  });
});

describe('the deletion queue during a backup', () => {
  it('keeps files while a backup holds its lock, and removes them once it lets go', async () => {
    const key = 'backuptest0000000000000000000002';
    await server.ctx.storage.put(key, Readable.from([Buffer.from('deleted later')]));
    await server.ctx.db.query('INSERT INTO file_deletions (storage_key) VALUES ($1)', [key]);
    const backup = new pg.Client({ connectionString: server.ctx.config.databaseUrl });
    await backup.connect();
    try {
      await backup.query('SELECT pg_advisory_lock($1)', [BACKUP_FILES_LOCK_ID]);
      await removeDeletedFiles(server.ctx);
      expect(await server.ctx.storage.size(key)).toBe(13);
      await backup.query('SELECT pg_advisory_unlock($1)', [BACKUP_FILES_LOCK_ID]);
      await removeDeletedFiles(server.ctx);
      expect(await server.ctx.storage.size(key)).toBeNull();
    } finally {
      await backup.end();
    }
  });
});
