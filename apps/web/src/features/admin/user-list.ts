import type { AdminUser } from '@hearth/protocol';

/** Spec 3 §2: Guardian and other SYSTEM accounts never show in the admin's lists (the server leaves them out too). */
export const isListedUser = (user: Pick<AdminUser, 'username' | 'role'>) =>
  user.role.toUpperCase() !== 'SYSTEM' && user.username.toLowerCase() !== 'guardian';

export const isAdminUser = (user: Pick<AdminUser, 'role'>) => user.role.toUpperCase() === 'ADMIN';

export interface UserCounts {
  total: number;
  admins: number;
  suspended: number;
  /** Everyone not suspended. */
  active: number;
}

/** The Users tab's counters (spec 3 §2): Total, Admins, Suspended, Active. */
export function userCounts(users: readonly AdminUser[]): UserCounts {
  const admins = users.filter(isAdminUser).length;
  const suspended = users.filter((u) => u.is_suspended).length;
  return { total: users.length, admins, suspended, active: users.length - suspended };
}

/**
 * Rows whose name, id or role contains the search (any case, spaces around it ignored); a blank
 * search keeps every row. Shared by the Users and Storage tabs.
 */
export function matchesSearch(row: { id: number; username: string; role: string }, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return (
    row.username.toLowerCase().includes(needle) ||
    String(row.id).includes(needle) ||
    row.role.toLowerCase().includes(needle)
  );
}
