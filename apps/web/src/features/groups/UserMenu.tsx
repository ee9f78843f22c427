import * as Menu from '@radix-ui/react-dropdown-menu';
import { useLocation } from 'wouter';
import { useServices } from '../../app/services';
import { isAdminRole, signOut, useSession } from '../../app/session';
import { Avatar } from '../../ui';
import styles from './UserMenu.module.css';

/**
 * The avatar menu at the foot of the rail. Built on the menu primitive directly because the
 * shared DropdownMenu takes only items, and this one opens with a profile card.
 */
export function UserMenu() {
  const services = useServices();
  const user = useSession()?.user;
  const [, navigate] = useLocation();
  if (!user) return null;
  const admin = isAdminRole(user.role);

  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <button type="button" className={styles.trigger} aria-label="User menu">
          <Avatar name={user.username} src={user.profile_image_url} size={40} />
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className={styles.content}
          aria-label="User menu"
          side="right"
          align="end"
          sideOffset={8}
          collisionPadding={8}
        >
          <Menu.Label className={styles.profile}>
            <Avatar name={user.username} src={user.profile_image_url} size={48} />
            <span className={styles.who}>
              <span className={styles.name}>
                {user.nickname || user.username}
                {admin && <span className={styles.badge}>ADMIN</span>}
              </span>
              {user.nickname && <span className={styles.muted}>@{user.username}</span>}
              <span className={styles.muted}>ID: {user.id}</span>
            </span>
          </Menu.Label>
          <Menu.Separator className={styles.separator} />
          {admin && (
            <Menu.Item className={styles.item} onSelect={() => navigate('/admin')}>
              Admin Panel
            </Menu.Item>
          )}
          <Menu.Item className={styles.item} onSelect={() => navigate('/settings')}>
            Settings
          </Menu.Item>
          <Menu.Separator className={styles.separator} />
          <Menu.Item className={`${styles.item} ${styles.danger}`} onSelect={() => void signOut(services)}>
            Logout
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
