import { colorScheme, isThemeChoice, themeVariables, type ThemeChoice, type ThemeName } from './themes';

export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: ThemeChoice = 'dark';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const MORE_CONTRAST_QUERY = '(prefers-contrast: more)';

/** What the operating system asks for. */
export interface SystemPreference {
  dark: boolean;
  moreContrast: boolean;
}

/** The user's choice and the theme it stands for right now (they differ for the system themes). */
export interface ThemeState {
  choice: ThemeChoice;
  effective: ThemeName;
}

let state: ThemeState = { choice: DEFAULT_THEME, effective: 'dark' };
const listeners = new Set<() => void>();
let stopFollowingSystem: (() => void) | null = null;

function mediaQuery(query: string): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Dark when the browser cannot tell; more contrast only when asked for. */
export function systemPreference(): SystemPreference {
  const dark = mediaQuery(DARK_QUERY);
  return { dark: !dark || dark.matches, moreContrast: mediaQuery(MORE_CONTRAST_QUERY)?.matches === true };
}

/**
 * The theme a choice stands for. 'system' is Dark or Light as the system's colour scheme says, and
 * their high-contrast versions when the system asks for more contrast; 'system-hc' is always a
 * high-contrast one, dark or light as the system says.
 */
export function resolveTheme(choice: ThemeChoice, system: SystemPreference = systemPreference()): ThemeName {
  if (choice === 'system-hc' || (choice === 'system' && system.moreContrast))
    return system.dark ? 'dark-hc' : 'hc-light';
  if (choice === 'system') return system.dark ? 'dark' : 'light';
  return choice;
}

function render(choice: ThemeChoice): ThemeName {
  const name = resolveTheme(choice);
  const root = document.documentElement;
  for (const [variable, value] of Object.entries(themeVariables(name))) root.style.setProperty(variable, value);
  root.style.setProperty('color-scheme', colorScheme(name));
  root.dataset.theme = name;
  state = { choice, effective: name };
  for (const listener of listeners) listener();
  return name;
}

function followSystem(choice: ThemeChoice): void {
  const queries = [mediaQuery(DARK_QUERY), mediaQuery(MORE_CONTRAST_QUERY)].filter((q) => q !== null);
  const onChange = () => render(choice);
  for (const query of queries) query.addEventListener('change', onChange);
  stopFollowingSystem = () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

function activate(choice: ThemeChoice): ThemeName {
  stopFollowingSystem?.();
  stopFollowingSystem = null;
  const name = render(choice);
  if (choice === 'system' || choice === 'system-hc') followSystem(choice);
  return name;
}

/** Applies and remembers the user's choice; returns the theme now in effect. */
export function applyTheme(choice: ThemeChoice): ThemeName {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage can be blocked (private mode, policies); the theme still applies for this visit.
  }
  return activate(choice);
}

/** The remembered choice, or the default when none (or an unknown one) is stored. */
export function getThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** The choice and the theme in effect, as live state (read through useSyncExternalStore). */
export const getThemeState = (): ThemeState => state;

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let watchingOtherTabs = false;

/**
 * Call once before the first render so the app never flashes the wrong colours. A choice made in
 * another tab of this site is followed too (the `storage` event).
 */
export function initTheme(): ThemeName {
  if (!watchingOtherTabs) {
    watchingOtherTabs = true;
    window.addEventListener('storage', (event) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null) activate(getThemeChoice());
    });
  }
  return activate(getThemeChoice());
}
