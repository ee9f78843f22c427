import type { FastifyReply } from 'fastify';
import { LINK_PREVIEW_TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { forbidden, HttpError } from '../http/errors.js';

/** A proxied image can run nothing, even opened in a tab of its own. */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * GET of a signed media-proxy address: the signature first (only addresses this server put in a
 * message), then the image through the same safe fetch as previews, passed on only when its bytes
 * are an allowed image type, with that type (never the site's claim) and `nosniff`.
 */
export async function serveProxiedImage(
  ctx: AppContext,
  reply: FastifyReply,
  query: { url: string; expires: number; signature: string },
) {
  if (!ctx.previews.media.verify(query.url, query.expires, query.signature))
    throw forbidden(LINK_PREVIEW_TEXT.mediaLinkInvalid);
  const image = await ctx.previews.image(query.url);
  if (!image) throw new HttpError(502, LINK_PREVIEW_TEXT.mediaRefused);
  const secondsLeft = Math.max(0, query.expires - Math.floor(Date.now() / 1000));
  return reply
    .header('Content-Type', image.contentType)
    .header('Content-Length', image.body.length)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', IMAGE_CSP)
    .header('Cache-Control', `private, max-age=${secondsLeft}, immutable`)
    .header('Content-Disposition', 'inline')
    .send(image.body);
}
