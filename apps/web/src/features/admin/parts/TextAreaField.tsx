import { useId, type ComponentProps } from 'react';
import { Field, fieldErrorId, fieldHintId } from '../../../ui/Field';
import { cx } from '../../../ui/cx';
import fieldStyles from '../../../ui/TextField.module.css';
import styles from './AdminParts.module.css';

export type TextAreaFieldProps = ComponentProps<'textarea'> & { label: string; error?: string; hint?: string };

/** A labelled multi-line field, framed like TextField. */
export function TextAreaField({ label, error, hint, id, className, ...rest }: TextAreaFieldProps) {
  const generated = useId();
  const areaId = id ?? generated;
  const described = [hint && fieldHintId(areaId), error && fieldErrorId(areaId)].filter(Boolean).join(' ');
  return (
    <Field controlId={areaId} label={label} hint={hint} error={error}>
      <textarea
        id={areaId}
        className={cx(fieldStyles.input, styles.textarea, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...rest}
      />
    </Field>
  );
}
