import type { FastifyInstance } from 'fastify';
import { withRequestId } from './request-id.js';

/**
 * Puts each request's id in reach of everything its handler starts (the bus events it publishes
 * carry it), and with `logRequests` logs one line per answered request.
 *
 * Fastify's own request lines are off: they come in pairs and carry the URL with its query, where
 * signed file addresses and reset links keep their secrets. This line names the route's pattern and
 * the path alone.
 */
export function installRequestLogging(http: FastifyInstance, logRequests: boolean): void {
  // preHandler, after the body is read: stream callbacks of the body parsing would lose the context.
  http.addHook('preHandler', (request, _reply, done) => withRequestId(request.id, done));
  if (!logRequests) return;
  http.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? null;
    request.log.info(
      {
        method: request.method,
        route,
        // The route names what was asked; a path can hold a user's words (an attachment's file name).
        path: route === null ? request.url.split('?', 1)[0] : undefined,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request completed',
    );
    done();
  });
}
