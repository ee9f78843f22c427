import type { AdminUserActionAnswer, Role } from '@hearth/protocol';
import { ADMIN_TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction, type Queryable } from '../db/pool.js';
import { ROLE_CHANGED } from '../gateway/revocation.js';
import { requireAdmin } from '../groups/access.js';
import { badRequest } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import { announceUserUpdateOf } from '../profiles/service.js';
import { recordAudit } from './audit.js';
import {
  readTarget,
  requireAnotherActiveAdmin,
  requireSomeoneElse,
  requireStillAdmin,
  toAdminUser,
} from './users-guard.js';

/** POST /admin/users/{id}/promote: an ordinary user (or moderator) becomes an ADMIN. */
export async function promoteUser(ctx: AppContext, admin: UserRow, id: number): Promise<AdminUserActionAnswer> {
  requireAdmin(admin);
  const target = await inTransaction(ctx.db, async (tx) => {
    const { target, admins } = await readTarget(tx, id);
    if (target.role === 'ADMIN') throw badRequest(ADMIN_TEXT.alreadyAdmin);
    requireStillAdmin(admins, admin);
    await setRole(tx, id, 'ADMIN');
    await recordAudit(tx, { admin, action: 'promote', target, details: { from: target.role } });
    return target;
  });
  await afterRoleChange(ctx, id);
  return { message: ADMIN_TEXT.promoted(target.username), user: toAdminUser({ ...target, role: 'ADMIN' }) };
}

/**
 * POST /admin/users/{id}/demote: an admin becomes an ordinary USER. Never oneself; never the last
 * active admin (FINAL BREACH, see users-guard.ts).
 */
export async function demoteUser(ctx: AppContext, admin: UserRow, id: number): Promise<AdminUserActionAnswer> {
  requireAdmin(admin);
  const target = await inTransaction(ctx.db, async (tx) => {
    const { target, admins } = await readTarget(tx, id);
    requireSomeoneElse(admin, target);
    if (target.role !== 'ADMIN') throw badRequest(ADMIN_TEXT.notAdmin);
    requireAnotherActiveAdmin(admins, target);
    requireStillAdmin(admins, admin);
    await setRole(tx, id, 'USER');
    await recordAudit(tx, { admin, action: 'demote', target });
    return target;
  });
  await afterRoleChange(ctx, id);
  return { message: ADMIN_TEXT.demoted(target.username), user: toAdminUser({ ...target, role: 'USER' }) };
}

async function setRole(tx: Queryable, id: number, role: Role): Promise<void> {
  await tx.query('UPDATE users SET role = $2 WHERE id = $1', [id, role]);
}

/**
 * The user's own sessions restart, then everyone who may see them gets `user_update` with the new role
 * (member lists show it). In that order: the restart keeps a demoted admin from hearing what they may
 * no longer see, so it must not wait on, or be lost with, the announcement.
 */
async function afterRoleChange(ctx: AppContext, userId: number): Promise<void> {
  await restartSessions(ctx, userId);
  await announceUserUpdateOf(ctx, userId);
}

/**
 * The user's live sessions were set up for the old role (an admin's hide no group, and the client
 * holds `is_admin` from `ready`): every node closes them, and the client reconnects as the new role.
 * REST needs nothing: every request reads the role afresh.
 */
function restartSessions(ctx: AppContext, userId: number): Promise<number> {
  return ctx.events.publish(ROLE_CHANGED, { user_id: userId }, { kind: 'users', userIds: [] });
}
