import { useOffline } from '../../app/useOffline';
import { useLiveState } from '../live/useLiveState';
import styles from './ChannelChat.module.css';

/**
 * Connected only while the live connection is open and the tab is not offline; connecting counts as
 * disconnected. A dropped network is often noticed first by a failed request (the offline notice),
 * while the socket is still thought open until its ping goes unanswered: the chip follows whichever
 * knows first, so it never says Connected under the offline notice.
 */
export function ConnectionChip() {
  const offline = useOffline();
  const open = useLiveState() === 'open' && !offline;
  return (
    <span className={styles.chip} data-connected={open || undefined} role="status">
      <span className={styles.dot} aria-hidden="true" />
      {open ? 'Connected' : 'Disconnected'}
    </span>
  );
}
