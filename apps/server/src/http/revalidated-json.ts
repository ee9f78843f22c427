import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends `body` as JSON the browser keeps and revalidates: an ETag of its bytes, and `private,
 * no-cache` so each use asks again with If-None-Match and an unchanged answer costs a 304 with no
 * body. For lists fetched on every page load that rarely change (custom emoji). The tag is taken
 * here, before compression, so it names the content whichever encoding the answer goes out in.
 */
export function sendRevalidatedJson(request: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('ETag', etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Authorization');
  const asked = request.headers['if-none-match'];
  if (asked !== undefined && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
    return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
