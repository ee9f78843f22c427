/**
 * Which page loads the service worker answers with the app shell when the server cannot be reached.
 * The same rule as the server's SPA fallback (`isClientRoute` in the server's http/web-client.ts):
 * never the API, the live connection or the hashed assets, and never an address whose last segment
 * has an extension (`/legal/terms.html`, `/changelogs/0.2.4.md`, `/favicon.svg`, `/sw.js`): those are
 * files of their own, and a missing one must stay a missing one. Client routes have no dots.
 *
 * Only the path is read: a query may hold dots (a reset token) without making the address a file.
 */
export function isAppNavigation(pathname: string): boolean {
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  if (pathname === '/ws' || pathname.startsWith('/ws/')) return false;
  if (pathname.startsWith('/assets/')) return false;
  return !/\.[^/]*$/.test(pathname);
}

/** The precached page every app address is answered with when the server is out of reach. */
export const SHELL_URL = '/index.html';
