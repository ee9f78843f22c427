import type { Role } from '@hearth/protocol';
import styles from './RoleBadge.module.css';

const BADGES: Partial<Record<Role, string>> = { ADMIN: 'Admin', MODERATOR: 'Mod', SYSTEM: 'SYSTEM' };

/** The Admin, Mod or SYSTEM badge beside a name (spec 1 §9); nothing for other roles. */
export function RoleBadge({ role }: { role: Role }) {
  const text = BADGES[role];
  if (!text) return null;
  return (
    <span className={styles.badge} data-role={role}>
      {text}
    </span>
  );
}
