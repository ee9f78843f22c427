import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy* and waitFor wait for what the test needs, not for how fast the machine is: their default of
// 1 s ran out on a busy machine while a lazily loaded dialog or menu was still being imported. A test
// that passes is no slower for it; the test's own limit (vitest.config.ts) still ends a real hang.
configure({ asyncUtilTimeout: 15_000 });

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
