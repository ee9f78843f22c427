import type { GifResult } from '@hearth/protocol';
import { Spinner } from '../../ui';
import { GifGrid, type GifGridProps } from './GifGrid';
import styles from './GifPicker.module.css';

export interface GifResultsProps extends Omit<GifGridProps, 'gifs'> {
  gifs: readonly GifResult[] | undefined;
  loading: boolean;
  failed: boolean;
  loadingText: string;
  emptyText: string;
  failureText: string;
}

/** One tab's GIFs, or what stands in for them: loading, failure or empty text (spec 1 §2, §8). */
export function GifResults({ gifs, loading, failed, loadingText, emptyText, failureText, ...grid }: GifResultsProps) {
  if (loading)
    return (
      <p className={styles.state} role="status">
        <Spinner size={16} label="" /> {loadingText}
      </p>
    );
  if (failed && !gifs?.length)
    return (
      <p className={styles.state} role="alert">
        {failureText}
      </p>
    );
  if (!gifs?.length) return <p className={styles.state}>{emptyText}</p>;
  return <GifGrid gifs={gifs} {...grid} />;
}
