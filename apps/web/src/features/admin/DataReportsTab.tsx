import type { AdminDataReport } from '@hearth/protocol';
import { Button, useConfirm, useToast } from '../../ui';
import { showFailure } from './admin-errors';
import { useAdminWrite, useDataReports } from './admin-queries';
import { adminRequests } from './admin-requests';
import { CONFIRM_TEXT, FAILURES, LOAD_FAILED, NOT_AVAILABLE } from './admin-texts';
import { AdminTable } from './parts/AdminTable';
import { LoadState } from './parts/LoadState';
import { reportDevice } from './report-device';
import styles from './parts/AdminParts.module.css';

const REPORT_COLUMNS = [
  'User',
  'Device',
  'User Agent',
  'IP Address',
  'Timezone',
  'Language',
  'Collected At',
  'Actions',
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
          <AdminTable caption="Data Collection Reports" columns={REPORT_COLUMNS}>
            {list.map((report) => (
              <tr key={report.id}>
                <td>
                  <bdi>{report.username}</bdi>
                </td>
                <td>{reportDevice(report)}</td>
                <td className={styles.wrapText}>{report.user_agent}</td>
                <td className={styles.numeric}>{report.ip_address ?? NOT_AVAILABLE}</td>
                <td>{report.timezone}</td>
                <td>{report.language}</td>
                <td className={styles.numeric}>{new Date(report.collected_at).toLocaleString()}</td>
                <td>
                  <DeleteReport report={report} />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </LoadState>
    </div>
  );
}
