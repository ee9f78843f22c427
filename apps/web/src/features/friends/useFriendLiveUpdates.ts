import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../live/useLiveEvent';
import { refreshFriendLists } from './queries';

/** The live events after which the friend lists are fetched again (spec 2 §4). */
export const FRIEND_EVENTS = [
  'friend_request_received',
  'friend_request_accepted',
  'friend_request_declined',
  'friend_request_cancelled',
  'friend_added',
  'friend_removed',
] as const;

/** Keeps the friend lists current: any friendship event refetches them (the lists are short). */
export function useFriendLiveUpdates() {
  const qc = useQueryClient();
  useLiveEvent(FRIEND_EVENTS, () => void refreshFriendLists(qc));
}
