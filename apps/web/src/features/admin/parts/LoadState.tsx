import type { ReactNode } from 'react';
import { Spinner } from '../../../ui';
import styles from './AdminParts.module.css';

export interface LoadStateProps {
  query: { isPending: boolean; isError: boolean; data?: unknown };
  /** Said while loading, e.g. 'Loading users'. */
  loading: string;
  /** Said when the load failed (spec 3 §8). */
  failed: string;
  children: ReactNode;
}

/** A list's loading and failure states, then the list; a failed refresh keeps what was shown. */
export function LoadState({ query, loading, failed, children }: LoadStateProps) {
  if (query.data !== undefined) return <>{children}</>;
  if (query.isError)
    return (
      <p className={styles.note} role="alert">
        {failed}
      </p>
    );
  return <Spinner size={24} label={loading} />;
}
