import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { notFound } from './errors.js';

/**
 * Sends a stored picture (a profile picture or banner, a custom emoji, an uploaded GIF, a group icon)
 * kept at an address that is random and never reused, so it is cached for good. Its type is the one
 * its bytes showed at upload and is never sniffed; opened in a tab of its own, it runs nothing in the
 * app's origin (as attachments, uploads/serve-file.ts). A file gone from storage is a 404, like a row
 * that is gone. HEAD (declared with http/file-routes.ts) is answered with the stored size and no body:
 * the file is not read.
 */
interface StoredImage {
  key: string;
  contentType: string;
  missingText: string;
  headers?: Record<string, string | number>;
}

export async function sendStoredImage(ctx: AppContext, reply: FastifyReply, image: StoredImage) {
  // The file is found before any header is set, so a missing one's 404 is not cached for good.
  if (reply.request.method === 'HEAD') {
    const size = await ctx.storage.size(image.key);
    if (size === null) throw notFound(image.missingText);
    return withImageHeaders(reply, image).header('Content-Length', size).send();
  }
  const stream = await ctx.storage.get(image.key).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') throw notFound(image.missingText);
    throw err;
  });
  return withImageHeaders(reply, image).send(stream);
}

function withImageHeaders(reply: FastifyReply, image: StoredImage): FastifyReply {
  return reply
    .headers(image.headers ?? {})
    .header('Content-Type', image.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'public, max-age=31536000, immutable');
}
