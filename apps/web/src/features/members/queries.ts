import { useEffect } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { MembersPage, UserUpdateEvent } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { useLiveEvent } from '../live/useLiveEvent';

/** Big pages: a 10,000-member group is 20 requests, fetched one after another in the background. */
const PAGE = 500;

export const memberKeys = {
  all: ['members'] as const,
  channel: (channelId: number) => ['members', channelId] as const,
};

/** Every member of the channel, page by page until the last (the list shows the first page at once). */
export function useChannelMembers(channelId: number) {
  const { http } = useServices();
  const query = useInfiniteQuery({
    queryKey: memberKeys.channel(channelId),
    queryFn: ({ pageParam }) =>
      http.get<MembersPage>(
        `/channel/${channelId}/members?${new URLSearchParams({
          limit: String(PAGE),
          ...(pageParam ? { after: pageParam } : {}),
        })}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  return query;
}

/** A member's new name, pronouns or picture is patched into the loaded lists; nothing is fetched again. */
export function useMemberLiveUpdates() {
  const qc = useQueryClient();
  useLiveEvent<UserUpdateEvent>(['user_update'], (_type, u) => {
    qc.setQueriesData<InfiniteData<MembersPage>>({ queryKey: memberKeys.all }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              members: page.members.map((m) => {
                if (m.id !== u.user_id) return m;
                const { user_id: _id, ...fields } = u;
                return { ...m, ...fields };
              }),
            })),
          }
        : data,
    );
  });
}
