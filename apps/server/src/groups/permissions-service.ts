import { applyPermissionChanges, type PermissionName, type PermissionSet } from '@hearth/protocol';
import { TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { badRequest, notFound } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import {
  DEFAULT_PERMISSIONS,
  effectivePermissions,
  requireAdmin,
  requireVisibleGroup,
  storedPermissions,
} from './access.js';

interface EntryRow {
  id: number;
  username: string;
  role: UserRow['role'];
  can_view: boolean | null;
  can_post: boolean | null;
  can_upload: boolean | null;
}

const toEntry = (r: EntryRow) => ({
  user: { id: r.id, user_id: r.id, username: r.username, role: r.role },
  permissions:
    r.can_view === null
      ? { ...DEFAULT_PERMISSIONS }
      : { can_view: r.can_view, can_post: r.can_post!, can_upload: r.can_upload! },
});

const ENTRY_SQL = `SELECT u.id, u.username, u.role, gp.can_view, gp.can_post, gp.can_upload
  FROM users u LEFT JOIN group_permissions gp ON gp.user_id = u.id AND gp.group_id = $1
  WHERE u.role <> 'SYSTEM'`;

/** Every user's permissions in a group (the system account is not listed). Admins only. */
export async function listGroupPermissions(ctx: AppContext, admin: UserRow, groupId: number) {
  requireAdmin(admin);
  await requireVisibleGroup(ctx.db, admin, groupId);
  const { rows } = await ctx.db.query<EntryRow>(`${ENTRY_SQL} ORDER BY lower(u.username)`, [groupId]);
  return { group_id: groupId, user_permissions: rows.map(toEntry) };
}

export async function getUserGroupPermissions(ctx: AppContext, admin: UserRow, groupId: number, userId: number) {
  requireAdmin(admin);
  await requireVisibleGroup(ctx.db, admin, groupId);
  const { rows } = await ctx.db.query<EntryRow>(`${ENTRY_SQL} AND u.id = $2`, [groupId, userId]);
  if (!rows[0]) throw notFound(TEXT.userNotFound);
  return toEntry(rows[0]);
}

const NAMES: PermissionName[] = ['can_view', 'can_post', 'can_upload'];

/** Sets a user's permissions with the dependency rules; the user hears of each flag that changed. */
export async function setUserGroupPermissions(
  ctx: AppContext,
  admin: UserRow,
  groupId: number,
  userId: number,
  changes: Partial<PermissionSet>,
) {
  requireAdmin(admin);
  const group = await requireVisibleGroup(ctx.db, admin, groupId);
  const { before, after } = await inTransaction(ctx.db, async (tx) => {
    const { rows } = await tx.query<{ role: string }>('SELECT role FROM users WHERE id = $1 FOR UPDATE', [userId]);
    if (!rows[0]) throw notFound(TEXT.userNotFound);
    if (rows[0].role === 'SYSTEM') throw badRequest(TEXT.systemPermissions);
    const before = await storedPermissions(tx, groupId, userId);
    const after = applyPermissionChanges(before, changes);
    if ('error' in after) throw badRequest(after.error);
    await tx.query(
      `INSERT INTO group_permissions (group_id, user_id, can_view, can_post, can_upload) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (group_id, user_id) DO UPDATE SET can_view = $3, can_post = $4, can_upload = $5`,
      [groupId, userId, after.can_view, after.can_post, after.can_upload],
    );
    return { before, after };
  });
  for (const permission of NAMES) {
    if (before[permission] === after[permission]) continue;
    await ctx.events.publish(
      after[permission] ? 'permission_granted' : 'permission_revoked',
      { group_id: groupId, group_name: group.name, user_id: userId, permission, permissions: after },
      { kind: 'users', userIds: [userId] },
    );
  }
  return getUserGroupPermissions(ctx, admin, groupId, userId);
}

/** The signed-in user's own permissions in a group they can view. */
export async function myGroupPermissions(ctx: AppContext, user: UserRow, groupId: number) {
  await requireVisibleGroup(ctx.db, user, groupId);
  return { group_id: groupId, ...(await effectivePermissions(ctx.db, user, groupId)) };
}
