import { TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { forbidden } from '../http/errors.js';
import { isAdmin, type UserRow } from '../users/user-row.js';

/** The admin panel's tabs are for admins only: 403 'Admin privileges required' for anyone else. */
export function requireAdmin(user: UserRow): void {
  if (!isAdmin(user)) throw forbidden(TEXT.adminOnly);
}

/** An admin's action that changes something: admins only (its write limit is counted before the handler). */
export async function requireAdminWrite(ctx: AppContext, user: UserRow): Promise<void> {
  requireAdmin(user);
}
