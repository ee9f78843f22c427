import { type ComponentProps, useId } from 'react';
import * as SwitchPrimitive from '@radix-ui/react-switch';
import { cx } from './cx';
import { visuallyHidden } from './VisuallyHidden';
import styles from './Switch.module.css';

export type SwitchProps = Omit<ComponentProps<typeof SwitchPrimitive.Root>, 'children'> & {
  label: string;
  description?: string;
  /** The label names the switch for assistive technology only (e.g. where a column header says what it does). */
  hideLabel?: boolean;
};

/** A labelled on/off switch (role "switch"); clicking the label toggles it too. */
export function Switch({ label, description, hideLabel, id, className, ...rest }: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const descriptionId = `${switchId}-description`;

  return (
    <div className={cx(styles.row, className)}>
      <div className={styles.text}>
        <label htmlFor={switchId} className={cx(styles.label, hideLabel && visuallyHidden)}>
          {label}
        </label>
        {description && (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        )}
      </div>
      <SwitchPrimitive.Root
        id={switchId}
        className={styles.switch}
        aria-describedby={description ? descriptionId : undefined}
        {...rest}
      >
        <SwitchPrimitive.Thumb className={styles.thumb} />
      </SwitchPrimitive.Root>
    </div>
  );
}
