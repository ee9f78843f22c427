import type pg from 'pg';
import type { Queryable } from '../db/pool.js';

/**
 * Records a backup (the admin panel's System tab shows the last one). A database whose server has
 * not been upgraded to the table yet is backed up all the same, without the record.
 */
export async function recordBackup(
  db: pg.ClientBase | Queryable,
  backup: { takenAt: Date; bytes: number; files: number },
): Promise<boolean> {
  const { rows } = await db.query<{ exists: boolean }>("SELECT to_regclass('public.backups') IS NOT NULL AS exists");
  if (!rows[0]!.exists) return false;
  await db.query('INSERT INTO backups (taken_at, archive_bytes, file_count) VALUES ($1, $2, $3)', [
    backup.takenAt,
    backup.bytes,
    backup.files,
  ]);
  return true;
}

/** When the data of the newest backup was taken, or null when none was. */
export async function lastBackupAt(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ taken_at: Date }>('SELECT taken_at FROM backups ORDER BY taken_at DESC LIMIT 1');
  return rows[0]?.taken_at ?? null;
}
