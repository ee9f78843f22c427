import { useMemo } from 'react';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomEmoji, UpdateCustomEmojiBody } from '@hearth/protocol';
import { useServices } from '../../app/services';
import type { HttpClient } from '../../lib/http';
import { emojiListOf, mergeCustomEmoji, type UsableEmoji } from './custom-emoji-list';

/** Query keys of the custom emoji lists; everything under `all` is refetched after any change. */
export const customEmojiKeys = {
  all: ['custom-emoji'] as const,
  own: ['custom-emoji', 'own'] as const,
  public: ['custom-emoji', 'public'] as const,
};

/** Spec 1 §9: emoji are cached 5 minutes (no live events announce other people's new emoji). */
export const CUSTOM_EMOJI_STALE_MS = 5 * 60_000;

export interface CustomEmojiState {
  /** The viewer's own and every public emoji, merged by id and sorted by name. */
  emojis: readonly UsableEmoji[];
  /** Only the viewer's own, sorted by name. */
  own: readonly UsableEmoji[];
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch(): void;
}

const NONE: readonly CustomEmoji[] = [];

const listQuery = (http: HttpClient, queryKey: readonly string[], path: string) => ({
  queryKey,
  queryFn: async () => emojiListOf(await http.get<unknown>(path)),
  staleTime: CUSTOM_EMOJI_STALE_MS,
});
const ownQuery = (http: HttpClient) => listQuery(http, customEmojiKeys.own, '/emoji/emojis');
const publicQuery = (http: HttpClient) => listQuery(http, customEmojiKeys.public, '/emoji/emojis?public=true');

/** Fetches both lists ahead of need (the picker is about to open); fresh ones are not asked again. */
export function prefetchCustomEmoji(qc: QueryClient, http: HttpClient): void {
  void qc.prefetchQuery(ownQuery(http));
  void qc.prefetchQuery(publicQuery(http));
}

/** GET /emoji/emojis and GET /emoji/emojis?public=true (spec 1 §7), both kept 5 minutes. */
export function useCustomEmoji(enabled = true): CustomEmojiState {
  const { http } = useServices();
  const own = useQuery({ ...ownQuery(http), enabled });
  const everyone = useQuery({ ...publicQuery(http), enabled });
  const ownData = own.data ?? NONE;
  const publicData = everyone.data ?? NONE;
  const emojis = useMemo(() => mergeCustomEmoji(ownData, publicData), [ownData, publicData]);
  const mine = useMemo(() => emojis.filter((e) => e.own), [emojis]);
  const { refetch: refetchOwn } = own;
  const { refetch: refetchPublic } = everyone;
  return {
    emojis,
    own: mine,
    isLoading: own.isLoading || everyone.isLoading,
    isError: own.isError || everyone.isError,
    isFetching: own.isFetching || everyone.isFetching,
    refetch: () => {
      void refetchOwn();
      void refetchPublic();
    },
  };
}

export interface EmojiUpload {
  file: Blob;
  name: string;
  isPublic: boolean;
  isNsfw: boolean;
}

/** Every change refreshes both lists: a changed flag can move an emoji into or out of the public one. */
function useRefreshAfter() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: customEmojiKeys.all });
}

/** POST /emoji/emojis as multipart; spec 1 §5: the flags are sent as the text true or false. */
export function useUploadEmoji() {
  const { http } = useServices();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ file, name, isPublic, isNsfw }: EmojiUpload) => {
      const form = new FormData();
      form.append('file', file);
      form.append('name', name);
      form.append('is_public', String(isPublic));
      form.append('is_nsfw', String(isNsfw));
      return http.post<CustomEmoji>('/emoji/emojis', form);
    },
    onSettled: refresh,
  });
}

/** PUT /emoji/emojis/{id} with the fields that change. */
export function useUpdateEmoji() {
  const { http } = useServices();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateCustomEmojiBody }) =>
      http.put<CustomEmoji>(`/emoji/emojis/${id}`, changes, { key: `PUT /emoji/emojis/${id}` }),
    onSettled: refresh,
  });
}

/** DELETE /emoji/emojis/{id}. */
export function useDeleteEmoji() {
  const { http } = useServices();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: number) => http.delete<null>(`/emoji/emojis/${id}`, { key: `DELETE /emoji/emojis/${id}` }),
    onSettled: refresh,
  });
}
