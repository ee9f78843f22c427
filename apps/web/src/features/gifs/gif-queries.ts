import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavoriteGif, GifCategory, GifPage, GifResult, UserGif } from '@hearth/protocol';
import { GIF_FAVORITES_REFRESH_DEBOUNCE_MS, GIF_PICKER_PAGE_SIZE } from '@hearth/protocol/gif-rules';
import { useServices } from '../../app/services';
import type { HttpClient } from '../../lib/http';
import { Debouncer, FavoritesGate } from './favorites-gate';

export type GifProvider = 'builtin' | 'giphy';

/** Query keys; everything under `all` belongs to this feature. */
export const gifKeys = {
  all: ['gifs'] as const,
  trending: ['gifs', 'trending'] as const,
  search: (q: string) => ['gifs', 'search', q] as const,
  categories: ['gifs', 'categories'] as const,
  provider: ['gifs', 'provider'] as const,
  favorites: ['gifs', 'favorites'] as const,
  favoriteCheck: (gifId: string) => ['gifs', 'favorites', 'check', gifId] as const,
  own: ['gifs', 'user', 'own'] as const,
  everyone: ['gifs', 'user', 'all'] as const,
  author: (userId: number) => ['gifs', 'user', 'author', userId] as const,
  file: (path: string) => ['gifs', 'user', 'file', path] as const,
};

const page = (path: string, pos: string | null) =>
  `${path}limit=${GIF_PICKER_PAGE_SIZE}${pos ? `&pos=${encodeURIComponent(pos)}` : ''}`;

const trendingQuery = (http: HttpClient) => ({
  queryKey: gifKeys.trending,
  queryFn: ({ pageParam }: { pageParam: string | null }) => http.get<GifPage>(page('/gif/trending?', pageParam)),
  initialPageParam: null as string | null,
  getNextPageParam: (last: GifPage) => last.next,
});

/** Trending GIFs, 15 a page; the next page starts at the answer's `next` (null at the end). */
export function useTrendingGifs() {
  const { http } = useServices();
  return useInfiniteQuery(trendingQuery(http));
}

/**
 * What the picker shows first, fetched ahead of need (the pointer is on the GIF button): the first
 * Trending page and its pictures, the favorites (the hearts) and the provider (the credit).
 */
export async function prefetchGifPicker(qc: QueryClient, http: HttpClient): Promise<void> {
  void qc.prefetchQuery(providerQuery(http));
  void qc.prefetchQuery(favoritesQuery(http));
  await qc.prefetchInfiniteQuery(trendingQuery(http));
  const first = qc.getQueryData<{ pages: GifPage[] }>(gifKeys.trending)?.pages[0];
  // The browser keeps them: the grid's <img> elements then show at once.
  for (const gif of first?.results ?? []) {
    const img = new Image();
    img.referrerPolicy = 'no-referrer'; // as the grid asks for them
    img.src = gif.preview_url;
  }
}

/** A search, 15 a page; nothing is asked for blank text (spec 1 §5). */
export function useGifSearch(query: string) {
  const { http } = useServices();
  const q = query.trim();
  return useInfiniteQuery({
    queryKey: gifKeys.search(q),
    queryFn: ({ pageParam }) => http.get<GifPage>(page(`/gif/search?q=${encodeURIComponent(q)}&`, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: q !== '',
  });
}

export function useGifCategories() {
  const { http } = useServices();
  return useQuery({
    queryKey: gifKeys.categories,
    queryFn: async () => (await http.get<{ categories: GifCategory[] }>('/gif/categories')).categories,
    staleTime: 10 * 60_000,
  });
}

const providerQuery = (http: HttpClient) => ({
  queryKey: gifKeys.provider,
  queryFn: async () => (await http.get<{ provider: GifProvider }>('/gif/provider')).provider,
  staleTime: Infinity,
});

/** Which provider answers the picker; it does not change while the server runs. */
export function useGifProvider() {
  const { http } = useServices();
  return useQuery(providerQuery(http));
}

/* ---------- favorites ---------- */

const favoritesQuery = (http: HttpClient) => ({
  queryKey: gifKeys.favorites,
  queryFn: () => http.get<FavoriteGif[]>('/gif/favorites'),
});

export function useFavoriteGifs() {
  const { http } = useServices();
  return useQuery(favoritesQuery(http));
}

/** GET /gif/favorites/check/{gifId}; the picker's hearts read the list instead (one request, not one per GIF). */
export function useFavoriteCheck(gifId: string, enabled = true) {
  const { http } = useServices();
  return useQuery({
    queryKey: gifKeys.favoriteCheck(gifId),
    queryFn: async () =>
      (await http.get<{ is_favorite: boolean }>(`/gif/favorites/check/${encodeURIComponent(gifId)}`)).is_favorite,
    enabled,
  });
}

// One gate per signed-in client and one refresh timer per cache, so tests (which build their own) never share them.
const gates = new WeakMap<HttpClient, FavoritesGate>();
const refreshers = new WeakMap<QueryClient, Debouncer>();

const gateFor = (http: HttpClient) => {
  let gate = gates.get(http);
  if (!gate) gates.set(http, (gate = new FavoritesGate()));
  return gate;
};

/** Spec 1 §4: the favorites are fetched again 300 ms after the last change. */
export function scheduleFavoritesRefresh(qc: QueryClient): void {
  let refresher = refreshers.get(qc);
  if (!refresher) {
    refresher = new Debouncer(GIF_FAVORITES_REFRESH_DEBOUNCE_MS, () => {
      void qc.invalidateQueries({ queryKey: gifKeys.favorites });
    });
    refreshers.set(qc, refresher);
  }
  refresher.schedule();
}

export const favoriteBody = (gif: GifResult) => ({
  gif_id: gif.id,
  gif_title: gif.title,
  gif_url: gif.url,
  gif_preview_url: gif.preview_url,
  gif_width: gif.width,
  gif_height: gif.height,
  gif_size: gif.size,
  is_nsfw: gif.is_nsfw,
});

/**
 * Spec 1 §4: a favorite is removed, anything else added; one operation at a time ('Already processing
 * favorites operation'). The list changes at once on success, then is fetched again (debounced).
 */
export function useToggleFavorite() {
  const { http } = useServices();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ gif, favorite }: { gif: GifResult; favorite: boolean }) =>
      gateFor(http).run(async () => {
        if (favorite) {
          await http.delete(`/gif/favorites/${encodeURIComponent(gif.id)}`);
          qc.setQueryData<FavoriteGif[]>(gifKeys.favorites, (list) => list?.filter((f) => f.gif_id !== gif.id));
        } else {
          const added = await http.post<FavoriteGif>('/gif/favorites', favoriteBody(gif));
          qc.setQueryData<FavoriteGif[]>(gifKeys.favorites, (list) =>
            list && !list.some((f) => f.gif_id === added.gif_id) ? [added, ...list] : list,
          );
        }
        qc.setQueryData(gifKeys.favoriteCheck(gif.id), !favorite);
      }),
    onSettled: () => scheduleFavoritesRefresh(qc),
  });
}

