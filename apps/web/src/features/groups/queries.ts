import { useQuery } from '@tanstack/react-query';
import type { Category, Channel, Group } from '@hearth/protocol';
import { useServices } from '../../app/services';
import type { HttpClient } from '../../lib/http';
import { PERSISTED } from '../../app/query-persistence';

export interface MyGroupPermissions {
  group_id: number;
  can_view: boolean;
  can_post: boolean;
  can_upload: boolean;
}

/** Query keys of group data; live events update these caches (see useGroupLiveUpdates). */
export const groupKeys = {
  groups: ['groups'] as const,
  channels: ['channels'] as const,
  categories: (groupId: number) => ['categories', groupId] as const,
  myPermissions: (groupId: number) => ['group-permissions', groupId] as const,
  adminPermissions: (groupId: number) => ['admin-group-permissions', groupId] as const,
};

const FIVE_MINUTES = 5 * 60_000;

export function useGroups() {
  const { http } = useServices();
  // Kept for the offline shell, as are the channels and categories (app/query-persistence.ts).
  return useQuery({ queryKey: groupKeys.groups, queryFn: () => http.get<Group[]>('/group'), meta: PERSISTED });
}

export const channelsQuery = (http: HttpClient) => ({
  queryKey: groupKeys.channels,
  queryFn: () => http.get<Channel[]>('/channel/'),
  meta: PERSISTED,
});

/** Every channel the user can see, in every group (one request; the sidebar filters by group). */
export function useChannels() {
  const { http } = useServices();
  return useQuery(channelsQuery(http));
}

export function useChannel(channelId: number | null) {
  const channels = useChannels();
  return channels.data?.find((c) => c.id === channelId) ?? null;
}

/** Categories of a group, cached 5 minutes (spec 2 §4). */
export function useCategories(groupId: number | null) {
  const { http } = useServices();
  return useQuery({
    queryKey: groupKeys.categories(groupId ?? 0),
    queryFn: () => http.get<Category[]>(`/category?group_id=${groupId}`),
    enabled: groupId !== null,
    staleTime: FIVE_MINUTES,
    meta: PERSISTED,
  });
}

/** The user's own permissions in a group; if the lookup fails, posting and uploading count as not allowed. */
export function useMyGroupPermissions(groupId: number | null) {
  const { http } = useServices();
  const query = useQuery({
    queryKey: groupKeys.myPermissions(groupId ?? 0),
    queryFn: () => http.get<MyGroupPermissions>(`/user/group-permissions/${groupId}`),
    enabled: groupId !== null,
    // Offline, the composer reads as it did rather than 'You cannot post messages in this group'.
    meta: PERSISTED,
  });
  return {
    isLoading: query.isLoading,
    canPost: query.data?.can_post ?? false,
    canUpload: query.data?.can_upload ?? false,
  };
}
