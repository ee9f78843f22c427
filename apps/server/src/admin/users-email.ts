import type { AdminUserActionAnswer } from '@hearth/protocol';
import { ADMIN_TEXT } from '@hearth/protocol';
import { inEmailTransaction, mailEmailChange, writeEmail } from '../account/email.js';
import type { AppContext } from '../context.js';
import { requireAdmin } from '../groups/access.js';
import type { UserRow } from '../users/user-row.js';
import { recordAudit } from './audit.js';
import { readTarget, requireStillAdmin, toAdminUser } from './users-guard.js';

/**
 * PUT /admin/users/{id}/email: sets the user's address as the user would (the account feature's own
 * steps): unverified, 409 when another account has it, pending reset codes and links void; then the
 * replaced address, if verified, is told and the new one is mailed a code the user must enter.
 */
export async function setUserEmail(
  ctx: AppContext,
  admin: UserRow,
  id: number,
  email: string,
): Promise<AdminUserActionAnswer> {
  requireAdmin(admin);
  const target = await inEmailTransaction(ctx, async (tx) => {
    const { target, admins } = await readTarget(tx, id);
    requireStillAdmin(admins, admin);
    await writeEmail(tx, id, email, true);
    await recordAudit(tx, { admin, action: 'set_email', target, details: { email, previous: target.email } });
    return target;
  });
  await mailEmailChange(ctx, target, target, email);
  return { message: ADMIN_TEXT.emailSet, user: toAdminUser(target) };
}
