import { useSyncExternalStore } from 'react';

/** Whose mini profile is open, and next to what (spec 2 §2): one at a time for the whole shell. */
export interface ProfilePopupTarget {
  userId: number;
  username: string;
  /** Where it opened from, in viewport coordinates. */
  anchor: { left: number; top: number; right: number; bottom: number };
  /** Gets focus back when the popup closes. */
  returnFocus: HTMLElement | null;
}

let current: ProfilePopupTarget | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function openProfilePopup(user: { id: number; username: string }, from: HTMLElement): void {
  const r = from.getBoundingClientRect();
  current = {
    userId: user.id,
    username: user.username,
    anchor: { left: r.left, top: r.top, right: r.right, bottom: r.bottom },
    returnFocus: from,
  };
  notify();
}

export function closeProfilePopup(): void {
  const target = current;
  current = null;
  notify();
  target?.returnFocus?.focus();
}

export function useProfilePopup(): ProfilePopupTarget | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

const POPUP_WIDTH = 320;
const MARGIN = 8;

/** Beside the anchor (right of it, else left), kept inside the window. */
export function popupPosition(
  anchor: ProfilePopupTarget['anchor'],
  viewport: { width: number; height: number },
  height: number,
): { left: number; top: number } {
  const right = anchor.right + MARGIN;
  const left =
    right + POPUP_WIDTH <= viewport.width - MARGIN ? right : Math.max(MARGIN, anchor.left - MARGIN - POPUP_WIDTH);
  const top = Math.min(Math.max(MARGIN, anchor.top), Math.max(MARGIN, viewport.height - height - MARGIN));
  return { left, top };
}
