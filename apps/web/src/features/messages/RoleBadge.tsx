import type { Role } from '@hearth/protocol';
import styles from './MessageItem.module.css';

const BADGES: Partial<Record<Role, string>> = { ADMIN: 'Admin', MODERATOR: 'Mod', SYSTEM: 'SYSTEM' };

export function RoleBadge({ role }: { role: Role }) {
  const text = BADGES[role];
  if (!text) return null;
  return (
    <span className={styles.badge} data-role={role}>
      {text}
    </span>
  );
}
