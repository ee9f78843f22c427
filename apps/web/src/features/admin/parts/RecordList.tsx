import type { ReactNode } from 'react';
import { useIsNarrow } from '../../../app/useIsNarrow';
import { AdminTable } from './AdminTable';
import styles from './AdminParts.module.css';

export interface RecordColumn<T> {
  label: string;
  cell(row: T): ReactNode;
  /** The table cell's class (numbers, long text). */
  className?: string;
}

export interface RecordListProps<T> {
  caption: string;
  /** The first column heads a phone's card; the others are its name/value pairs. */
  columns: readonly RecordColumn<T>[];
  rows: readonly T[];
  rowKey(row: T): number | string;
  /** The row's buttons: the table's Actions column, a card's foot. */
  actions?(row: T): ReactNode;
}

/**
 * Records as a table, or on a phone as cards of name/value pairs, so a wide record (a report's user
 * agent, an audit entry's details) wraps instead of making the tab scroll sideways.
 */
export function RecordList<T>({ caption, columns, rows, rowKey, actions }: RecordListProps<T>) {
  const narrow = useIsNarrow();
  if (narrow) {
    const [head, ...rest] = columns;
    return (
      <ul className={styles.cards} aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={styles.card}>
            {head && <div className={styles.cardHead}>{head.cell(row)}</div>}
            <dl className={styles.facts}>
              {rest.map((column) => {
                const value = column.cell(row);
                // An empty value (a demotion's details) is left out rather than shown as a bare name.
                if (value === '' || value === null || value === undefined) return null;
                return (
                  <div key={column.label}>
                    <dt>{column.label}</dt>
                    <dd>{value}</dd>
                  </div>
                );
              })}
            </dl>
            {actions && <div className={styles.actions}>{actions(row)}</div>}
          </li>
        ))}
      </ul>
    );
  }
  const labels = columns.map((column) => column.label);
  return (
    <AdminTable caption={caption} columns={actions ? [...labels, 'Actions'] : labels}>
      {rows.map((row) => (
        <tr key={rowKey(row)}>
          {columns.map((column) => (
            <td key={column.label} className={column.className}>
              {column.cell(row)}
            </td>
          ))}
          {actions && <td>{actions(row)}</td>}
        </tr>
      ))}
    </AdminTable>
  );
}
