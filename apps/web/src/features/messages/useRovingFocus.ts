import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import type { ListRange, VirtuosoHandle } from 'react-virtuoso';

const ROW = '[data-row-key]';

interface Row {
  key: string;
}

/** The row element of a key, if it is rendered. */
const rowElement = (container: HTMLElement | null, key: string) =>
  [...(container?.querySelectorAll<HTMLElement>(ROW) ?? [])].find((el) => el.dataset.rowKey === key) ?? null;

/**
 * One tab stop for the whole message list (roving tabindex): Tab lands on the message last
 * focused, or the newest one on screen; the arrow keys, Home and End move between messages, so the
 * composer is the next tab stop instead of every message's actions button. Rows mark their focus
 * target with `data-row-key`.
 */
export function useRovingFocus(
  rows: readonly Row[],
  firstItemIndex: number,
  container: RefObject<HTMLElement | null>,
  virtuoso: RefObject<VirtuosoHandle | null>,
) {
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  const [range, setRange] = useState<ListRange | null>(null);
  // Read by the callbacks, which stay the same across renders so the memoised rows do too.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const tabStopKey = pickTabStop(rows, activeKey, focusInside, range, firstItemIndex);

  /** Focuses the row of a key, scrolling it into view first if it is not rendered. */
  const focusKey = useCallback(
    (key: string) => {
      const index = rowsRef.current.findIndex((row) => row.key === key);
      if (index < 0) return;
      setActiveKey(key);
      const element = rowElement(container.current, key);
      if (element) {
        element.focus();
        return;
      }
      // Further than the rows kept rendered around the view: bring it in, then focus it.
      virtuoso.current?.scrollIntoView({
        index,
        done: () => requestAnimationFrame(() => rowElement(container.current, key)?.focus()),
      });
    },
    [container, virtuoso],
  );

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const key = (event.target as HTMLElement).closest(ROW)?.getAttribute('data-row-key');
    if (key) setActiveKey(key);
    setFocusInside(true);
  }, []);

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    const left = event.target as HTMLElement;
    // Focus going nowhere may be a row taken out of the page as the list draws it again (a live
    // update, a new window after a resync): that is not the reader leaving the list.
    if (event.relatedTarget === null) requestAnimationFrame(() => setFocusInside(!left.isConnected));
    else setFocusInside(false);
  }, []);

  // The focused row was drawn again: focus its new element once it is on the page, so a keyboard
  // user keeps their place instead of being dropped to the top of the document.
  const activeKeyRef = useRef(activeKey);
  activeKeyRef.current = activeKey;
  useEffect(() => {
    const root = container.current;
    if (!focusInside || !root) return;
    const restore = () => {
      const key = activeKeyRef.current;
      const active = document.activeElement;
      if (key === null || (active !== null && active !== document.body)) return;
      rowElement(root, key)?.focus();
    };
    const observer = new MutationObserver(restore);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [focusInside, container]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      // On a message, or a button in one; never while typing in the inline editor.
      if (!target.matches(`${ROW}, ${ROW} button`)) return;
      const all = rowsRef.current;
      const key = target.closest(ROW)?.getAttribute('data-row-key');
      const index = all.findIndex((row) => row.key === key);
      if (index < 0) return;
      const next = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: all.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      const row = all[Math.max(0, Math.min(all.length - 1, next))];
      if (row) focusKey(row.key);
    },
    [focusKey],
  );

  return { tabStopKey, onFocus, onBlur, onKeyDown, onRangeChanged: setRange, focusKey };
}

/**
 * The row that takes Tab: the one focus is in, else the last focused if it is on screen, else the
 * newest on screen (where reading a chat starts). `range` counts from the list's first item index.
 */
export function pickTabStop(
  rows: readonly Row[],
  activeKey: string | null,
  focusInside: boolean,
  range: ListRange | null,
  firstItemIndex: number,
): string | null {
  if (rows.length === 0) return null;
  const active = activeKey === null ? -1 : rows.findIndex((row) => row.key === activeKey);
  const first = range ? range.startIndex - firstItemIndex : 0;
  const last = range ? Math.min(range.endIndex - firstItemIndex, rows.length - 1) : rows.length - 1;
  if (active >= 0 && (focusInside || (active >= first && active <= last))) return activeKey;
  return rows[Math.max(0, last)]!.key;
}
