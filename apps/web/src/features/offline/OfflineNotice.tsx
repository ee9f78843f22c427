import { useEffect, useRef } from 'react';
import { connectivity } from '../../app/connectivity';
import { useServices } from '../../app/services';
import { useOffline } from '../../app/useOffline';
import styles from './OfflineNotice.module.css';

export const OFFLINE_TEXT = "You're offline. Hearth will reconnect when your connection is back.";

/**
 * Says so while the server cannot be reached (see app/connectivity.ts), on every screen: the
 * signed-in shell and the login form alike, including a start from the service worker's cached shell
 * with no network. When the server answers again, what the screen shows is fetched again and the
 * live connection tries at once.
 */
export function OfflineNotice() {
  const { live, queryClient } = useServices();
  const offline = useOffline();

  useEffect(() => {
    const check = () => void connectivity.check();
    window.addEventListener('online', check);
    window.addEventListener('offline', check);
    // A start the browser already knows has no network (the service worker's shell, say) is checked
    // at once; otherwise the app's own first request tells, and the login form's first sign-in.
    if (!navigator.onLine) check();
    return () => {
      window.removeEventListener('online', check);
      window.removeEventListener('offline', check);
    };
  }, []);

  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline) {
      // Whatever failed meanwhile (and anything stale) is shown fresh; a fetch under way is kept.
      void queryClient.refetchQueries({ type: 'active', stale: true }, { cancelRefetch: false });
      live.onOnline();
    }
    wasOffline.current = offline;
  }, [offline, queryClient, live]);

  // The status region is always there and only its text comes and goes: a region that appears with
  // its text already in it is not announced by every screen reader.
  return (
    <div className={styles.region} role="status">
      {offline && (
        <p className={styles.notice}>
          <span className={styles.dot} aria-hidden="true" />
          {OFFLINE_TEXT}
        </p>
      )}
    </div>
  );
}
