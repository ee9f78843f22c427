import { useLocation } from 'wouter';
import { useServices } from '../../app/services';
import { isAdminRole, signOut, useSession } from '../../app/session';
import { Avatar, DropdownMenu, type MenuItem } from '../../ui';
import { noteScreenOpener } from '../../ui/dialog-focus';
import { StatusMenu } from '../presence';
import styles from './UserMenu.module.css';

/** The avatar menu at the foot of the rail: a profile card, then the account's places and Logout. */
export function UserMenu() {
  const services = useServices();
  const user = useSession()?.user;
  const [, navigate] = useLocation();
  if (!user) return null;
  const admin = isAdminRole(user.role);
  const openScreen = (path: string) => {
    noteScreenOpener();
    navigate(path);
  };

  const items: MenuItem[] = [
    // Each panel returns focus to this menu's button when it closes.
    ...(admin ? [{ label: 'Admin Panel', onSelect: () => openScreen('/admin') }] : []),
    { label: 'Settings', onSelect: () => openScreen('/settings') },
    { separator: true },
    { label: 'Logout', danger: true, onSelect: () => void signOut(services) },
  ];

  return (
    <div className={styles.wrap}>
      <DropdownMenu
        label="User menu"
        side="right"
        align="end"
        trigger={
          // The avatar shows the username's initials, so the name starts with the username (label in name).
          <button type="button" className={styles.trigger} aria-label={`${user.username}, User menu`}>
            <Avatar name={user.username} src={user.profile_image_url} size={40} />
          </button>
        }
        header={
          <div className={styles.profile}>
            <Avatar name={user.username} src={user.profile_image_url} size={48} />
            <span className={styles.who}>
              <span className={styles.name}>
                <bdi>{user.nickname || user.username}</bdi>
                {admin && <span className={styles.badge}>ADMIN</span>}
              </span>
              {user.nickname && (
                <span className={styles.muted}>
                  @<bdi>{user.username}</bdi>
                </span>
              )}
              <span className={styles.muted}>ID: {user.id}</span>
            </span>
          </div>
        }
        items={items}
      />
      <StatusMenu userId={user.id} />
    </div>
  );
}
