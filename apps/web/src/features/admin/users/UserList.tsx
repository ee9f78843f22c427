import type { AdminUser } from '@hearth/protocol';
import { useIsNarrow } from '../../../app/useIsNarrow';
import { AdminTable } from '../parts/AdminTable';
import { isAdminUser } from '../user-list';
import { UserActions } from './UserActions';
import type { UserDialog } from './user-dialogs';
import styles from '../parts/AdminParts.module.css';

export interface UserListProps {
  users: readonly AdminUser[];
  onDialog(dialog: UserDialog): void;
}

const USER_COLUMNS = ['ID', 'Username', 'Role', 'Actions'];

function RolePill({ user }: { user: AdminUser }) {
  return (
    <span className={styles.pill} data-tone={isAdminUser(user) ? 'admin' : undefined}>
      {user.role}
    </span>
  );
}

function SuspendedPill({ user }: { user: AdminUser }) {
  if (!user.is_suspended) return null;
  return (
    <span className={styles.pill} data-tone="danger">
      Suspended
    </span>
  );
}

/** The users as a table (ID, Username, Role, Actions), or as cards on a phone (spec 3 §2). */
export function UserList({ users, onDialog }: UserListProps) {
  const narrow = useIsNarrow();
  if (narrow)
    return (
      <ul className={styles.cards} aria-label="Users">
        {users.map((user) => (
          <li key={user.id} className={styles.card}>
            <div className={styles.cardHead}>
              <bdi>{user.username}</bdi>
              <span className={styles.cardMeta}>ID {user.id}</span>
              <RolePill user={user} />
              <SuspendedPill user={user} />
            </div>
            <UserActions user={user} onDialog={onDialog} />
          </li>
        ))}
      </ul>
    );
  return (
    <AdminTable caption="Users" hideCaption columns={USER_COLUMNS}>
      {users.map((user) => (
        <tr key={user.id}>
          <td className={styles.numeric}>{user.id}</td>
          <td>
            <bdi>{user.username}</bdi> <SuspendedPill user={user} />
          </td>
          <td>
            <RolePill user={user} />
          </td>
          <td>
            <UserActions user={user} onDialog={onDialog} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
