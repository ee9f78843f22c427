import { cx } from '../../ui/cx';
import type { PresenceView } from './presence-store';
import { usePresence } from './usePresence';
import styles from './PresenceDot.module.css';

const LABEL = { online: 'Online', away: 'Away', busy: 'Busy', offline: 'Offline' } as const;

/** The words for a presence, as the dot's label and the DM header's subtitle say it. */
export const presenceText = (view: PresenceView) => LABEL[view.status];

/** The status dot of spec 2 §4: green online, amber away, red busy, grey offline or unknown. */
export function PresenceDot({ userId, className }: { userId: number; className?: string }) {
  const view = usePresence(userId);
  return (
    <span
      className={cx(styles.dot, className)}
      data-status={view.status}
      role="img"
      aria-label={presenceText(view)}
      title={presenceText(view)}
    />
  );
}
