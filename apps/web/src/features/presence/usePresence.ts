import { useCallback, useSyncExternalStore } from 'react';
import { useServices } from '../../app/services';
import type { PresenceView } from './presence-store';

/** One user's presence, re-rendering only when that user's changes. */
export function usePresence(userId: number): PresenceView {
  const { presence } = useServices();
  const subscribe = useCallback((l: () => void) => presence.subscribeUser(userId, l), [presence, userId]);
  return useSyncExternalStore(subscribe, () => presence.get(userId));
}

/** A number that changes whenever anyone's presence changes: for lists that filter or sort by it. */
export function usePresenceVersion(): number {
  const { presence } = useServices();
  return useSyncExternalStore(presence.subscribeAll, presence.getVersion);
}
