import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TEXT } from '@hearth/protocol';
import type { Metrics } from './metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics` in Prometheus's text format. Without METRICS_TOKEN it is 404, as if absent: the
 * figures say how busy the instance is, which is no one's business by default. With it, only
 * `Authorization: Bearer <token>` is answered; anything else is 401 (RFC 6750: a missing and a wrong
 * token alike), with nothing said about which.
 */
export function metricsRoutes(http: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  // Compared as digests, so the comparison takes the same time whatever the lengths.
  const expected = token ? digest(`Bearer ${token}`) : undefined;
  http.get('/metrics', async (request, reply) => {
    if (!expected) return reply.code(404).send({ detail: TEXT.notFound });
    const given = request.headers.authorization;
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ detail: 'A valid metrics token is needed' });
    }
    const text = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
