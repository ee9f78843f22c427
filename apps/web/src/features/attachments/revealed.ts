import { useSyncExternalStore } from 'react';
import { useChatPref } from '../../app/chat-prefs';

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

/** Whether this attachment shows blurred now; the Auto-unblur preference (spec 3 §3) reveals all, live. */
export function useBlurred(id: number, sensitive: boolean): boolean {
  useSyncExternalStore(subscribe, () => version);
  const autoUnblur = useChatPref('autoUnblurContent');
  return sensitive && !autoUnblur && !revealed.has(id);
}
