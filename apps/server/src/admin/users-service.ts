import type { AdminUsersAnswer, UserActivity } from '@hearth/protocol';
import { ADMIN_TEXT, GUARDIAN_USERNAME } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { requireAdmin } from '../groups/access.js';
import { notFound } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import { isSystemAccount, toAdminUser, type Target } from './users-guard.js';

/** GET /admin/users: every account but Guardian and the other SYSTEM accounts, by id. */
export async function listUsers(ctx: AppContext, admin: UserRow): Promise<AdminUsersAnswer> {
  requireAdmin(admin);
  const { rows } = await ctx.db.query<Pick<Target, 'id' | 'username' | 'role' | 'is_suspended'>>(
    `SELECT id, username, role, is_suspended FROM users
      WHERE role <> 'SYSTEM' AND lower(username) <> lower($1) ORDER BY id`,
    [GUARDIAN_USERNAME],
  );
  return { users: rows.map(toAdminUser) };
}

interface ActivityRow extends Target {
  last_login_at: Date | null;
  last_login_ip: string | null;
  last_login_device: string | null;
  suspend_reason: string | null;
}

/** GET /admin/users/{id}/activity: the last sign-in and the suspension. System accounts are hidden (404). */
export async function userActivity(ctx: AppContext, admin: UserRow, id: number): Promise<UserActivity> {
  requireAdmin(admin);
  const { rows } = await ctx.db.query<ActivityRow>(
    `SELECT id, username, role, is_suspended, suspend_reason, last_login_at, last_login_ip, last_login_device
       FROM users WHERE id = $1`,
    [id],
  );
  const user = rows[0];
  if (!user || isSystemAccount(user)) throw notFound(ADMIN_TEXT.userNotFound);
  return {
    user_id: user.id,
    username: user.username,
    last_login_at: user.last_login_at?.toISOString() ?? null,
    last_login_ip: user.last_login_ip,
    last_login_device: user.last_login_device,
    is_suspended: user.is_suspended,
    suspend_reason: user.suspend_reason,
  };
}
