import { useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useLocation } from 'wouter';
import { useNavigation } from '../../app/navigation';
import { placePath } from '../../app/routes';
import { IconButton } from '../../ui';
import { useScreenFocus } from '../../ui/dialog-focus';
import { CloseIcon } from '../../ui/icons';
import { Tabs } from '../../ui/Tabs';
import { ADMIN_TABS, type AdminTabId } from './admin-tabs';
import { UsersTab } from './users/UsersTab';
import { StorageTab } from './storage/StorageTab';
import { AnnouncementsTab } from './AnnouncementsTab';
import { SystemTab } from './system/SystemTab';
import { AppVersionTab } from './AppVersionTab';
import { DataReportsTab } from './DataReportsTab';
import { AuditLogTab } from './AuditLogTab';
import styles from './AdminPanel.module.css';

const CONTENT: Record<AdminTabId, () => ReactNode> = {
  users: () => <UsersTab />,
  storage: () => <StorageTab />,
  announcements: () => <AnnouncementsTab />,
  system: () => <SystemTab />,
  'app-version': () => <AppVersionTab />,
  'data-reports': () => <DataReportsTab />,
  audit: () => <AuditLogTab />,
};

/**
 * The admin panel (spec 3 §2): a dialog over the place the admin was at, at /admin, full-screen below
 * 768 px. Closed by its close button, Escape or a click outside (back to that place). Only the open
 * tab is mounted, so only it fetches (and the System tab refreshes only while open). Loaded on first
 * use, by admins only.
 */
export default function AdminPanel() {
  const [, navigate] = useLocation();
  const nav = useNavigation();
  const [tab, setTab] = useState<AdminTabId>('users');
  const close = () => navigate(placePath({ groupId: nav.groupId, channelId: nav.channelId }));
  const focus = useScreenFocus();

  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.panel}
          aria-describedby="admin-panel-subtitle"
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <header className={styles.header}>
            <div>
              <Dialog.Title asChild>
                <h1 className={styles.title}>Admin Panel</h1>
              </Dialog.Title>
              <p id="admin-panel-subtitle" className={styles.subtitle}>
                Manage users, storage, announcements and the server
              </p>
            </div>
            <Dialog.Close asChild>
              <IconButton aria-label="Close admin panel">
                <CloseIcon size={20} />
              </IconButton>
            </Dialog.Close>
          </header>
          <Tabs
            className={styles.tabs}
            label="Admin sections"
            value={tab}
            onValueChange={(value) => setTab(value as AdminTabId)}
            tabs={ADMIN_TABS.map((t) => ({ value: t.id, label: t.name, content: CONTENT[t.id]() }))}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
