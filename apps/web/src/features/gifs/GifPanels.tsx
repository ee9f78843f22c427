import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { GifPage, GifResult } from '@hearth/protocol';
import { GIF_TEXT } from '@hearth/protocol/gif-rules';
import { useMemo } from 'react';
import { useFavoriteGifs, useGifSearch, useOwnGifs, useTrendingGifs } from './gif-queries';
import { GifResults } from './GifResults';
import type { GifGridProps } from './GifGrid';
import { fromFavorite, fromUserGif } from './picker-gif';
import { GIF_CLIENT_TEXT as T } from './texts';
import styles from './GifPicker.module.css';

/** What every tab's grid shares: the blur choice, the hearts and what a click does. */
export type GridActions = Omit<GifGridProps, 'gifs' | 'hasMore' | 'onMore'>;

/** The pages so far as one list; a GIF on two pages (the list moved between requests) once. */
function usePagedGifs(query: UseInfiniteQueryResult<InfiniteData<GifPage>>) {
  const pages = query.data?.pages;
  const gifs = useMemo(() => {
    if (!pages) return undefined;
    const seen = new Set<string>();
    return pages.flatMap((p) => p.results).filter((g) => !seen.has(g.id) && Boolean(seen.add(g.id)));
  }, [pages]);
  const onMore = () => {
    if (!query.isFetchingNextPage) void query.fetchNextPage();
  };
  return { gifs, hasMore: query.hasNextPage, onMore };
}

export function TrendingPanel({ chips, onChip, ...grid }: GridActions & { chips: string[]; onChip(q: string): void }) {
  const trending = useTrendingGifs();
  const paged = usePagedGifs(trending);
  return (
    <>
      <div className={styles.chips} role="group" aria-label="Quick searches">
        {chips.map((chip) => (
          <button key={chip} type="button" className={styles.chip} onClick={() => onChip(chip)}>
            {chip}
          </button>
        ))}
      </div>
      <GifResults
        {...grid}
        {...paged}
        loading={trending.isPending}
        failed={trending.isError}
        loadingText={T.loadingTrending}
        emptyText={T.noTrending}
        failureText={GIF_TEXT.trendingFailed}
      />
    </>
  );
}

export function SearchPanel({ query, ...grid }: GridActions & { query: string }) {
  const search = useGifSearch(query);
  const paged = usePagedGifs(search);
  if (query.trim() === '') return <p className={styles.state}>{T.enterSearch}</p>;
  return (
    <GifResults
      {...grid}
      {...paged}
      loading={search.isPending}
      failed={search.isError}
      loadingText={T.searching}
      emptyText={T.noResults}
      failureText={GIF_TEXT.searchFailed}
    />
  );
}

export function FavoritesPanel(grid: GridActions) {
  const favorites = useFavoriteGifs();
  const gifs = useMemo<GifResult[] | undefined>(() => favorites.data?.map(fromFavorite), [favorites.data]);
  return (
    <GifResults
      {...grid}
      gifs={gifs}
      loading={favorites.isPending}
      failed={favorites.isError}
      loadingText={T.loadingFavorites}
      emptyText={T.noFavorites}
      failureText={T.favoritesFailed}
    />
  );
}

export function OwnPanel(grid: GridActions) {
  const own = useOwnGifs();
  const gifs = useMemo<GifResult[] | undefined>(() => own.data?.map(fromUserGif), [own.data]);
  return (
    <GifResults
      {...grid}
      gifs={gifs}
      loading={own.isPending}
      failed={own.isError}
      loadingText={T.loadingOwn}
      emptyText={T.noOwn}
      failureText={T.ownFailed}
    />
  );
}
