/**
 * The advisory lock a backup holds while it copies the stored files (docs/decisions/backups.md).
 * Files a row names leave the disk only through the deletion queue (uploads/file-deletions.ts), whose
 * runs take this lock shared and skip a turn while a backup holds it: every file the backup's database
 * snapshot names is still on disk when the backup copies it. (A refused upload's file, which no row
 * names, is removed at once: take-backup.ts leaves it out.) Any constant works; it differs from the
 * migrations' own.
 */
export const BACKUP_FILES_LOCK_ID = 7_246_111;
