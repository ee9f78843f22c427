import { useState } from 'react';

/**
 * A tab's search over its rows: the rows that match what is typed, and the SearchBox's value,
 * onChange, shown and total to spread into it.
 */
export function useRowSearch<Row>(rows: readonly Row[], matches: (row: Row, search: string) => boolean) {
  const [value, setValue] = useState('');
  const shown = rows.filter((row) => matches(row, value));
  return { shown, box: { value, onChange: setValue, shown: shown.length, total: rows.length } };
}
