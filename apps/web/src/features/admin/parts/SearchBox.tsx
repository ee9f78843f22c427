import { shownOf } from '../admin-texts';
import styles from './AdminParts.module.css';

export interface SearchBoxProps {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  /** Rows matching, and all rows: 'n of total' shows while a search is typed (spec 3 §2). */
  shown: number;
  total: number;
}

/** A tab's search box, with how many rows match while it filters. */
export function SearchBox({ label, placeholder, value, onChange, shown, total }: SearchBoxProps) {
  return (
    <div className={styles.search}>
      <input
        type="search"
        className={styles.searchInput}
        aria-label={label}
        placeholder={placeholder}
        value={value}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
      {/* Always in the page, so the count is announced as it changes. */}
      <span role="status" className={styles.count}>
        {value.trim() ? shownOf(shown, total) : ''}
      </span>
    </div>
  );
}
