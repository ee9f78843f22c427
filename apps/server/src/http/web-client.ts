import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { TEXT } from '@hearth/protocol';

/** Vite writes only content-hashed files to assets/: a name never points at other bytes, so they never expire. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * index.html (and anything else without a hash in its name) is checked with the server on every use;
 * so is the service worker's /sw.js, as a new worker is only found by fetching it again.
 */
export const REVALIDATE = 'no-cache';

const ASSETS_URL = '/assets/';

/**
 * The built web client. Hashed assets are sent as the brotli or gzip copy the build made next to
 * them, whichever the browser accepts (brotli first), and cached for good; index.html answers every
 * other GET that may be a client-side route, and is always revalidated.
 */
export async function serveWebClient(http: FastifyInstance, webDist: string | undefined): Promise<void> {
  if (!webDist || !existsSync(path.join(webDist, 'index.html'))) {
    http.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: TEXT.notFound }));
    return;
  }
  const root = path.resolve(webDist);
  await http.register(fastifyStatic, {
    root,
    // The wildcard route looks files up per request, so a rebuilt client is served without a restart.
    wildcard: true,
    preCompressed: true,
    // Our own Cache-Control below, instead of send's `public, max-age=0`.
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = path.relative(root, filePath).startsWith(`assets${path.sep}`);
      res.setHeader('cache-control', hashed ? IMMUTABLE : REVALIDATE);
      // The answer depends on Accept-Encoding (a .br or .gz copy, or the file), so caches must key on it;
      // @fastify/static does not say so itself.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  http.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && isClientRoute(request.url)) {
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ detail: TEXT.notFound });
  });
}

/**
 * A path the client's router may handle (the web client's service worker answers the same paths with
 * its cached shell when offline: isAppNavigation in apps/web/src/sw/navigation.ts). Not the API, the live connection, or a file that is not
 * there (anything in /assets/, or a last segment with an extension, like /favicon.ico): a stale tab
 * asking for a chunk of an older build must get a 404, not index.html as JavaScript, and a browser
 * asking for an icon should not download the page. Client routes have no dots (usernames have none).
 */
function isClientRoute(url: string): boolean {
  const pathname = url.split('?')[0]!;
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname === '/ws') return false;
  return !pathname.startsWith(ASSETS_URL) && !/\.[^/]*$/.test(pathname);
}
