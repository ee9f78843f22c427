import { useState } from 'react';
import { Button } from '../../ui';
import { dismissedUpdate, dismissUpdate, RUNNING_VERSION, shouldOfferUpdate } from './app-version';
import { useVersionInfo, useVersionLiveUpdates } from './version-queries';
import styles from './Versions.module.css';

/**
 * The update banner (spec 1 §2): a newer client exists. Shows both versions, 'Update Now' (reloads
 * the page, which fetches the new client) and 'Dismiss' (for that version only: a later one is
 * offered again, as is this one when an admin pushes it anew).
 */
export function UpdateBanner() {
  useVersionLiveUpdates();
  const latest = useVersionInfo().data?.app_version;
  const [dismissed, setDismissed] = useState(dismissedUpdate);
  if (!shouldOfferUpdate(latest, dismissed)) return null;
  return (
    <div className={styles.banner} role="status" aria-label="Update available">
      <span>
        A new version of Hearth is available: <strong>v{latest}</strong> (you have v{RUNNING_VERSION}).
      </span>
      <Button size="sm" variant="primary" onClick={() => window.location.reload()}>
        Update Now
      </Button>
      {/* The lesser choice looks it: Update Now is the one primary button. */}
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          dismissUpdate(latest!);
          setDismissed(latest!);
        }}
      >
        Dismiss
      </Button>
    </div>
  );
}
