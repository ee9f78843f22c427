import type { AdminDataReport } from '@hearth/protocol';
import { Button, useConfirm, useToast } from '../../ui';
import { showFailure } from './admin-errors';
import { useAdminWrite, useDataReports } from './admin-queries';
import { adminRequests } from './admin-requests';
import { CONFIRM_TEXT, FAILURES, LOAD_FAILED, NOT_AVAILABLE } from './admin-texts';
import { LoadState } from './parts/LoadState';
import { RecordList, type RecordColumn } from './parts/RecordList';
import { reportDevice } from './report-device';
import styles from './parts/AdminParts.module.css';

const REPORT_COLUMNS: readonly RecordColumn<AdminDataReport>[] = [
  { label: 'User', cell: (report) => <bdi>{report.username}</bdi> },
  { label: 'Device', cell: reportDevice },
  { label: 'User Agent', cell: (report) => report.user_agent, className: styles.wrapText },
  { label: 'IP Address', cell: (report) => report.ip_address ?? NOT_AVAILABLE, className: styles.numeric },
  { label: 'Timezone', cell: (report) => report.timezone },
  { label: 'Language', cell: (report) => report.language },
  {
    label: 'Collected At',
    cell: (report) => new Date(report.collected_at).toLocaleString(),
    className: styles.numeric,
  },
];

function DeleteReport({ report }: { report: AdminDataReport }) {
  const toast = useToast();
  const remove = useAdminWrite(adminRequests.deleteReport);
  const run = async () => {
    try {
      toast.success((await remove.mutateAsync(report.id)).message);
    } catch (error) {
      showFailure(toast, FAILURES.deleteReport, error);
    }
  };
  return (
    <Button size="sm" variant="danger" disabled={remove.isPending} onClick={() => void run()}>
      Delete
    </Button>
  );
}

/**
 * Data Reports (spec 3 §2): the data collection reports users' clients sent (at most one a week, or
 * from a new device), newest first, with Delete for one and Delete All.
 */
export function DataReportsTab() {
  const reports = useDataReports();
  const toast = useToast();
  const confirm = useConfirm();
  const removeAll = useAdminWrite(adminRequests.deleteAllReports);
  const list = reports.data ?? [];

  const onDeleteAll = async () => {
    const sure = await confirm({
      title: 'Delete All Reports',
      message: CONFIRM_TEXT.deleteAllReports,
      confirmLabel: 'Delete All',
      type: 'danger',
    });
    if (!sure) return;
    try {
      toast.success((await removeAll.mutateAsync()).message);
    } catch (error) {
      showFailure(toast, FAILURES.deleteReports, error);
    }
  };

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <Button variant="danger" disabled={list.length === 0 || removeAll.isPending} onClick={() => void onDeleteAll()}>
          Delete All
        </Button>
      </div>
      <LoadState query={reports} loading="Loading data reports" failed={LOAD_FAILED.reports}>
        {list.length === 0 ? (
          <p className={styles.note}>No data collection reports</p>
        ) : (
          <RecordList
            caption="Data Collection Reports"
            columns={REPORT_COLUMNS}
            rows={list}
            rowKey={(report) => report.id}
            actions={(report) => <DeleteReport report={report} />}
          />
        )}
      </LoadState>
    </div>
  );
}
