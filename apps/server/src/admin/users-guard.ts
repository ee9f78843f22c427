import type { AdminUser, Role } from '@hearth/protocol';
import { ADMIN_TEXT, GUARDIAN_USERNAME, TEXT } from '@hearth/protocol';
import type { Queryable } from '../db/pool.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { lockAdminsAndUser, type UserLock } from '../users/admin-locks.js';

/** The user an admin acts on, as read (and locked) for the action. */
export interface Target {
  id: number;
  username: string;
  role: Role;
  is_suspended: boolean;
  email: string | null;
  email_verified: boolean;
}

/** An admin's row, locked for the length of an action. */
export interface LockedAdmin {
  id: number;
  is_suspended: boolean;
}

/** Guardian and the other SYSTEM accounts ('Deleted User'): hidden from the panel, never changed by it. */
export const isSystemAccount = (u: { role: Role; username: string }) =>
  u.role === 'SYSTEM' || u.username.toLowerCase() === GUARDIAN_USERNAME.toLowerCase();

export const toAdminUser = (u: Pick<Target, 'id' | 'username' | 'role' | 'is_suspended'>): AdminUser => ({
  id: u.id,
  username: u.username,
  role: u.role,
  is_suspended: u.is_suspended,
});

/**
 * Reads the admins and the target user for an action, inside its transaction, with their rows locked
 * (lockAdminsAndUser says how and why) so that admin actions on users run one at a time. 404 for an
 * unknown user, 400 for Guardian and SYSTEM accounts.
 */
export async function readTarget(
  db: Queryable,
  id: number,
  lock: UserLock = 'change',
): Promise<{ target: Target; admins: LockedAdmin[] }> {
  const rows = await lockAdminsAndUser<Target>(db, 'id, username, role, is_suspended, email, email_verified', id, lock);
  const admins: LockedAdmin[] = rows
    .filter((r) => r.role === 'ADMIN')
    .map((r) => ({ id: r.id, is_suspended: r.is_suspended }));
  const target = rows.find((r) => Number(r.id) === Number(id));
  if (!target) throw notFound(ADMIN_TEXT.userNotFound);
  if (isSystemAccount(target)) throw badRequest(ADMIN_TEXT.notSystem);
  return { target, admins };
}

/** Demote, suspend and delete are never for one's own account. */
export function requireSomeoneElse(actor: { id: number }, target: Target): void {
  if (actor.id === target.id) throw badRequest(ADMIN_TEXT.notYourself);
}

/**
 * FINAL BREACH: taking an admin away (demoting, suspending or deleting them) must leave at least one
 * other active admin, an ADMIN who is not suspended; otherwise nobody could administer the instance,
 * or undo it. As nobody may do this to themself, it only happens when two admins act on each other at
 * once: under the locks the second one finds the first's change committed, and is refused (409).
 */
export function requireAnotherActiveAdmin(admins: LockedAdmin[], target: Target): void {
  if (target.role !== 'ADMIN') return;
  if (!admins.some((a) => a.id !== target.id && !a.is_suspended)) throw conflict(ADMIN_TEXT.finalBreach);
}

/**
 * The acting admin must still be an active admin once the locks are held: their request was
 * authenticated before, and another admin may have demoted or suspended them meanwhile.
 */
export function requireStillAdmin(admins: LockedAdmin[], actor: { id: number }): void {
  if (!admins.some((a) => a.id === actor.id && !a.is_suspended)) throw forbidden(TEXT.adminOnly);
}
