import { useLocation } from 'wouter';
import { useSession } from '../../app/session';
import { useNavigation } from './navigation';
import styles from './Shell.module.css';

/** Narrow layout only (hidden by CSS otherwise): Home, Groups (Close while the rail is open), Profile, Settings. */
export function MobileBottomBar() {
  const nav = useNavigation();
  const session = useSession();
  const [location, navigate] = useLocation();
  const tabs = [
    {
      label: 'Home',
      active: location === '/' && !nav.railOpen && nav.channelId === null,
      onClick: () => {
        navigate('/');
        nav.goHome();
      },
    },
    {
      label: nav.railOpen ? 'Close' : 'Groups',
      active: nav.railOpen,
      onClick: () => {
        navigate('/');
        nav.setRailOpen(!nav.railOpen);
        nav.setMobilePane('sidebar');
      },
    },
    {
      label: 'Profile',
      active: location.startsWith('/profile/'),
      onClick: () => {
        nav.setRailOpen(false);
        navigate(`/profile/${encodeURIComponent(session?.user.username ?? '')}`);
      },
    },
    {
      label: 'Settings',
      active: location === '/settings',
      onClick: () => {
        nav.setRailOpen(false);
        navigate('/settings');
      },
    },
  ];
  return (
    <nav className={styles.bottomBar} aria-label="Mobile navigation">
      {tabs.map((t) => (
        <button
          key={t.label}
          type="button"
          className={styles.tab}
          aria-current={t.active ? 'page' : undefined}
          onClick={t.onClick}
        >
          {t.label}
        </button>
      ))}
    </nav>
  );
}
