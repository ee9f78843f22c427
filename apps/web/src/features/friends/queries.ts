import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Friend, FriendActionAnswer, FriendRequest, PublicUser } from '@hearth/protocol';
import { useServices } from '../../app/services';
import type { HttpClient } from '../../lib/http';
import { useToast } from '../../ui';
import { failureText } from '../groups/failure-text';
import { FRIENDS_TEXT } from './texts';

/** GET /friends/blocked answers these (the protocol states the schema without naming its type). */
export interface BlockedUser {
  blocked_at: string;
  user: PublicUser;
}

/** Query keys of the friend lists; everything under `all` is refetched after any friendship change. */
export const friendKeys = {
  all: ['friends'] as const,
  list: ['friends', 'list'] as const,
  incoming: ['friends', 'incoming'] as const,
  outgoing: ['friends', 'outgoing'] as const,
  blocked: ['friends', 'blocked'] as const,
};

// Friend events are heard only while a page showing these lists is open, so a list shown again is
// fetched again rather than trusted for the usual 30 s.
const list = <T>(http: HttpClient, queryKey: readonly string[], path: string) => ({
  queryKey,
  queryFn: () => http.get<T[]>(path),
  staleTime: 0,
});

export function useFriends() {
  const { http } = useServices();
  return useQuery(list<Friend>(http, friendKeys.list, '/friends'));
}

export function useIncomingRequests() {
  const { http } = useServices();
  return useQuery(list<FriendRequest>(http, friendKeys.incoming, '/friends/requests/incoming'));
}

export function useOutgoingRequests() {
  const { http } = useServices();
  return useQuery(list<FriendRequest>(http, friendKeys.outgoing, '/friends/requests/outgoing'));
}

export function useBlockedUsers() {
  const { http } = useServices();
  return useQuery(list<BlockedUser>(http, friendKeys.blocked, '/friends/blocked'));
}

/** Spec 2 §4: every friendship change reloads the friends data. */
export const refreshFriendLists = (qc: QueryClient) => qc.invalidateQueries({ queryKey: friendKeys.all });

/** Sends a friend request by username; the caller says how it went (a refusal may need a dialog). */
export function useSendFriendRequest() {
  const { http } = useServices();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => http.post<FriendActionAnswer>('/friends/request', { username }),
    onSettled: () => refreshFriendLists(qc),
  });
}

/** Actions on a request take its friendship id; the others the other person's user id. */
export type FriendAction = 'accept' | 'decline' | 'cancel' | 'remove' | 'block' | 'unblock';

const ACTION_REQUESTS: Record<FriendAction, (http: HttpClient, id: number) => Promise<FriendActionAnswer>> = {
  accept: (http, friendshipId) => http.post(`/friends/${friendshipId}/accept`),
  decline: (http, friendshipId) => http.post(`/friends/${friendshipId}/decline`),
  cancel: (http, friendshipId) => http.post(`/friends/${friendshipId}/cancel`),
  remove: (http, userId) => http.delete(`/friends/${userId}`),
  block: (http, userId) => http.post(`/friends/block/${userId}`),
  unblock: (http, userId) => http.delete(`/friends/block/${userId}`),
};

/**
 * One friendship action. Failures say so (the server's text, else the spec's) and, like successes,
 * reload the lists: a refusal usually means the lists were behind.
 */
export function useFriendAction(action: FriendAction) {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: number) => ACTION_REQUESTS[action](http, id),
    onError: (error) => toast.error(failureText(error, FRIENDS_TEXT.failed[action])),
    onSettled: () => refreshFriendLists(qc),
  });
}
