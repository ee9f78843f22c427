import type { ReactNode } from 'react';
import styles from './VisuallyHidden.module.css';

/** The class for content that is read out by assistive technology but not shown. */
export const visuallyHidden = styles.hidden;

/** Text for assistive technology only: read out, not shown. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={visuallyHidden}>{children}</span>;
}
