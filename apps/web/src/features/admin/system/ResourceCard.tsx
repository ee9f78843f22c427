import { useId, type ReactNode } from 'react';
import styles from './System.module.css';

export type Fact = [term: string, value: ReactNode];

/** One card of the System grid: a named region with an optional gauge and its facts. */
export function ResourceCard({ title, gauge, facts }: { title: string; gauge?: ReactNode; facts: readonly Fact[] }) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {title}
      </h2>
      {gauge}
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
