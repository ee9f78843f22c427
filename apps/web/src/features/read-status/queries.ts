import { useQuery } from '@tanstack/react-query';
import type { ChannelReadStatus } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { PERSISTED } from '../../app/query-persistence';
import { groupStatus, isUnread } from './read-cache';

/** Query keys of read status; live events edit this cache (see useReadStatusLiveUpdates). */
export const readStatusKeys = {
  channels: ['read-status', 'channels'] as const,
};

/** The user's status in every channel they can see (one request; groups are summed from it). */
export function useChannelReadStatuses() {
  const { http } = useServices();
  return useQuery({
    queryKey: readStatusKeys.channels,
    queryFn: () => http.get<ChannelReadStatus[]>('/channel/read-status/all'),
    // The unread marks of a reload without network (app/query-persistence.ts).
    meta: PERSISTED,
  });
}

export function useChannelReadStatus(channelId: number): ChannelReadStatus | undefined {
  return useChannelReadStatuses().data?.find((s) => s.channel_id === channelId);
}

export function useChannelUnread(channelId: number): boolean {
  return isUnread(useChannelReadStatus(channelId));
}

export function useGroupReadStatus(groupId: number) {
  return groupStatus(useChannelReadStatuses().data, groupId);
}
