import type { AdminStorageRow } from '@hearth/protocol';
import { useIsNarrow } from '../../../app/useIsNarrow';
import { AdminTable } from '../parts/AdminTable';
import { UsageBar } from '../parts/UsageBar';
import { usageLevel } from '../storage-stats';
import { RecalcButton } from './StorageRowActions';
import styles from '../parts/AdminParts.module.css';

const STORAGE_COLUMNS = ['ID', 'Username', 'Used', 'Limit', 'Usage', 'Actions'];

function Usage({ row }: { row: AdminStorageRow }) {
  return (
    <div className={styles.usage}>
      <UsageBar
        label={`Storage used by ${row.username}`}
        percent={row.storage_percentage}
        level={usageLevel(row.storage_percentage)}
        valueText={`${row.storage_used_formatted} of ${row.storage_limit_formatted} (${row.storage_percentage}%)`}
      />
      <span className={styles.numeric}>{row.storage_percentage}%</span>
    </div>
  );
}

/** Storage per user (spec 3 §2): used, limit, a usage bar and Recalc; cards on a phone. */
export function StorageList({ rows }: { rows: readonly AdminStorageRow[] }) {
  const narrow = useIsNarrow();
  if (narrow)
    return (
      <ul className={styles.cards} aria-label="Storage per user">
        {rows.map((row) => (
          <li key={row.user_id} className={styles.card}>
            <div className={styles.cardHead}>
              <bdi>{row.username}</bdi>
              <span className={styles.cardMeta}>
                {row.storage_used_formatted} of {row.storage_limit_formatted}
              </span>
            </div>
            <Usage row={row} />
            <div className={styles.actions}>
              <RecalcButton row={row} />
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <AdminTable caption="Storage per user" columns={STORAGE_COLUMNS}>
      {rows.map((row) => (
        <tr key={row.user_id}>
          <td className={styles.numeric}>{row.user_id}</td>
          <td>
            <bdi>{row.username}</bdi>
          </td>
          <td className={styles.numeric}>{row.storage_used_formatted}</td>
          <td className={styles.numeric}>{row.storage_limit_formatted}</td>
          <td>
            <Usage row={row} />
          </td>
          <td>
            <RecalcButton row={row} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