/* ---------- uploaded GIFs ---------- */

/** The signed-in user's uploaded GIFs. */
export function useOwnGifs() {
  const { http } = useServices();
  return useQuery({ queryKey: gifKeys.own, queryFn: () => http.get<UserGif[]>('/gif/user') });
}

/** Everyone's uploaded GIFs (the NSFW flags messages need); a minute old is recent enough. */
export function useAllUserGifs(enabled = true) {
  const { http } = useServices();
  return useQuery({
    queryKey: gifKeys.everyone,
    queryFn: () => http.get<UserGif[]>('/gif/user/all'),
    staleTime: 60_000,
    enabled,
  });
}

/** One author's uploaded GIFs (their `:name:` in messages); fetched when a message of theirs needs one. */
export function useAuthorGifs(userId: number | undefined) {
  const { http } = useServices();
  return useQuery({
    queryKey: gifKeys.author(userId ?? 0),
    queryFn: () => http.get<UserGif[]>(`/gif/users/${userId}`),
    staleTime: 60_000,
    enabled: userId !== undefined,
  });
}

/**
 * The uploaded GIF at `path` (its file_url), when the list of everyone's does not reach it (it holds
 * the newest 1,000): asked of the server by its file. null when it is gone.
 */
export function useUploadedGif(path: string | undefined) {
  const { http } = useServices();
  return useQuery({
    queryKey: gifKeys.file(path ?? ''),
    queryFn: async () => {
      try {
        return await http.get<UserGif>(`/gif/files/${path!.split('/').pop()}`);
      } catch (err) {
        if ((err as { status?: number }).status === 404) return null;
        throw err;
      }
    },
    staleTime: 60_000,
    enabled: path !== undefined,
  });
}

/** After any change to an uploaded GIF: the lists, and the picker's pages that show uploaded GIFs. */
const refreshUserGifs = (qc: QueryClient) => qc.invalidateQueries({ queryKey: gifKeys.all });

export interface GifUpload {
  file: File;
  name: string;
  isNsfw: boolean;
}

/** Spec 1 §5: the file goes renamed to the chosen name, with the name and the NSFW flag as text. */
export function uploadForm({ file, name, isNsfw }: GifUpload): FormData {
  const form = new FormData();
  form.append('name', name);
  form.append('is_nsfw', String(isNsfw));
  form.append('file', new File([file], `${name}.gif`, { type: file.type || 'image/gif' }));
  return form;
}

export function useUploadGif() {
  const { http } = useServices();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (upload: GifUpload) => http.post<UserGif>('/gif/upload', uploadForm(upload)),
    onSettled: () => refreshUserGifs(qc),
  });
}

export function useRenameGif() {
  const { http } = useServices();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      http.patch<UserGif>(`/gif/gifs/user/${id}/rename`, { name }),
    onSettled: () => refreshUserGifs(qc),
  });
}

export function useSetGifNsfw() {
  const { http } = useServices();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isNsfw }: { id: number; isNsfw: boolean }) =>
      http.patch<UserGif>(`/gif/gifs/user/${id}/nsfw`, { is_nsfw: isNsfw }),
    onSettled: () => refreshUserGifs(qc),
  });
}

export function useDeleteGif() {
  const { http } = useServices();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<void>(`/gif/user/${id}`),
    onSettled: () => refreshUserGifs(qc),
  });
}
