import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { GIPHY_MEDIA_ORIGINS, VIDEO_EMBED_ORIGINS } from '@hearth/protocol';

/**
 * The Content-Security-Policy of every answer. The client is one script and one style sheet from
 * this origin, talking to this origin (HTTP and the same-origin ws:/wss: live connection, which
 * CSP Level 3 counts as 'self'), so everything else is shut. Reasons in docs/decisions/security.md.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  // No inline script, no eval, no script from anywhere else; inline event handlers neither.
  // 'wasm-unsafe-eval' lets this origin's own scripts compile WebAssembly (RNNoise, the voice noise
  // suppressor, runs as WebAssembly in an AudioWorklet); it allows no JavaScript eval and no script
  // from elsewhere: the WebAssembly itself can only be fetched from 'self' (connect-src).
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'script-src-attr': ["'none'"],
  // The dialogs and menus (Radix, through react-remove-scroll) add a <style> element while open, and
  // the built index.html names no nonce; inline styles are allowed, inline scripts are not. url() in a
  // style can still only load what img-src and font-src allow.
  'style-src': ["'self'", "'unsafe-inline'"],
  // data: and blob: for icons and previews made in the page (uploaded GIFs are this origin's); from
  // other hosts only the GIF service's GIFs (GIPHY's media hosts), which messages show inline whether
  // or not this server searches GIPHY itself (people paste GIPHY links either way), and the picker
  // when it does. Any other host's image would tell that host who reads the message and when, so
  // those GIF links stay plain links.
  'img-src': ["'self'", 'data:', 'blob:', ...GIPHY_MEDIA_ORIGINS],
  'font-src': ["'self'"],
  // This origin, and the video players' hosts: after 'Load Video' the client asks the player's host
  // for the player once (no-cors, an opaque answer it cannot read) to learn whether it answers at all,
  // since a frame's load event fires for the browser's own error page too.
  'connect-src': ["'self'", ...VIDEO_EMBED_ORIGINS],
  // Only the video players of the platforms a message's video link may load, and only once the reader
  // clicks 'Load Video'; nothing else may be framed.
  'frame-src': [...VIDEO_EMBED_ORIGINS],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** One year; sent only on answers that came over TLS (see below). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (the client, the API, static files, 404s and errors), through
 * @fastify/helmet. Register before any route: its hooks apply to the routes that follow.
 */
export async function installSecurityHeaders(http: FastifyInstance): Promise<void> {
  await http.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // Only the origin goes to other sites, never the path; embedded players ask for it.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The old header for frame-ancestors 'none'.
    xFrameOptions: { action: 'deny' },
    // Helmet would send HSTS on plain HTTP too, where it means nothing and misleads; see the hook below.
    strictTransportSecurity: false,
  });
  // request.protocol is 'https' for a TLS socket, or with TRUST_PROXY for X-Forwarded-Proto: https.
  // A browser ignores HSTS received over plain HTTP, so sending it only over TLS loses nothing, and a
  // server reached by plain HTTP on a LAN never tells anyone to insist on HTTPS for its name.
  http.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
