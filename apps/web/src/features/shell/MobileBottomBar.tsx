import { useLocation } from 'wouter';
import { useSession } from '../../app/session';
import { CloseIcon } from '../../ui/icons';
import { noteScreenOpener } from '../../ui/dialog-focus';
import { HomeIcon } from '../groups/icons';
import { useNavigation } from '../../app/navigation';
import { GroupsIcon, ProfileIcon, SettingsIcon } from './icons';
import styles from './Shell.module.css';

/**
 * Narrow layout only (hidden by CSS otherwise): Home, Groups (Close while the rail is open), Profile,
 * Settings, each an icon above its label. The icons are decoration; the label names the tab.
 */
export function MobileBottomBar() {
  const nav = useNavigation();
  const session = useSession();
  const [location, navigate] = useLocation();
  const tabs = [
    {
      id: 'home',
      label: 'Home',
      Icon: HomeIcon,
      active: location === '/' && !nav.railOpen && nav.channelId === null,
      onClick: () => nav.goHome(),
    },
    {
      id: 'groups',
      label: nav.railOpen ? 'Close' : 'Groups',
      Icon: nav.railOpen ? CloseIcon : GroupsIcon,
      active: nav.railOpen,
      onClick: () => {
        // From a page of its own, back to the channel list of the group the user was in.
        if (nav.onPage) nav.selectGroup(nav.groupId);
        nav.setRailOpen(!nav.railOpen);
        nav.setMobilePane('sidebar');
      },
    },
    {
      id: 'profile',
      label: 'Profile',
      Icon: ProfileIcon,
      active: location.startsWith('/profile/'),
      onClick: () => {
        nav.setRailOpen(false);
        navigate(`/profile/${encodeURIComponent(session?.user.username ?? '')}`);
      },
    },
    {
      id: 'settings',
      label: 'Settings',
      Icon: SettingsIcon,
      active: location === '/settings',
      onClick: () => {
        nav.setRailOpen(false);
        // Settings returns focus to this tab when it closes.
        noteScreenOpener();
        navigate('/settings');
      },
    },
  ];
  return (
    <nav className={styles.bottomBar} aria-label="Mobile navigation">
      {tabs.map(({ id, label, Icon, active, onClick }) => (
        <button
          // Not keyed by label: Groups turning into Close must stay the same button, keeping focus.
          key={id}
          type="button"
          className={styles.tab}
          aria-current={active ? 'page' : undefined}
          onClick={onClick}
        >
          <Icon size={22} />
          <span className={styles.tabLabel}>{label}</span>
        </button>
      ))}
    </nav>
  );
}
