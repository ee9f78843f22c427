import { gaugeLevel } from '../gauge-level';
import { UsageBar } from '../parts/UsageBar';
import styles from './System.module.css';

/** A resource's use as a meter: warning above 60 %, danger above 80 % (spec 3 §2). */
export function Gauge({ name, percent }: { name: string; percent: number }) {
  const shown = `${Math.round(percent * 10) / 10}%`;
  return (
    <div className={styles.gauge}>
      <span className={styles.gaugeValue} aria-hidden="true">
        {shown}
      </span>
      <UsageBar label={`${name} usage`} percent={percent} level={gaugeLevel(percent)} valueText={shown} />
    </div>
  );
}
