import styles from './Spinner.module.css';

export interface SpinnerProps {
  /** Diameter in px. */
  size?: number;
  /** Announced text; pass an empty string when nearby text already says what is loading. */
  label?: string;
}

export function Spinner({ size = 16, label = 'Loading' }: SpinnerProps) {
  const dimensions = { width: size, height: size };
  if (!label) return <span className={styles.spinner} style={dimensions} aria-hidden="true" />;
  return <span className={styles.spinner} style={dimensions} role="status" aria-label={label} />;
}
