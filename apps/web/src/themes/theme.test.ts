import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, initTheme } from './theme';
import { CSS_VARS, THEMES } from './themes';

/** A stand-in for the browser's colour-scheme media query that the test can flip. */
function mockSystemScheme(initial: 'dark' | 'light') {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: initial === 'dark',
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    listenerCount: () => listeners.size,
    set(scheme: 'dark' | 'light') {
      query.matches = scheme === 'dark';
      for (const listener of listeners) listener({ matches: query.matches } as MediaQueryListEvent);
    },
  };
}

const rootVar = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('themes', () => {
  beforeEach(() => {
    document.documentElement.removeAttribute('style');
  });

  afterEach(() => {
    applyTheme('dark');
    vi.unstubAllGlobals();
  });

  it('define every variable in each theme', () => {
    for (const theme of Object.values(THEMES)) {
      expect(Object.keys(theme).sort()).toEqual([...CSS_VARS].sort());
    }
  });

  it('apply the chosen theme to the page and remember it', () => {
    expect(applyTheme('light')).toBe('light');

    for (const name of CSS_VARS) expect(rootVar(name)).toBe(THEMES.light[name]);
    expect(rootVar('color-scheme')).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('start dark when nothing was chosen, and restore a saved choice', () => {
    expect(initTheme()).toBe('dark');
    expect(rootVar('--bg-app')).toBe(THEMES.dark['--bg-app']);

    localStorage.setItem('theme', 'light');
    expect(initTheme()).toBe('light');
    expect(rootVar('--bg-app')).toBe(THEMES.light['--bg-app']);
  });

  it('ignore an unknown saved choice', () => {
    localStorage.setItem('theme', 'no-such-theme');

    expect(initTheme()).toBe('dark');
  });

  it('follow the system scheme, including later changes, when set to system', () => {
    const system = mockSystemScheme('light');

    expect(applyTheme('system')).toBe('light');
    expect(rootVar('--bg-chat')).toBe(THEMES.light['--bg-chat']);
    expect(localStorage.getItem('theme')).toBe('system');

    system.set('dark');
    expect(rootVar('--bg-chat')).toBe(THEMES.dark['--bg-chat']);
  });

  it('stop following the system once a fixed theme is chosen', () => {
    const system = mockSystemScheme('dark');
    applyTheme('system');

    applyTheme('dark');
    system.set('light');

    expect(system.listenerCount()).toBe(0);
    expect(rootVar('--bg-chat')).toBe(THEMES.dark['--bg-chat']);
  });
});
