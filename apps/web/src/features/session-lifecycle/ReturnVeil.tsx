import { useSyncExternalStore } from 'react';
import { useServices } from '../../app/services';
import { Spinner } from '../../ui';
import { useReturnSuppression } from './useReturnSuppression';
import styles from './ReturnVeil.module.css';

export const RETURN_TEXT = {
  catchingUp: 'Welcome back! Catching up…',
  reconnecting: 'Welcome back! Reconnecting…',
} as const;

/**
 * Spec 3 §4's state after the window was away for over 10 s: for 5 s the signed-in view is dimmed
 * under a 'Welcome back' status while the live connection resumes (LiveBridge) and the events missed
 * meanwhile arrive. Kept light on purpose: it takes no clicks or keys (the composer keeps its text
 * and focus) and sits under dialogs. The status region is always there, so its text is announced.
 */
export function ReturnVeil() {
  const { live } = useServices();
  const suppressed = useReturnSuppression();
  const connected = useSyncExternalStore(live.subscribe, live.getState) === 'open';
  return (
    <>
      {suppressed && <div className={styles.veil} aria-hidden="true" />}
      <div role="status" className={styles.region}>
        {suppressed && (
          <p className={styles.chip}>
            <Spinner size={14} label="" />
            {connected ? RETURN_TEXT.catchingUp : RETURN_TEXT.reconnecting}
          </p>
        )}
      </div>
    </>
  );
}
