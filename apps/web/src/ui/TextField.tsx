import { type ComponentProps, useId } from 'react';
import { Field, fieldErrorId, fieldHintId } from './Field';
import styles from './TextField.module.css';

export type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  /** Shown below the field and read out with it; also marks the field invalid. */
  error?: string;
  hint?: string;
};

export function TextField({
  label,
  error,
  hint,
  id,
  className,
  'aria-describedby': describedBy,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const description =
    [describedBy, hint && fieldHintId(inputId), error && fieldErrorId(inputId)].filter(Boolean).join(' ') || undefined;

  return (
    <Field controlId={inputId} label={label} hint={hint} error={error} className={className}>
      <input
        id={inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={description}
        {...rest}
      />
    </Field>
  );
}
