import { useId, type ReactNode } from 'react';
import styles from './Shell.module.css';

export interface PlaceholderProps {
  title: ReactNode;
  text: string;
  /** h1 for a page on its own route; h2 inside the shell's main view, which has its h1 already. */
  level?: 1 | 2;
}

export function Placeholder({ title, text, level = 1 }: PlaceholderProps) {
  const headingId = useId();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={styles.placeholder} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.placeholderTitle}>
        {title}
      </Heading>
      <p>{text}</p>
    </section>
  );
}
