import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Keys that scroll the list (or move focus up it): pressing one means the reader is going somewhere. */
const SCROLL_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/** Within this many pixels of the end, a scroll the reader made counts as having come back to the bottom. */
const BOTTOM_SLACK_PX = 2;

export interface StickToBottom {
  /** Whether the list keeps itself at the bottom: from opening until the reader scrolls away. */
  stuck: RefObject<boolean>;
  /** Starts keeping to the bottom again (a fresh window, or the reader asked for the newest message). */
  stick(): void;
  /** The list's scrolling element (Virtuoso's `scrollerRef`). */
  scrollerRef(element: HTMLElement | Window | null): void;
  /** The element holding the rows: its size changes as rows are measured and their pictures load. */
  contentRef(element: HTMLElement | null): void;
}

/**
 * Keeps a virtualised list at its bottom while its rows settle. Rows are measured after the first
 * scroll and keep changing height later (fonts, long text wrapping, pictures and embeds loading), so a
 * scroll-to-bottom made at fixed times can stop short and stay there. Instead, while the reader has not
 * scrolled away, every size change of the rows or of the list itself puts it back at the end. What
 * counts as scrolling away is the reader's own input (wheel up, touch drag, scroll keys, dragging the
 * scrollbar), never a scroll event, since the list's own corrections fire those too. `canStick` says
 * whether the end of the list is the newest message (not a window that stops short of it).
 */
export function useStickToBottom(canStick: () => boolean): StickToBottom {
  const stuck = useRef(true);
  const canStickRef = useRef(canStick);
  canStickRef.current = canStick;
  const scroller = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLElement | null>(null);
  const detach = useRef<(() => void) | null>(null);
  // Absent only outside browsers (jsdom): the list then keeps to the bottom by its scrolls alone.
  const [observer] = useState(() => (typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => pin())));

  const pin = () => {
    const element = scroller.current;
    if (!element || !stuck.current || !canStickRef.current()) return;
    element.scrollTop = element.scrollHeight;
  };

  const scrollerRef = useCallback(
    (element: HTMLElement | Window | null) => {
      const next = element instanceof HTMLElement ? element : null;
      if (next === scroller.current) return;
      detach.current?.();
      detach.current = null;
      scroller.current = next;
      if (next) detach.current = watchReader(next, stuck, observer);
    },
    [observer],
  );

  const contentRef = useCallback(
    (element: HTMLElement | null) => {
      if (element === content.current) return;
      if (content.current) observer?.unobserve(content.current);
      content.current = element;
      if (element) observer?.observe(element);
    },
    [observer],
  );

  useEffect(
    () => () => {
      detach.current?.();
      observer?.disconnect();
    },
    [observer],
  );

  const stick = useCallback(() => {
    stuck.current = true;
    const element = scroller.current;
    if (element && canStickRef.current()) element.scrollTop = element.scrollHeight;
  }, []);
  return { stuck, stick, scrollerRef, contentRef };
}

/**
 * Watches the scroller's size and the reader's input on it: scrolling away unsticks, coming back to
 * the very end sticks again. Returns what stops watching.
 */
function watchReader(scroller: HTMLElement, stuck: RefObject<boolean>, observer: ResizeObserver | null) {
  observer?.observe(scroller);
  const away = () => {
    stuck.current = false;
  };
  const onWheel = (event: WheelEvent) => {
    if (event.deltaY < 0) away();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (SCROLL_KEYS.has(event.key)) away();
  };
  // A press on the scroller itself, not on a row, is a grab of its scrollbar.
  const onPointerDown = (event: PointerEvent) => {
    if (event.target === scroller) away();
  };
  const onScroll = () => {
    if (scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= BOTTOM_SLACK_PX) stuck.current = true;
  };
  scroller.addEventListener('wheel', onWheel, { passive: true });
  scroller.addEventListener('touchmove', away, { passive: true });
  scroller.addEventListener('keydown', onKeyDown);
  scroller.addEventListener('pointerdown', onPointerDown);
  scroller.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    observer?.unobserve(scroller);
    scroller.removeEventListener('wheel', onWheel);
    scroller.removeEventListener('touchmove', away);
    scroller.removeEventListener('keydown', onKeyDown);
    scroller.removeEventListener('pointerdown', onPointerDown);
    scroller.removeEventListener('scroll', onScroll);
  };
}
