import type { AdminUserActionAnswer } from '@hearth/protocol';
import { ADMIN_TEXT } from '@hearth/protocol';
import { announceErased, eraseAccount } from '../account/service.js';
import type { AppContext } from '../context.js';
import { inTransaction, type Queryable } from '../db/pool.js';
import { requireAdmin } from '../groups/access.js';
import type { UserRow } from '../users/user-row.js';
import type { UserLock } from '../users/admin-locks.js';
import { voiceUsersGone } from '../voice/cleanup.js';
import { recordAudit } from './audit.js';
import {
  readTarget,
  requireAnotherActiveAdmin,
  requireSomeoneElse,
  requireStillAdmin,
  toAdminUser,
  type Target,
} from './users-guard.js';

/**
 * DELETE /admin/users/{id}: the account is erased exactly as its owner's own deletion erases it
 * (account/service.ts: channel messages kept under 'Deleted User', everything else gone), the audit
 * entry in the same transaction. Then each live session of the user gets `account_terminated` and is
 * closed (4003), on every node; the rest is announced as for a deletion by the owner.
 */
export async function deleteUser(ctx: AppContext, admin: UserRow, id: number): Promise<AdminUserActionAnswer> {
  requireAdmin(admin);
  // Checked once before anything is done, so nobody is taken out of voice for a deletion that is refused.
  await checked(ctx.db, admin, id, 'none');
  await voiceUsersGone(ctx, [id]);
  const { target, gone } = await inTransaction(ctx.db, async (tx) => {
    const target = await checked(tx, admin, id, 'erase');
    // Written before the row goes: the entry's target id then becomes NULL, so it is kept in details.
    await recordAudit(tx, { admin, action: 'delete_user', target, details: { user_id: id } });
    return { target, gone: await eraseAccount(tx, id) };
  });
  await ctx.events.publish('account_terminated', { message: ADMIN_TEXT.terminated }, { kind: 'users', userIds: [id] });
  await announceErased(ctx, id, gone);
  return { message: ADMIN_TEXT.deleted(target.username), user: toAdminUser(target) };
}

async function checked(db: Queryable, admin: UserRow, id: number, lock: UserLock): Promise<Target> {
  const { target, admins } = await readTarget(db, id, lock);
  requireSomeoneElse(admin, target);
  requireAnotherActiveAdmin(admins, target);
  requireStillAdmin(admins, admin);
  return target;
}
