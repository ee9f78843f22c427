import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './TextField.module.css';

/** The ids of a field's hint and error, for its control's aria-describedby. */
export const fieldHintId = (controlId: string) => `${controlId}-hint`;
export const fieldErrorId = (controlId: string) => `${controlId}-error`;

/** The frame of a labelled form control: the label, the control, then its hint and its error. */
export function Field({
  controlId,
  label,
  hint,
  error,
  className,
  children,
}: {
  controlId: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  /** The control, with `controlId` as its id. */
  children: ReactNode;
}) {
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={fieldHintId(controlId)} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={fieldErrorId(controlId)} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
