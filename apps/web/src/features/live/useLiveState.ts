import { useSyncExternalStore } from 'react';
import { useServices } from '../../app/services';

/** The live connection's state (connecting, open, closed), re-rendering on change. */
export function useLiveState() {
  const { live } = useServices();
  return useSyncExternalStore(live.subscribe, live.getState);
}
