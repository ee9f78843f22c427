import { useId } from 'react';
import styles from './QuickSettings.module.css';

export interface ChoiceGroupProps<T extends string> {
  /** The group's visible legend and accessible name. */
  legend: string;
  choices: readonly { value: T; label: string }[];
  value: T;
  onChange(value: T): void;
}

/** One of a few choices as native radio buttons drawn as a segmented control (arrow keys move). */
export function ChoiceGroup<T extends string>({ legend, choices, value, onChange }: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.label}>{legend}</legend>
      <div className={styles.segments}>
        {choices.map((c) => (
          <label key={c.value} className={styles.segment}>
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={c.value === value}
              onChange={() => onChange(c.value)}
            />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
