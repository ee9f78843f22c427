import { VOICE_TAB_TEXT as T } from './voice-tab-logic';
import styles from './VoiceSettings.module.css';

/** Whether changes reach a live connection now: in a voice channel or a DM call. */
export function ConnectionBadge({ connected }: { connected: boolean }) {
  return (
    <p className={styles.badge} data-connected={connected}>
      <span className={styles.badgeDot} aria-hidden="true" />
      {connected ? T.connected : T.notConnected}
    </p>
  );
}
