import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/pool.js';
import type { EventLog } from '../events/event-log.js';
import { READY_TIMEOUT_MS } from '../health/routes.js';
import { withinTime } from '../health/within-time.js';
import type { Metrics } from './metrics.js';

/** Methods kept as they are in the label; any other is 'other', so a client cannot add series. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Every answered request in the latency histogram, by the route's pattern (never the raw URL). */
export function countRequests(http: FastifyInstance, metrics: Metrics): void {
  http.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        method: METHODS.has(request.method) ? request.method : 'other',
        // A request no route matched is 'unmatched': its URL is whatever the client made up.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** The event log, counting what this node publishes to it. */
export function countPublished(log: EventLog, metrics: Metrics): EventLog {
  const onReset = log.onReset?.bind(log);
  return {
    publish: async (type, data, audience) => {
      const seq = await log.publish(type, data, audience);
      if (seq > 0) metrics.eventsPublished.inc();
      return seq;
    },
    subscribe: (listener) => log.subscribe(listener),
    readAfter: (seq) => log.readAfter(seq),
    head: () => log.head(),
    reachable: () => log.reachable(),
    ...(onReset ? { onReset } : {}),
    close: () => log.close(),
  };
}

export interface GaugeSources {
  db: Db;
  liveConnections: () => number;
}

/** The gauges read at each scrape: live connections, the database pool, the storage in use. */
export function watchGauges(metrics: Metrics, { db, liveConnections }: GaugeSources): void {
  metrics.gauge('hearth_live_connections', 'Open live (WebSocket) connections on this node', liveConnections);
  metrics.labelledGauge('hearth_db_pool_connections', "This node's database connections", 'state', () => ({
    total: db.totalCount,
    idle: db.idleCount,
    waiting: db.waitingCount,
  }));
  // Instance-wide, from the column the stored-file triggers keep exact; the last figure stands when
  // the database does not answer, so a scrape never waits on it for long.
  let storageUsed = 0;
  metrics.gauge('hearth_storage_used_bytes', 'Bytes of stored files charged to users, instance-wide', () =>
    withinTime(
      db
        .query<{ n: string | null }>('SELECT sum(storage_used_bytes) AS n FROM users')
        .then(({ rows }) => (storageUsed = Number(rows[0]?.n ?? 0)))
        .catch(() => storageUsed),
      READY_TIMEOUT_MS,
      storageUsed,
    ),
  );
}
