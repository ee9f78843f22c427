import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * Declares GET and HEAD of a stored file's address with one handler, which answers HEAD with the
 * file's length and no body (uploads/serve-file.ts, stored-image.ts). HEAD is declared first: with a
 * GET alone, Fastify adds its own HEAD, which runs the GET handler, reads the whole file (on S3,
 * downloads the object) only to throw it away, and sends no Content-Length.
 */
export function fileRoute(api: FastifyInstance, url: string, handler: RouteHandlerMethod): void {
  api.head(url, handler);
  api.get(url, handler);
}
