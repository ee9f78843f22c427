import { Button, useConfirm, useToast } from '../../../ui';
import { showFailure } from '../admin-errors';
import { useAdminStorage, useAdminWrite } from '../admin-queries';
import { adminRequests } from '../admin-requests';
import { CONFIRM_TEXT, FAILURES, LOAD_FAILED, SEARCH_STORAGE_PLACEHOLDER } from '../admin-texts';
import { storageCounts } from '../storage-stats';
import { matchesSearch } from '../user-list';
import { LoadState } from '../parts/LoadState';
import { SearchBox } from '../parts/SearchBox';
import { StatCards } from '../parts/StatCards';
import { useRowSearch } from '../parts/useRowSearch';
import { StorageList } from './StorageList';
import styles from '../parts/AdminParts.module.css';

/** Storage (spec 3 §2): the counters, the search, Recalc All Storage and Refresh, and each user's use. */
export function StorageTab() {
  const storage = useAdminStorage();
  const toast = useToast();
  const confirm = useConfirm();
  const recalcAll = useAdminWrite(adminRequests.recalculateAll);
  const rows = storage.data ?? [];
  const counts = storageCounts(rows);
  const { shown, box } = useRowSearch(rows, (row, search) => matchesSearch({ ...row, id: row.user_id }, search));

  const onRecalcAll = async () => {
    const sure = await confirm({
      title: 'Recalc All Storage',
      message: CONFIRM_TEXT.recalculateAll,
      confirmLabel: 'Recalculate',
    });
    if (!sure) return;
    try {
      toast.success((await recalcAll.mutateAsync()).message);
    } catch (error) {
      showFailure(toast, FAILURES.recalculateAll, error);
    }
  };

  return (
    <div className={styles.tab}>
      <StatCards
        stats={[
          { label: 'Total', value: `${counts.totalGb} GB` },
          { label: 'Users', value: counts.users },
          { label: 'Near Limit', value: counts.nearLimit },
          { label: 'Avg Usage', value: `${counts.averagePercent}%` },
        ]}
      />
      <div className={styles.toolbar}>
        <SearchBox label="Search storage" placeholder={SEARCH_STORAGE_PLACEHOLDER} {...box} />
        <Button variant="secondary" disabled={recalcAll.isPending} onClick={() => void onRecalcAll()}>
          {recalcAll.isPending ? 'Recalculating...' : 'Recalc All Storage'}
        </Button>
        <Button variant="secondary" disabled={storage.isFetching} onClick={() => void storage.refetch()}>
          Refresh
        </Button>
      </div>
      <LoadState query={storage} loading="Loading storage" failed={LOAD_FAILED.storage}>
        {shown.length === 0 ? <p className={styles.note}>No users found</p> : <StorageList rows={shown} />}
      </LoadState>
    </div>
  );
}
