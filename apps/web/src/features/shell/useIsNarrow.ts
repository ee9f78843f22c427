import { useSyncExternalStore } from 'react';

/** The narrow (mobile) layout: 767 px wide or less. */
export const NARROW_QUERY = '(max-width: 767px)';

export function useIsNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(NARROW_QUERY);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => window.matchMedia(NARROW_QUERY).matches,
  );
}
