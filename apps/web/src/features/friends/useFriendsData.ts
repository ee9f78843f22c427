import { useBlockedUsers, useFriends, useIncomingRequests, useOutgoingRequests } from './queries';
import { failureText } from '../groups/failure-text';

export type FriendsDataState =
  | { kind: 'loading' }
  /** detail: the server's explanation of the first failure, or '' when it gave none. */
  | { kind: 'failed'; detail: string }
  | { kind: 'ready' };

/**
 * The four lists of the friends page as one state: loading until each has answered (or is being
 * tried again), failed when one has nothing to show. A failed background refetch keeps the lists
 * shown, silently (spec 2 §8: most list-load failures are silent).
 */
export function useFriendsData() {
  const friends = useFriends();
  const incoming = useIncomingRequests();
  const outgoing = useOutgoingRequests();
  const blocked = useBlockedUsers();
  const queries = [friends, incoming, outgoing, blocked];
  const missing = queries.filter((q) => q.data === undefined);
  const failed = missing.filter((q) => q.isError);
  const state: FriendsDataState = missing.some((q) => q.isFetching || q.isPending)
    ? { kind: 'loading' }
    : failed.length > 0
      ? { kind: 'failed', detail: failureText(failed[0]!.error, '') }
      : { kind: 'ready' };
  return {
    state,
    retry: () => failed.forEach((q) => void q.refetch()),
    lists: {
      friends: friends.data ?? [],
      incoming: incoming.data ?? [],
      outgoing: outgoing.data ?? [],
      blocked: blocked.data ?? [],
    },
  };
}
