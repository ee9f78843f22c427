/** The settings screen's tabs in the spec's order (spec 3 §2): id and name. */
export const SETTINGS_TABS = [
  { id: 'account', name: 'My Account' },
  { id: 'profile', name: 'Profile' },
  { id: 'privacy', name: 'Privacy & Safety' },
  { id: 'notifications', name: 'Notifications' },
  { id: 'chat', name: 'Chat Settings' },
  { id: 'voice', name: 'Voice Settings' },
  { id: 'emojis', name: 'Custom Emojis' },
  { id: 'gifs', name: 'Custom GIFs' },
  { id: 'appearance', name: 'Appearance' },
  { id: 'devices', name: 'Devices' },
  { id: 'about', name: 'About' },
] as const;

export type SettingsTabId = (typeof SETTINGS_TABS)[number]['id'] | (string & {});

/** Opens the settings screen on a tab from anywhere: `window.dispatchEvent(new CustomEvent(OPEN_SETTINGS_TAB, { detail: { tab } }))`. */
export const OPEN_SETTINGS_TAB = 'settings:open-tab';

/** The first tab built, where `/settings` opens. */
export const DEFAULT_TAB = 'profile';

/**
 * The tab an address shows: `/settings/{tab}` (a settings link may add `/password` or `/email`, the
 * section to scroll to), or at `/settings` the tab a settings link put in the history entry's state.
 * Any other tab name is kept as it is: it shows Coming Soon.
 */
export function settingsLocation(path: string, state?: unknown): { tab: string; section: string | null } {
  const [, , tab, section] = path.split('/');
  if (tab) return { tab: decodeURIComponent(tab), section: section ?? null };
  const linked = state as { tab?: unknown; section?: unknown } | null | undefined;
  if (typeof linked?.tab === 'string')
    return { tab: linked.tab, section: typeof linked.section === 'string' ? linked.section : null };
  return { tab: DEFAULT_TAB, section: null };
}

export const tabName = (id: string) => SETTINGS_TABS.find((t) => t.id === id)?.name ?? null;
