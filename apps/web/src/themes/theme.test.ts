import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, getThemeState, initTheme, resolveTheme, subscribeTheme } from './theme';
import { CSS_VARS, themeVariables } from './themes';

/** Stand-ins for the browser's colour-scheme and contrast media queries that the test can flip. */
function mockSystem(initial: { dark: boolean; moreContrast?: boolean }) {
  const listeners = new Map<string, Set<(event: MediaQueryListEvent) => void>>();
  const matches: Record<string, boolean> = {
    '(prefers-color-scheme: dark)': initial.dark,
    '(prefers-contrast: more)': initial.moreContrast ?? false,
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((media: string) => {
      const own = listeners.get(media) ?? new Set();
      listeners.set(media, own);
      return {
        get matches() {
          return matches[media] ?? false;
        },
        media,
        addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => own.add(listener),
        removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => own.delete(listener),
      };
    }),
  );
  const set = (media: string, value: boolean) => {
    matches[media] = value;
    for (const listener of listeners.get(media) ?? []) listener({ matches: value } as MediaQueryListEvent);
  };
  return {
    listenerCount: () => [...listeners.values()].reduce((sum, s) => sum + s.size, 0),
    setDark: (dark: boolean) => set('(prefers-color-scheme: dark)', dark),
    setMoreContrast: (more: boolean) => set('(prefers-contrast: more)', more),
  };
}

const rootVar = (name: string) => document.documentElement.style.getPropertyValue(name);
const root = () => document.documentElement;

describe('themes', () => {
  beforeEach(() => {
    root().removeAttribute('style');
  });

  afterEach(() => {
    applyTheme('dark');
    vi.unstubAllGlobals();
  });

  it('apply the chosen theme to the page and remember it', () => {
    expect(applyTheme('light')).toBe('light');

    for (const name of CSS_VARS) expect(rootVar(name)).toBe(themeVariables('light')[name]);
    expect(rootVar('color-scheme')).toBe('light');
    expect(root().dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('apply any of the forty, with its colour scheme', () => {
    expect(applyTheme('terminal')).toBe('terminal');
    expect(rootVar('--bg-chat')).toBe('#0c0c0c');
    expect(rootVar('color-scheme')).toBe('dark');
    expect(applyTheme('sepia')).toBe('sepia');
    expect(rootVar('--bg-chat')).toBe('#f4ecd8');
    expect(rootVar('color-scheme')).toBe('light');
  });

  it('start dark when nothing was chosen, and restore a saved choice', () => {
    expect(initTheme()).toBe('dark');
    expect(rootVar('--bg-app')).toBe(themeVariables('dark')['--bg-app']);

    localStorage.setItem('theme', 'midnight');
    expect(initTheme()).toBe('midnight');
    expect(rootVar('--bg-app')).toBe(themeVariables('midnight')['--bg-app']);
  });

  it('ignore an unknown saved choice', () => {
    localStorage.setItem('theme', 'no-such-theme');

    expect(initTheme()).toBe('dark');
  });

  it('follow the system scheme, including later changes, when set to system', () => {
    const system = mockSystem({ dark: false });

    expect(applyTheme('system')).toBe('light');
    expect(rootVar('--bg-chat')).toBe(themeVariables('light')['--bg-chat']);
    expect(localStorage.getItem('theme')).toBe('system');

    system.setDark(true);
    expect(rootVar('--bg-chat')).toBe(themeVariables('dark')['--bg-chat']);
    expect(getThemeState()).toEqual({ choice: 'system', effective: 'dark' });

    system.setMoreContrast(true);
    expect(getThemeState().effective).toBe('dark-hc');
  });

  it('follow the system as a high-contrast theme when set to system-hc', () => {
    const system = mockSystem({ dark: true });

    expect(applyTheme('system-hc')).toBe('dark-hc');
    system.setDark(false);
    expect(root().dataset.theme).toBe('hc-light');
    expect(rootVar('--text-normal')).toBe('#000000');
  });

  it('stop following the system once a fixed theme is chosen', () => {
    const system = mockSystem({ dark: true });
    applyTheme('system');

    applyTheme('dark');
    system.setDark(false);

    expect(system.listenerCount()).toBe(0);
    expect(rootVar('--bg-chat')).toBe(themeVariables('dark')['--bg-chat']);
  });

  it('tell listeners what is in effect', () => {
    const listener = vi.fn();
    const stop = subscribeTheme(listener);
    applyTheme('ocean');
    stop();
    applyTheme('dark');

    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('resolve the system choices from what the system asks for', () => {
    expect(resolveTheme('system', { dark: true, moreContrast: false })).toBe('dark');
    expect(resolveTheme('system', { dark: false, moreContrast: false })).toBe('light');
    expect(resolveTheme('system', { dark: false, moreContrast: true })).toBe('hc-light');
    expect(resolveTheme('system-hc', { dark: true, moreContrast: false })).toBe('dark-hc');
    expect(resolveTheme('grape', { dark: false, moreContrast: true })).toBe('grape');
  });
});
