import type { Outcome } from './form-result';
import styles from './Settings.module.css';

export function Banner({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p className={styles.banner} data-kind={outcome.kind} role={outcome.kind === 'error' ? 'alert' : 'status'}>
      {outcome.text}
    </p>
  );
}
