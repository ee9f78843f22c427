import { Button } from '../../ui';
import { useAuditLog } from './admin-queries';
import { LOAD_FAILED } from './admin-texts';
import { auditActionLabel, auditDetails, auditTarget } from './audit-format';
import { AdminTable } from './parts/AdminTable';
import { LoadState } from './parts/LoadState';
import styles from './parts/AdminParts.module.css';

const AUDIT_COLUMNS = ['When', 'Admin', 'Action', 'Target', 'Details'];

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
          <AdminTable caption="Audit Log" columns={AUDIT_COLUMNS}>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className={styles.numeric}>{new Date(entry.created_at).toLocaleString()}</td>
                <td>
                  <bdi>{entry.admin_username}</bdi>
                </td>
                <td>{auditActionLabel(entry.action)}</td>
                <td>
                  <bdi>{auditTarget(entry)}</bdi>
                </td>
                <td className={styles.wrapText}>{auditDetails(entry.details)}</td>
              </tr>
            ))}
          </AdminTable>
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
