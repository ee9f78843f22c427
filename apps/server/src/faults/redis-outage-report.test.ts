import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayRedis, type ThrowawayRedis } from '../testing/redis-server.js';
import { reportRedisOutages } from './redis-outage-report.js';

/*
 * Redis behind a proxy that stays up while Redis is away: every connection is accepted, then closed,
 * so the client sees connections lost, never a connection refused nor any other error.
 */
let redis: ThrowawayRedis;
let proxy: Server;
let away = false;
const sockets = new Set<Socket>();

beforeAll(async () => {
  redis = await startThrowawayRedis();
  proxy = createServer((client) => {
    // As a relay whose own connection to Redis is refused: it takes what the client sends first,
    // then closes its side (no reset, so the client's writes succeed and no error comes).
    if (away) return void client.once('data', () => client.end());
    const upstream = createConnection(redis.port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => proxy?.close(resolve));
  await redis?.stop();
});

describe('reportRedisOutages', () => {
  it('says an outage seen only as lost connections (no error), and its end', async () => {
    const port = (proxy.address() as { port: number }).port;
    const client = new Redis({ port, host: '127.0.0.1', retryStrategy: () => 100 });
    const lines: string[] = [];
    const original = console.error;
    console.error = (line: string) => lines.push(line);
    try {
      reportRedisOutages(client);
      await expect.poll(() => client.status, { timeout: 10_000 }).toBe('ready');
      away = true;
      for (const s of sockets) s.destroy();
      await expect
        .poll(() => lines, { timeout: 10_000 })
        .toEqual([
          expect.stringMatching(/^\[redis\] Redis is unreachable \(.+\); counting failures until it is back$/),
        ]);
      away = false;
      await expect
        .poll(() => lines.at(-1), { timeout: 10_000 })
        .toMatch(/^\[redis\] Redis is reachable again after [\d.]+ s; \d+ connection errors meanwhile$/);
      expect(lines).toHaveLength(2);
    } finally {
      console.error = original;
      client.disconnect();
    }
  });
});
