import type { Redis } from 'ioredis';
import { OutageReport } from './outage-report.js';

/**
 * The log lines of a Redis outage (OutageReport), fed by the main connection. A lost connection is
 * a failure even when no error comes with it: Redis reached through a proxy (a relay, a managed
 * endpoint) is "connected" to the proxy, which then just closes each connection while Redis is away,
 * and ioredis reconnects without ever reporting an error. Counting only errors, such an outage was
 * never said, nor its end.
 */
export function reportRedisOutages(redis: Redis): OutageReport {
  const report = new OutageReport('[redis] Redis', 'connection errors');
  redis.on('error', (err: Error) => report.failed(err.message));
  // Emitted only for a connection lost unasked (disconnect() does not reconnect).
  redis.on('reconnecting', () => report.failed('connection lost'));
  redis.on('ready', () => report.recovered());
  return report;
}
