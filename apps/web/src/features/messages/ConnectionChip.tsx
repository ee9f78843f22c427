import { useLiveState } from '../live/useLiveState';
import styles from './ChannelChat.module.css';

/** Connected only while the live connection is open; connecting counts as disconnected. */
export function ConnectionChip() {
  const open = useLiveState() === 'open';
  return (
    <span className={styles.chip} data-connected={open || undefined} role="status">
      <span className={styles.dot} aria-hidden="true" />
      {open ? 'Connected' : 'Disconnected'}
    </span>
  );
}
