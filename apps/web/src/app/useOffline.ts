import { useSyncExternalStore } from 'react';
import { connectivity } from './connectivity';

/**
 * Whether the server cannot be reached (app/connectivity.ts): the one answer the offline notice, the
 * connection chip and the screens' empty states all read, so none says otherwise for a moment.
 */
export function useOffline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isOffline);
}
