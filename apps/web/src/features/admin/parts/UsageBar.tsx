import { cx } from '../../../ui/cx';
import styles from './AdminParts.module.css';

export interface UsageBarProps {
  /** Names the meter, e.g. 'CPU usage'. */
  label: string;
  percent: number;
  /** The colour step, set as data-level (each tab has its own thresholds). */
  level: string;
  /** Read out instead of the bare number, e.g. '45 MB of 1 GB (4.4%)'. */
  valueText?: string;
  className?: string;
}

/** A percentage as a bar (role meter), never drawn past its end. */
export function UsageBar({ label, percent, level, valueText, className }: UsageBarProps) {
  const width = Math.min(100, Math.max(0, percent));
  return (
    <div
      className={cx(styles.bar, className)}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={width}
      aria-valuetext={valueText ?? `${percent}%`}
      data-level={level}
    >
      <div className={styles.fill} style={{ width: `${width}%` }} />
    </div>
  );
}
