import { useEffect, useRef } from 'react';

/** Runs `load` once the page has nothing else to do (a 2 s timer where requestIdleCallback is missing). */
export function whenIdle(load: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(load, { timeout: 10_000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(load, 2_000);
  return () => clearTimeout(timer);
}

/**
 * For a button that opens something heavy: its code is fetched once the page is idle (`loadCode`),
 * and what it shows (`warm`) the first time the pointer comes onto it or focus reaches it — the moment
 * before a click, long enough on a real network for the click to find everything ready. Spread the
 * answer on the button.
 */
export function usePreloadOnIntent(loadCode: () => void, warm: () => void) {
  const warmed = useRef(false);
  useEffect(() => whenIdle(loadCode), [loadCode]);
  const intent = () => {
    if (warmed.current) return;
    warmed.current = true;
    warm();
  };
  return { onPointerEnter: intent, onFocus: intent };
}
