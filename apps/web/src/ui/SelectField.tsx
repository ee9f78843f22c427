import { useId, type ComponentProps } from 'react';
import styles from './Form.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = Omit<ComponentProps<'select'>, 'children'> & {
  label: string;
  options: readonly SelectOption[];
  error?: string;
};

/** A labelled native select, styled like the shared TextField (the UI kit has no select yet). */
export function SelectField({ label, options, error, id, ...rest }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={selectId} className={styles.label}>
        {label}
      </label>
      <select
        id={selectId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Select values are strings; ids travel as numbers, with '' for none. */
export const idValue = (id: number | null) => (id === null ? '' : String(id));
export const valueId = (value: string) => (value === '' ? null : Number(value));
