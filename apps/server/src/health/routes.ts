import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/pool.js';
import { withinTime } from './within-time.js';

/** How long a dependency may take to answer before the node is reported not ready. */
export const READY_TIMEOUT_MS = 2_000;

export interface ReadinessDeps {
  db: Db;
  /** Set in a cluster: the event bus, sessions and rate limits live there. */
  redis?: Redis;
  /** Whether the node is draining before it stops (SIGTERM): it is not ready then, whatever answers. */
  draining?: () => boolean;
}

/** Whether a check answers (without an error) within the time. */
const answersWithin = (check: () => Promise<unknown>, timeoutMs: number) =>
  withinTime(
    check().then(
      () => true,
      () => false,
    ),
    timeoutMs,
    false,
  );

/**
 * Resolves with the names of what did not answer in time. A check that hangs is abandoned, not
 * waited for: a load balancer probing every few seconds must get an answer in time.
 */
export async function whatIsDown({ db, redis }: ReadinessDeps, timeoutMs = READY_TIMEOUT_MS): Promise<string[]> {
  const checks: [string, () => Promise<unknown>][] = [['database', () => db.query('SELECT 1')]];
  if (redis) checks.push(['redis', () => redis.ping()]);
  const answers = await Promise.all(checks.map(([, check]) => answersWithin(check, timeoutMs)));
  return checks.filter((_, i) => !answers[i]).map(([name]) => name);
}

/**
 * `/healthz`: the process is up (a supervisor restarts it otherwise). `/readyz`: it can serve, so a
 * load balancer sends it traffic; 503 naming what is down otherwise. At the root, not under /api:
 * load balancers probe plain paths, and no rate limit or sign-in stands in the way.
 */
export function healthRoutes(http: FastifyInstance, deps: ReadinessDeps): void {
  const noStore = { 'cache-control': 'no-store' };
  http.get('/healthz', (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));
  http.get('/readyz', async (_request, reply) => {
    // First, so a load balancer takes the node out before its connections are closed.
    if (deps.draining?.())
      return reply.code(503).headers(noStore).send({ detail: 'Not ready: this node is shutting down', down: [] });
    const down = await whatIsDown(deps);
    if (down.length === 0) return reply.headers(noStore).send({ status: 'ready' });
    return reply
      .code(503)
      .headers(noStore)
      .send({ detail: `Not ready: ${down.join(' and ')} not answering`, down });
  });
}
