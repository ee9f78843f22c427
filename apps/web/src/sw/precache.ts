/**
 * What the service worker precaches: the app shell and nothing more. That is index.html and the
 * files it names (its script, module preloads and style sheets: what the first paint needs, the
 * same set the bundle budget counts). Lazy chunks (the emoji data, the settings tabs, the voice
 * code), the spellcheck worker with its Hunspell dictionaries, WebAssembly and the build's .br/.gz
 * copies stay out: most users never load them, and a precached file is downloaded by every user.
 * Used by the build (vite.config.ts) on the list the glob found.
 */

/** The page the shell is; the service worker answers app addresses with it when offline. */
export const SHELL_PAGE = 'index.html';

/** The files index.html loads before the app runs, as paths without the leading slash ('assets/index-….js'). */
export function shellFiles(html: string): Set<string> {
  const files = new Set<string>();
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, 'src');
    if (src) files.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (href && (rel === 'modulepreload' || rel === 'stylesheet')) files.add(href);
  }
  // Only this origin's own files (an absolute or protocol-relative address is someone else's).
  return new Set([...files].filter((url) => url.startsWith('/') && !url.startsWith('//')).map((url) => url.slice(1)));
}

/** A compressed copy the server sends in the file's place; the browser never asks for it by name. */
const COMPRESSED_COPY = /\.(br|gz)$/;

/** The entries of `entries` (the glob's, urls relative to the build folder) that make the shell of `html`. */
export function precacheShell<E extends { url: string }>(entries: E[], html: string): E[] {
  const shell = shellFiles(html);
  const missing = new Set(shell);
  const kept = entries.filter((entry) => {
    const url = entry.url.replace(/^\//, '');
    if (COMPRESSED_COPY.test(url)) return false;
    missing.delete(url);
    return url === SHELL_PAGE || shell.has(url);
  });
  // A shell file the glob did not find would leave an offline start without its script: fail the build.
  if (missing.size > 0) throw new Error(`The precache is missing files index.html names: ${[...missing].join(', ')}`);
  if (!kept.some((entry) => entry.url.replace(/^\//, '') === SHELL_PAGE))
    throw new Error('The precache has no index.html');
  return kept;
}
