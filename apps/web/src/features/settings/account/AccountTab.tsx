import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../../../app/session';
import { settingsLocation } from '../tabs';
import { DeleteAccountSection } from './DeleteAccountSection';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { StorageSection } from './StorageSection';
import { UsernameSection } from './UsernameSection';
import settings from '../Settings.module.css';

/** Sections a settings link may name (`/settings/account/password`, `/settings/account/email`). */
const LINKED_SECTIONS = new Set(['password', 'email']);

/**
 * My Account (spec 3 §2): storage, username, email address, password, account deletion. A lazy chunk.
 * A link to one of its sections (spec 3 §2 Routes) scrolls there.
 */
export default function AccountTab() {
  const user = useSession()?.user;
  const [location] = useLocation();
  const { section } = settingsLocation(location, window.history.state);
  useEffect(() => {
    if (section && LINKED_SECTIONS.has(section))
      document.getElementById(`account-${section}`)?.scrollIntoView({ block: 'start' });
  }, [section]);
  if (!user) return null;
  return (
    <div className={settings.tabBody}>
      <StorageSection />
      <UsernameSection current={user.username} />
      <EmailSection />
      <PasswordSection />
      <DeleteAccountSection />
    </div>
  );
}
