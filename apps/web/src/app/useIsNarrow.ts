import { useSyncExternalStore } from 'react';

/** The narrow (mobile) layout: 767 px wide or less. */
export const NARROW_QUERY = '(max-width: 767px)';

// Module-level so useSyncExternalStore keeps one subscription instead of resubscribing on every render.
function subscribe(onChange: () => void): () => void {
  const mq = window.matchMedia(NARROW_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

const getSnapshot = () => window.matchMedia(NARROW_QUERY).matches;

export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot);
}
