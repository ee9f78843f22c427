import styles from './AdminParts.module.css';

export interface Stat {
  label: string;
  value: string | number;
}

/** A tab's counters (spec 3 §2), as term and value pairs. */
export function StatCards({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className={styles.stats}>
      {stats.map((stat) => (
        <div key={stat.label} className={styles.stat}>
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
