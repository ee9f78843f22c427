import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useLocation } from 'wouter';
import { useNavigation } from '../../app/navigation';
import { placePath } from '../../app/routes';
import { useServices } from '../../app/services';
import { signOut } from '../../app/session';
import { Button, IconButton } from '../../ui';
import { useScreenFocus } from '../../ui/dialog-focus';
import { CloseIcon } from '../../ui/icons';
import { V2Only } from '../api-version/V2Required';
import { API_VERSION_TEXT } from '../api-version/texts';
import { PrivacyTab } from './PrivacyTab';
import { ProfileTab } from './ProfileTab';
import { OPEN_SETTINGS_TAB, SETTINGS_TABS, settingsLocation, tabName } from './tabs';
import { TabStatusSlot } from './tab-status';
import styles from './Settings.module.css';

// Its own chunk: only those who open the tab fetch it.
const CustomGifsTab = lazy(() => import('./CustomGifsTab'));
const CustomEmojisTab = lazy(() => import('./CustomEmojisTab'));
const AboutTab = lazy(() => import('./AboutTab'));
const VoiceSettingsTab = lazy(() => import('./voice-tab/VoiceSettingsTab'));
const DevicesTab = lazy(() => import('../devices/DevicesTab'));
const ChatSettingsTab = lazy(() => import('./chat-tab/ChatSettingsTab'));
const AppearanceTab = lazy(() => import('./appearance/AppearanceTab'));
const AccountTab = lazy(() => import('./account/AccountTab'));
const NotificationsTab = lazy(() => import('./notifications-tab/NotificationsTab'));

/** Every tab of spec 3 §2; any other name (a link from a newer version, say) shows Coming Soon. */
const BUILT: Record<string, () => ReactNode> = {
  account: () => (
    <Suspense fallback={null}>
      <AccountTab />
    </Suspense>
  ),
  profile: () => <ProfileTab />,
  privacy: () => (
    <V2Only text={API_VERSION_TEXT.privacyOnV1}>
      <PrivacyTab />
    </V2Only>
  ),
  voice: () => (
    <Suspense fallback={null}>
      <VoiceSettingsTab />
    </Suspense>
  ),
  notifications: () => (
    <Suspense fallback={null}>
      <NotificationsTab />
    </Suspense>
  ),
  chat: () => (
    <Suspense fallback={null}>
      <ChatSettingsTab />
    </Suspense>
  ),
  appearance: () => (
    <Suspense fallback={null}>
      <AppearanceTab />
    </Suspense>
  ),
  emojis: () => (
    <Suspense fallback={null}>
      <CustomEmojisTab />
    </Suspense>
  ),
  gifs: () => (
    <Suspense fallback={null}>
      <CustomGifsTab />
    </Suspense>
  ),
  about: () => (
    <Suspense fallback={null}>
      <AboutTab />
    </Suspense>
  ),
  devices: () => (
    <V2Only text={API_VERSION_TEXT.devicesOnV1}>
      <Suspense fallback={null}>
        <DevicesTab />
      </Suspense>
    </V2Only>
  ),
};

/**
 * The settings screen (spec 3 §2): a full-screen dialog over the shell at /settings/{tab}, closed by
 * the close button, Escape or a click on the backdrop (back to where the user was). A settings link or
 * the `settings:open-tab` window event opens it on a tab. Loaded on first use.
 */
export default function SettingsScreen() {
  const [location, navigate] = useLocation();
  const nav = useNavigation();
  const services = useServices();
  const { tab } = settingsLocation(location, window.history.state);
  const open = (id: string) => navigate(`/settings/${encodeURIComponent(id)}`, { replace: true });
  const close = () => navigate(placePath({ groupId: nav.groupId, channelId: nav.channelId }));

  useEffect(() => {
    const onOpenTab = (event: Event) => {
      const id = (event as CustomEvent<{ tab?: unknown }>).detail?.tab;
      if (typeof id === 'string' && id) navigate(`/settings/${encodeURIComponent(id)}`, { replace: true });
    };
    window.addEventListener(OPEN_SETTINGS_TAB, onOpenTab);
    return () => window.removeEventListener(OPEN_SETTINGS_TAB, onOpenTab);
  }, [navigate]);

  const focus = useScreenFocus();
  const title = tabName(tab) ?? 'Coming Soon';
  const [statusSlot, setStatusSlot] = useState<HTMLElement | null>(null);
  // On a phone the tabs are a strip that scrolls sideways: the open tab is scrolled into view, also
  // when a link or the window event opened a tab far along it.
  // A callback ref: the dialog's portal mounts its content after this component, so an effect of
  // this component would find no button yet.
  const activeItem = useCallback(
    (button: HTMLButtonElement | null) => button?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
    [],
  );
  return (
    <Dialog.Root open onOpenChange={(isOpen) => !isOpen && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.screen}
          aria-describedby="settings-subtitle"
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <header className={styles.header}>
            <div>
              <Dialog.Title asChild>
                <h1 className={styles.title}>Settings</h1>
              </Dialog.Title>
              <p id="settings-subtitle" className={styles.subtitle}>
                Manage your account and preferences
              </p>
            </div>
            <Dialog.Close asChild>
              <IconButton aria-label="Close settings">
                <CloseIcon size={20} />
              </IconButton>
            </Dialog.Close>
          </header>
          <div className={styles.layout}>
            <nav className={styles.nav} aria-label="Settings sections">
              <ul>
                {SETTINGS_TABS.map((t) => (
                  <li key={t.id}>
                    <button
                      ref={t.id === tab ? activeItem : undefined}
                      type="button"
                      className={styles.navItem}
                      aria-current={t.id === tab ? 'page' : undefined}
                      onClick={() => open(t.id)}
                    >
                      {t.name}
                    </button>
                  </li>
                ))}
              </ul>
              <Button variant="danger" className={styles.logout} onClick={() => void signOut(services)}>
                Logout
              </Button>
            </nav>
            {/* Named '… settings': the tab's name alone would repeat the toasts' Notifications region. */}
            <section className={styles.content} aria-label={`${title} settings`}>
              <div className={styles.tabHead}>
                <h2 className={styles.tabTitle}>{title}</h2>
                <div ref={setStatusSlot} />
              </div>
              <div className={styles.tabScroll}>
                <TabStatusSlot.Provider value={statusSlot}>
                  {BUILT[tab]?.() ?? (
                    <p className={styles.comingSoon}>Coming Soon: this part of the settings is on its way.</p>
                  )}
                </TabStatusSlot.Provider>
              </div>
            </section>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
