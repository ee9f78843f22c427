import { afterAll, describe, expect, it, vi } from 'vitest';
import { startThrowawayRedis } from '../src/testing/redis-server.js';
import type { RunningApp } from '../src/app.js';
import { createTestDatabase, startTestServer } from './harness.js';
import { TcpProxy } from './support/tcp-proxy.js';

/**
 * /healthz and /readyz, as a load balancer and a supervisor use them: readiness follows the database
 * (reached through a relay the test can cut, as if PostgreSQL stopped) and, in a cluster, Redis.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

const probe = async (app: RunningApp, path: string) => {
  const res = await fetch(`${app.url}${path}`);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
};

/** A server whose database is reached through a relay the test can cut or freeze. */
async function serverBehindRelay(): Promise<{ app: RunningApp; proxy: TcpProxy }> {
  const url = new URL(await createTestDatabase());
  const proxy = await TcpProxy.open(url.hostname, Number(url.port));
  cleanups.push(() => proxy.close());
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  const app = await startTestServer({ databaseUrl: url.toString() });
  cleanups.push(() => app.close());
  return { app, proxy };
}

describe('health and readiness', () => {
  it('says the process is up, and ready only while the database answers', async () => {
    const { app, proxy } = await serverBehindRelay();

    const health = await probe(app, '/healthz');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    // Plain paths, with the same security headers as every answer, and never cached.
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(health.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await probe(app, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });

    await proxy.cut();
    const down = await probe(app, '/readyz');
    expect(down).toMatchObject({ status: 503, body: { down: ['database'] } });
    expect(down.body.detail).toMatch(/database/);
    // The process is still up: a supervisor must not restart it for what a load balancer handles.
    expect((await probe(app, '/healthz')).status).toBe(200);

    await proxy.restore();
    await expect.poll(async () => (await probe(app, '/readyz')).status, { timeout: 10_000 }).toBe(200);
  });

  it('is not ready while the database hangs, answering in time every time, and ready again after', async () => {
    const { app, proxy } = await serverBehindRelay();
    expect(await probe(app, '/readyz')).toMatchObject({ status: 200 });

    // Connections stay open and nothing comes back: a load balancer probing meanwhile must still get
    // its answer within the check's timeout, probe after probe.
    proxy.freeze();
    for (let i = 0; i < 4; i++) {
      const started = Date.now();
      expect(await probe(app, '/readyz')).toMatchObject({ status: 503, body: { down: ['database'] } });
      expect(Date.now() - started).toBeLessThan(4_000);
    }
    proxy.thaw();
    await expect.poll(async () => (await probe(app, '/readyz')).status, { timeout: 10_000 }).toBe(200);
  });

  it('in a cluster, is not ready while Redis is down', async () => {
    const redis = await startThrowawayRedis();
    cleanups.push(() => redis.stop());
    const app = await startTestServer({ redisUrl: redis.url, redisPrefix: 'health:' });
    cleanups.push(() => app.close());
    expect(await probe(app, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });

    // What the bus and ioredis say while Redis is gone is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await redis.stop();
    const started = Date.now();
    const down = await probe(app, '/readyz');
    expect(down).toMatchObject({ status: 503, body: { down: ['redis'] } });
    // Answered within the check's timeout, not after ioredis gives up on its retries.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await probe(app, '/healthz')).status).toBe(200);
    await app.close();
    vi.restoreAllMocks();
  });
});
