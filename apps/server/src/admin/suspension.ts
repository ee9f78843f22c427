import type { AdminUserActionAnswer } from '@hearth/protocol';
import { ADMIN_TEXT } from '@hearth/protocol';
import { revokeAllDevices } from '../account/sessions.js';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { requireAdmin } from '../groups/access.js';
import { badRequest } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import { recordAudit } from './audit.js';
import {
  readTarget,
  requireAnotherActiveAdmin,
  requireSomeoneElse,
  requireStillAdmin,
  toAdminUser,
} from './users-guard.js';

/**
 * POST /admin/users/{id}/suspend. In one transaction: the user is marked suspended with the reason,
 * every device of theirs is signed out (refresh tokens gone, so lifting the suspension brings no old
 * session back: they sign in again), and the audit entry is written. Then `suspended` goes through the
 * event log to every node, whose gateways hand it to each of the user's sessions and close them (4003).
 * From the commit on, every token of theirs is refused (authenticate reads is_suspended with the
 * user's row) and signing in answers 403 with the reason.
 */
export async function suspendUser(
  ctx: AppContext,
  admin: UserRow,
  id: number,
  reason: string,
): Promise<AdminUserActionAnswer> {
  requireAdmin(admin);
  const target = await inTransaction(ctx.db, async (tx) => {
    const { target, admins } = await readTarget(tx, id);
    requireSomeoneElse(admin, target);
    if (target.is_suspended) throw badRequest(ADMIN_TEXT.alreadySuspended);
    requireAnotherActiveAdmin(admins, target);
    requireStillAdmin(admins, admin);
    await tx.query('UPDATE users SET is_suspended = true, suspend_reason = $2, suspended_at = now() WHERE id = $1', [
      id,
      reason,
    ]);
    // Not announced as device_revoked: `suspended`, to every session of the user, says why.
    await revokeAllDevices(tx, id, 'suspended');
    await recordAudit(tx, { admin, action: 'suspend', target, details: { reason } });
    return target;
  });
  await ctx.events.publish(
    'suspended',
    { reason, message: ADMIN_TEXT.suspendedNotice(reason) },
    { kind: 'users', userIds: [id] },
  );
  return { message: ADMIN_TEXT.suspended(id), user: toAdminUser({ ...target, is_suspended: true }) };
}

/** POST /admin/users/{id}/unsuspend: the user may sign in again (their old sessions stay ended). */
export async function unsuspendUser(ctx: AppContext, admin: UserRow, id: number): Promise<AdminUserActionAnswer> {
  requireAdmin(admin);
  const target = await inTransaction(ctx.db, async (tx) => {
    const { target, admins } = await readTarget(tx, id);
    if (!target.is_suspended) throw badRequest(ADMIN_TEXT.notSuspended);
    requireStillAdmin(admins, admin);
    await tx.query('UPDATE users SET is_suspended = false, suspend_reason = NULL, suspended_at = NULL WHERE id = $1', [
      id,
    ]);
    await recordAudit(tx, { admin, action: 'unsuspend', target });
    return target;
  });
  return { message: ADMIN_TEXT.unsuspended(id), user: toAdminUser({ ...target, is_suspended: false }) };
}
