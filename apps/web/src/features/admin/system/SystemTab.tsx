import { useState } from 'react';
import { Button } from '../../../ui';
import { Switch } from '../../../ui/Switch';
import { useSystemResources } from '../admin-queries';
import { LOAD_FAILED } from '../admin-texts';
import { LoadState } from '../parts/LoadState';
import { ResourceGrid } from './ResourceGrid';
import { VoiceTools } from './VoiceTools';
import styles from './System.module.css';
import parts from '../parts/AdminParts.module.css';

/**
 * System (spec 3 §2): the server's resources, fetched again every 10 s while this tab is open unless
 * Auto-refresh is turned off, and the voice tools.
 */
export function SystemTab() {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const resources = useSystemResources(autoRefresh);
  const updated = resources.dataUpdatedAt ? new Date(resources.dataUpdatedAt).toLocaleTimeString() : null;
  return (
    <div className={parts.tab}>
      <div className={styles.head}>
        <Switch
          label="Auto-refresh"
          description="Every 10 seconds while this tab is open"
          checked={autoRefresh}
          onCheckedChange={setAutoRefresh}
        />
        <div className={parts.toolbar}>
          {updated && <span className={parts.note}>Updated {updated}</span>}
          <Button variant="secondary" disabled={resources.isFetching} onClick={() => void resources.refetch()}>
            Refresh
          </Button>
        </div>
      </div>
      {resources.isError && resources.data && (
        <p className={parts.note} role="alert">
          {LOAD_FAILED.system}
        </p>
      )}
      <LoadState query={resources} loading="Loading system resources" failed={LOAD_FAILED.system}>
        {resources.data && <ResourceGrid resources={resources.data} />}
      </LoadState>
      <VoiceTools />
    </div>
  );
}
