import { useSyncExternalStore } from 'react';
import type { LandingTab } from './LandingPage';

/**
 * The landing page's open tab, kept for the tab's life (sessionStorage), so coming back from a
 * conversation shows the list it was opened from.
 */
const KEY = 'landingTab';
const listeners = new Set<() => void>();

function read(): LandingTab {
  try {
    return sessionStorage.getItem(KEY) === 'direct-messages' ? 'direct-messages' : 'friends';
  } catch {
    return 'friends';
  }
}

let current: LandingTab = read();

export function setLandingTab(tab: LandingTab): void {
  if (tab === current) return;
  current = tab;
  try {
    sessionStorage.setItem(KEY, tab);
  } catch {
    // Storage may be unavailable (private mode): the tab is then kept in memory only.
  }
  for (const l of listeners) l();
}

export function useLandingTab(): LandingTab {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
