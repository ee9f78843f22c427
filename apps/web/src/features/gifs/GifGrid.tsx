import { useEffect, useRef } from 'react';
import type { GifResult } from '@hearth/protocol';
import { HeartIcon } from './icons';
import styles from './GifPicker.module.css';

export interface GifGridProps {
  gifs: readonly GifResult[];
  /** The picker's NSFW blur choice: NSFW GIFs are blurred and labelled while it is on. */
  blurNsfw: boolean;
  favoriteIds: ReadonlySet<string>;
  onPick(gif: GifResult): void;
  onToggleFavorite(gif: GifResult, favorite: boolean): void;
  /** More pages: fetched when the end of the grid scrolls into view. */
  hasMore?: boolean;
  onMore?(): void;
}

/** The GIFs in 3 columns (spec 1 §2); a click sends one, its heart adds or removes it from favorites. */
export function GifGrid({ gifs, blurNsfw, favoriteIds, onPick, onToggleFavorite, hasMore, onMore }: GifGridProps) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = end.current;
    // jsdom has no IntersectionObserver; the browser always has.
    if (!node || !hasMore || !onMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMore(), {
      rootMargin: '200px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, onMore, gifs.length]);

  return (
    <>
      <ul className={styles.grid} aria-label="GIFs">
        {gifs.map((gif) => {
          const blurred = blurNsfw && gif.is_nsfw;
          const favorite = favoriteIds.has(gif.id);
          const title = gif.title || 'GIF';
          return (
            <li key={gif.id} className={styles.tile}>
              <button
                type="button"
                className={styles.pick}
                data-blurred={blurred || undefined}
                aria-label={`Send ${title}`}
                onClick={() => onPick(gif)}
              >
                <img src={gif.preview_url} alt="" decoding="async" referrerPolicy="no-referrer" />
                {blurred && <span className={styles.nsfw}>NSFW</span>}
              </button>
              <button
                type="button"
                className={styles.heart}
                aria-pressed={favorite}
                aria-label={favorite ? `Remove ${title} from favorites` : `Add ${title} to favorites`}
                onClick={() => onToggleFavorite(gif, favorite)}
              >
                <HeartIcon size={16} filled={favorite} />
              </button>
            </li>
          );
        })}
      </ul>
      {hasMore && <div ref={end} className={styles.end} />}
    </>
  );
}
