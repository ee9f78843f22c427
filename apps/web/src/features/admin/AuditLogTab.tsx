import type { AuditEntry } from '@hearth/protocol';
import { Button } from '../../ui';
import { useAuditLog } from './admin-queries';
import { LOAD_FAILED } from './admin-texts';
import { auditActionLabel, auditDetails, auditTarget } from './audit-format';
import { LoadState } from './parts/LoadState';
import { RecordList, type RecordColumn } from './parts/RecordList';
import styles from './parts/AdminParts.module.css';

const AUDIT_COLUMNS: readonly RecordColumn<AuditEntry>[] = [
  { label: 'When', cell: (entry) => new Date(entry.created_at).toLocaleString(), className: styles.numeric },
  { label: 'Admin', cell: (entry) => <bdi>{entry.admin_username}</bdi> },
  { label: 'Action', cell: (entry) => auditActionLabel(entry.action) },
  { label: 'Target', cell: (entry) => <bdi>{auditTarget(entry)}</bdi> },
  { label: 'Details', cell: (entry) => auditDetails(entry.details), className: styles.wrapText },
];

/** Audit Log (ours): who did what to whom and when, newest first, older pages on request. */
export function AuditLogTab() {
  const audit = useAuditLog();
  const entries = audit.data?.pages.flat() ?? [];
  return (
    <div className={styles.tab}>
      <LoadState query={audit} loading="Loading the audit log" failed={LOAD_FAILED.audit}>
        {entries.length === 0 ? (
          <p className={styles.note}>No admin actions yet</p>
        ) : (
          <RecordList caption="Audit Log" columns={AUDIT_COLUMNS} rows={entries} rowKey={(entry) => entry.id} />
        )}
      </LoadState>
      {audit.hasNextPage && (
        <div className={styles.toolbar}>
          <Button variant="secondary" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
            {audit.isFetchingNextPage ? 'Loading...' : 'Load Older'}
          </Button>
        </div>
      )}
    </div>
  );
}
