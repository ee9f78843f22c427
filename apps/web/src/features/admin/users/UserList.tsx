import type { AdminUser } from '@hearth/protocol';
import { useIsNarrow } from '../../../app/useIsNarrow';
import { visuallyHidden } from '../../../ui/VisuallyHidden';
import { isAdminUser } from '../user-list';
import { UserActions } from './UserActions';
import type { UserDialog } from './user-dialogs';
import styles from '../parts/AdminParts.module.css';

export interface UserListProps {
  users: readonly AdminUser[];
  onDialog(dialog: UserDialog): void;
}

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
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={visuallyHidden}>Users</caption>
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">Username</th>
            <th scope="col">Role</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </div>
  );
}
