import { useSyncExternalStore } from 'react';
import type { PresenceStatus } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { DropdownMenu, useToast, type MenuItem } from '../../ui';
import { usePresence } from './usePresence';
import styles from './PresenceDot.module.css';

const CHOICES: { label: string; status: PresenceStatus; invisible: boolean }[] = [
  { label: 'Online', status: 'online', invisible: false },
  { label: 'Away', status: 'away', invisible: false },
  { label: 'Busy', status: 'busy', invisible: false },
  { label: 'Invisible', status: 'online', invisible: true },
];

/** The status dot on the rail avatar, which opens 'Set your status' (spec 2 §2). */
export function StatusMenu({ userId }: { userId: number }) {
  const { presenceAgent, presence } = useServices();
  const view = usePresence(userId);
  const toast = useToast();
  // The agent's own state (the flag of invisibility is the user's alone).
  const own = useSyncExternalStore(
    (l) => presence.subscribeUser(userId, l),
    () => presenceAgent.current,
  );
  const current = own?.is_invisible
    ? 'Invisible'
    : (CHOICES.find((c) => c.status === own?.presence_status)?.label ?? '');
  const items: MenuItem[] = CHOICES.map((c) => ({
    label: c.label === current ? `${c.label} ✓` : c.label,
    onSelect: () =>
      void presenceAgent.choose(c.status, c.invisible).catch(() => toast.error('Failed to update status')),
  }));
  return (
    <DropdownMenu
      label="Set your status"
      side="right"
      align="end"
      header={<span className={styles.menuTitle}>Set your status</span>}
      trigger={
        <button
          type="button"
          className={styles.statusButton}
          data-status={view.status}
          aria-label={`Set your status (now ${current || view.status})`}
        />
      }
      items={items}
    />
  );
}
