import type { PermissionSet } from '@hearth/protocol';
import { TEXT } from '@hearth/protocol';
import type { Queryable } from '../db/pool.js';
import { forbidden, notFound } from '../http/errors.js';
import { bypassesGroupPermissions, type UserRow } from '../users/user-row.js';
import type { ChannelRow, GroupRow } from './rows.js';

export const DEFAULT_PERMISSIONS: PermissionSet = { can_view: true, can_post: true, can_upload: true };
const ALL: PermissionSet = DEFAULT_PERMISSIONS;

type Who = Pick<UserRow, 'id' | 'role'>;

/** The stored permissions of a user in a group, or the defaults (everything allowed) when none are stored. */
export async function storedPermissions(db: Queryable, groupId: number, userId: number): Promise<PermissionSet> {
  const { rows } = await db.query<PermissionSet>(
    'SELECT can_view, can_post, can_upload FROM group_permissions WHERE group_id = $1 AND user_id = $2',
    [groupId, userId],
  );
  return rows[0] ?? { ...DEFAULT_PERMISSIONS };
}

/** What the user may do in the group; admins and the system account may do everything. */
export async function effectivePermissions(db: Queryable, user: Who, groupId: number): Promise<PermissionSet> {
  return bypassesGroupPermissions(user) ? ALL : storedPermissions(db, groupId, user.id);
}

/** Groups the user may not view (empty for admins). */
export async function hiddenGroupIds(db: Queryable, user: Who): Promise<number[]> {
  if (bypassesGroupPermissions(user)) return [];
  const { rows } = await db.query<{ group_id: number }>(
    'SELECT group_id FROM group_permissions WHERE user_id = $1 AND NOT can_view',
    [user.id],
  );
  return rows.map((r) => r.group_id);
}

/** SQL condition (on a group id expression) that keeps groups the user may view. Parameter $n is the user id. */
export function visibleGroupSql(user: Who, groupIdExpr: string, param: string): string {
  // The parameter is referenced either way so the caller's parameter list stays valid.
  if (bypassesGroupPermissions(user)) return `${param}::bigint IS NOT NULL`;
  return `NOT EXISTS (SELECT 1 FROM group_permissions gp WHERE gp.group_id = ${groupIdExpr} AND gp.user_id = ${param}::bigint AND NOT gp.can_view)`;
}

/**
 * SQL condition that the user row aliased `u` may view the group `groupIdExpr`: admins and the system
 * account always, anyone else unless a stored permission hides it. For queries over many users, where
 * visibleGroupSql's one known user does not apply.
 */
export function canViewGroupSql(u: string, groupIdExpr: string): string {
  return `(${u}.role IN ('ADMIN', 'SYSTEM') OR NOT EXISTS (
            SELECT 1 FROM group_permissions gp WHERE gp.group_id = ${groupIdExpr} AND gp.user_id = ${u}.id AND NOT gp.can_view))`;
}

/** A group the user may view; one they may not view is reported as missing. */
export async function requireVisibleGroup(db: Queryable, user: Who, groupId: number): Promise<GroupRow> {
  const { rows } = await db.query<GroupRow>('SELECT * FROM groups WHERE id = $1', [groupId]);
  const group = rows[0];
  if (!group || !(await effectivePermissions(db, user, groupId)).can_view) throw notFound(TEXT.groupNotFound);
  return group;
}

/** A channel with the user's permissions in its group; a channel they may not view is reported as missing. */
export async function requireVisibleChannel(
  db: Queryable,
  user: Who,
  channelId: number,
): Promise<{ channel: ChannelRow; permissions: PermissionSet }> {
  // One round trip for the channel and the user's stored permissions in its group: this check
  // opens every channel request, history pages and sends included.
  const { rows } = await db.query<ChannelRow & StoredFlags>(
    `SELECT c.*, gp.can_view AS gp_can_view, gp.can_post AS gp_can_post, gp.can_upload AS gp_can_upload
       FROM channels c
       LEFT JOIN group_permissions gp ON gp.group_id = c.group_id AND gp.user_id = $2
      WHERE c.id = $1`,
    [channelId, user.id],
  );
  const row = rows[0];
  if (!row) throw notFound(TEXT.channelNotFound);
  const { gp_can_view, gp_can_post, gp_can_upload, ...channel } = row;
  const permissions: PermissionSet = bypassesGroupPermissions(user)
    ? { ...ALL }
    : gp_can_view === null
      ? { ...DEFAULT_PERMISSIONS }
      : { can_view: gp_can_view, can_post: gp_can_post!, can_upload: gp_can_upload! };
  if (!permissions.can_view) throw notFound(TEXT.channelNotFound);
  return { channel, permissions };
}

/** The user's stored flags beside a channel row; null when none are stored (the defaults apply). */
interface StoredFlags {
  gp_can_view: boolean | null;
  gp_can_post: boolean | null;
  gp_can_upload: boolean | null;
}

export function requireAdmin(user: Pick<UserRow, 'role'>): void {
  if (user.role !== 'ADMIN') throw forbidden(TEXT.adminOnly);
}
