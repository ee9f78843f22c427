import { useQuery } from '@tanstack/react-query';
import type { FriendshipStatus, UserProfile } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { ApiError } from '../../lib/http';

export const profileKeys = {
  profile: (username: string) => ['profile', username.toLowerCase()] as const,
  status: (userId: number) => ['friends', 'status', userId] as const,
};

export function useProfile(username: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: profileKeys.profile(username),
    queryFn: () => http.get<UserProfile>(`/user/profile/${encodeURIComponent(username)}`),
  });
}

/** Spec 2 §9: a friend-status lookup is kept 5 minutes. */
const STATUS_FRESH_MS = 5 * 60_000;

/**
 * How the viewer stands with a user. A 404 means not friends (spec 2 §4); other failures leave it
 * unknown, so the popup offers no action it cannot be sure of.
 */
export function useFriendStatus(userId: number, enabled = true) {
  const { http } = useServices();
  return useQuery({
    queryKey: profileKeys.status(userId),
    queryFn: async (): Promise<FriendshipStatus | 'unknown'> => {
      try {
        return await http.get<FriendshipStatus>(`/friends/status/${userId}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { status: 'none', friendship_id: null };
        throw error;
      }
    },
    enabled,
    staleTime: STATUS_FRESH_MS,
    // Three tries in all, then it is left as unknown until asked again.
    retry: 2,
  });
}
