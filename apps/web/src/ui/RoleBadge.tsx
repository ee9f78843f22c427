import type { Role } from '@hearth/protocol';
import { DELETED_USER_NAME } from '@hearth/protocol/account-rules';
import styles from './RoleBadge.module.css';

const BADGES: Partial<Record<Role, string>> = { ADMIN: 'Admin', MODERATOR: 'Mod', SYSTEM: 'SYSTEM' };

/**
 * The Admin, Mod or SYSTEM badge beside a name (spec 1 §9); nothing for other roles, nor for the
 * account that stands in for deleted ones (a system account, but no voice of the system).
 */
export function RoleBadge({ role, username }: { role: Role; username?: string }) {
  const text = username === DELETED_USER_NAME ? undefined : BADGES[role];
  if (!text) return null;
  return (
    <span className={styles.badge} data-role={role}>
      {text}
    </span>
  );
}
