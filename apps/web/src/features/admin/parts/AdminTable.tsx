import type { ReactNode } from 'react';
import { visuallyHidden } from '../../../ui/VisuallyHidden';
import styles from './AdminParts.module.css';

export interface AdminTableProps {
  caption: string;
  /** Keeps the caption for screen readers only. */
  hideCaption?: boolean;
  /** The column headings, in order. */
  columns: readonly string[];
  /** The rows (<tr>). */
  children: ReactNode;
}

/** A tab's table: a caption, a heading per column and the rows, scrolling sideways when too wide. */
export function AdminTable({ caption, hideCaption, columns, children }: AdminTableProps) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={hideCaption ? visuallyHidden : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
