import { useEffect, useState, useSyncExternalStore } from 'react';
import { ReturnSuppression } from './return-suppression';

/**
 * True for 5 s after the page comes back from over 10 s hidden (spec 3 §4). Hidden means the tab or
 * window is not shown (switched away, minimised, the screen locked) or the page was left for the
 * back-forward cache. A window that only lost focus does not count: its chat stayed in view and
 * live, so there is nothing to catch up on.
 */
export function useReturnSuppression(): boolean {
  const [tracker] = useState(() => new ReturnSuppression());
  useEffect(() => {
    const onVisibility = () => (document.visibilityState === 'hidden' ? tracker.left() : tracker.returned());
    const onPageHide = () => tracker.left();
    const onPageShow = () => tracker.returned();
    if (document.visibilityState === 'hidden') tracker.left();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      tracker.stop();
    };
  }, [tracker]);
  return useSyncExternalStore(tracker.subscribe, tracker.isSuppressed);
}
