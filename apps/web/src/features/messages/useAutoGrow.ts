import { useCallback, useEffect, useLayoutEffect, type RefObject } from 'react';

/**
 * Fits a text box's height to its text; the stylesheet's max-height bounds it, after which it
 * scrolls. Refitted when the text changes and when the box's width does (a resized window or a
 * pane shown again rewraps the lines), which the text alone would not notice.
 */
export function useAutoGrow(ref: RefObject<HTMLTextAreaElement | null>, value: string) {
  const fit = useCallback(() => {
    const el = ref.current;
    // A hidden box (the other pane on narrow screens) has no layout to measure; it is fitted when shown.
    if (!el || el.offsetWidth === 0) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [ref]);

  useLayoutEffect(fit, [fit, value]);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // Only the width matters: the height is what fit() itself sets.
    let width = el.offsetWidth;
    const observer = new ResizeObserver(() => {
      if (el.offsetWidth === width) return;
      width = el.offsetWidth;
      fit();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, fit]);
}
