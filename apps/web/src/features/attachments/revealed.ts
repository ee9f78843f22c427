import { useSyncExternalStore } from 'react';

/** The spec's local preference key (spec 3 §3): reveal every sensitive attachment at once. */
export const AUTO_UNBLUR_KEY = 'autoUnblurContent';

const revealed = new Set<number>();
const listeners = new Set<() => void>();
let version = 0;

/**
 * Which sensitive attachments the user has revealed, kept per attachment for the tab's life: the
 * message list is virtual, so a message scrolled away and back must not blur again.
 */
export function reveal(id: number): void {
  if (revealed.has(id)) return;
  revealed.add(id);
  version++;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function autoUnblur(): boolean {
  try {
    return localStorage.getItem(AUTO_UNBLUR_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether this attachment shows blurred now. */
export function useBlurred(id: number, sensitive: boolean): boolean {
  useSyncExternalStore(subscribe, () => version);
  return sensitive && !autoUnblur() && !revealed.has(id);
}
