import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// Browser features jsdom lacks, stubbed once for every test (a test may stub its own over them).

/** No media query matches: the wide layout and no dark-scheme preference. */
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }) as unknown as MediaQueryList;

/** Without layout there is nothing to scroll, but lists (and the settings tab strip) call these. */
Element.prototype.scrollTo ??= () => undefined;
Element.prototype.scrollBy ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
