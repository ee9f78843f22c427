import { THEME_COLOR_SCHEME, THEMES, type ThemeName } from './themes';

export type ThemeChoice = ThemeName | 'system';

export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: ThemeChoice = 'dark';
const DARK_QUERY = '(prefers-color-scheme: dark)';

let stopFollowingSystem: (() => void) | null = null;

function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === 'system' || (typeof value === 'string' && Object.hasOwn(THEMES, value));
}

function systemQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

/** The theme a choice stands for right now; 'system' falls back to dark when the browser cannot tell. */
export function resolveTheme(choice: ThemeChoice): ThemeName {
  if (choice !== 'system') return choice;
  const query = systemQuery();
  return !query || query.matches ? 'dark' : 'light';
}

function setVariables(name: ThemeName): void {
  const root = document.documentElement;
  for (const [variable, value] of Object.entries(THEMES[name])) root.style.setProperty(variable, value);
  root.style.setProperty('color-scheme', THEME_COLOR_SCHEME[name]);
  root.dataset.theme = name;
}

function followSystem(): void {
  const query = systemQuery();
  if (!query) return;
  const onChange = (event: MediaQueryListEvent) => setVariables(event.matches ? 'dark' : 'light');
  query.addEventListener('change', onChange);
  stopFollowingSystem = () => query.removeEventListener('change', onChange);
}

function activate(choice: ThemeChoice): ThemeName {
  stopFollowingSystem?.();
  stopFollowingSystem = null;
  const name = resolveTheme(choice);
  setVariables(name);
  if (choice === 'system') followSystem();
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

/** Call once before the first render so the app never flashes the wrong colours. */
export function initTheme(): ThemeName {
  return activate(getThemeChoice());
}
