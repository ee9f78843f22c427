import { useId, type ComponentProps } from 'react';
import { Field, fieldErrorId } from './Field';
import styles from './TextField.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = Omit<ComponentProps<'select'>, 'children'> & {
  label: string;
  options: readonly SelectOption[];
  error?: string;
};

/** A labelled native select, framed and styled like TextField. */
export function SelectField({ label, options, error, id, ...rest }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <Field controlId={selectId} label={label} error={error}>
      <select
        id={selectId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(selectId) : undefined}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Select values are strings; ids travel as numbers, with '' for none. */
export const idValue = (id: number | null) => (id === null ? '' : String(id));
export const valueId = (value: string) => (value === '' ? null : Number(value));
