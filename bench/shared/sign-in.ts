/// <reference lib="dom" />
/**
 * Browser contexts of signed-in people for the benchmarks that drive the web client: signed in the
 * way a returning visitor is (tokens in localStorage), so no login form is timed.
 */
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright';

/** What the client keeps in localStorage once signed in. */
export interface SignedInStorage {
  accessToken: string;
  refreshToken: string;
  user: unknown;
}

/**
 * tsx keeps function names with a helper the page does not have; code sent to the page as source (init
 * scripts, page.evaluate) needs it defined first.
 */
export const NAME_HELPER = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

/** Init script (runs in the page before its own scripts): the tokens and the user, as after a login. */
export function signInScript(arg: SignedInStorage): void {
  localStorage.setItem('access_token', arg.accessToken);
  localStorage.setItem('refresh_token', arg.refreshToken);
  localStorage.setItem('current_user', JSON.stringify(arg.user));
}

/** A new browser context (empty cache) whose pages open signed in; `options` as for browser.newContext. */
export async function signedInContext(
  browser: Browser,
  signedIn: SignedInStorage,
  options: BrowserContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript({ content: NAME_HELPER });
  await context.addInitScript(signInScript, {
    accessToken: signedIn.accessToken,
    refreshToken: signedIn.refreshToken,
    user: signedIn.user,
  });
  return context;
}
