import type { AdminStorageRow } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { storageUsage } from '../account/storage.js';
import type { UserRow } from '../users/user-row.js';
import { requireAdmin } from './panel-access.js';

/** A user's row of the Storage tab, from the bytes recorded for them. */
function storageRow(user: { id: number; username: string; role: string }, usedBytes: number): AdminStorageRow {
  const usage = storageUsage(usedBytes);
  return {
    user_id: user.id,
    username: user.username,
    role: user.role,
    storage_used: usage.used_bytes,
    storage_limit: usage.limit_bytes,
    storage_used_formatted: usage.used_formatted,
    storage_limit_formatted: usage.limit_formatted,
    storage_available_formatted: usage.available_formatted,
    storage_percentage: usage.percentage,
  };
}

/**
 * GET /admin/users/storage: every account but the SYSTEM ones, most used first. The figure is
 * users.storage_used_bytes, which the stored-file triggers keep equal to the sum of the user's files
 * (see account/storage.ts), so the list reads one column and never sums files; a figure that went wrong
 * anyway (a manual change in the database) is what the Recalc buttons correct.
 */
export async function storageList(ctx: AppContext, admin: UserRow): Promise<{ users: AdminStorageRow[] }> {
  requireAdmin(admin);
  const { rows } = await ctx.db.query<{ id: number; username: string; role: string; used: number }>(
    `SELECT id, username, role, storage_used_bytes AS used FROM users
      WHERE role <> 'SYSTEM' ORDER BY storage_used_bytes DESC, id`,
  );
  return { users: rows.map((r) => storageRow(r, r.used)) };
}
