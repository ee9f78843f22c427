import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded/index.js';
import { startThrowawayRedis } from '../src/testing/redis-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server where tests may create databases (TEST_PG_URL, or the run's embedded one). */
    testPgUrl: string;
    /** A Redis server for the cluster tests (TEST_REDIS_URL, or the run's throwaway one); keys are prefixed per test file. */
    testRedisUrl: string;
  }
}

/**
 * Once per test run: an embedded PostgreSQL (each test file creates its own databases in it) and
 * a throwaway redis-server, both on free ports, unless TEST_PG_URL / TEST_REDIS_URL name servers
 * to use instead. A run that cannot have either fails here; no test is skipped for want of one.
 */
export default async function setup(project: TestProject) {
  const stops: (() => Promise<void>)[] = [];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop().catch((err) => console.error('[test teardown]', err));
  };
  try {
    if (process.env.TEST_PG_URL) {
      project.provide('testPgUrl', process.env.TEST_PG_URL);
    } else {
      const dir = await mkdtemp(path.join(tmpdir(), 'hearth-test-pg-'));
      stops.push(() => rm(dir, { recursive: true, force: true }));
      const pg = await startEmbeddedPostgres(dir, 0); // 0: a free port
      stops.push(() => pg.stop());
      project.provide('testPgUrl', pg.url);
    }
    if (process.env.TEST_REDIS_URL) {
      project.provide('testRedisUrl', process.env.TEST_REDIS_URL);
    } else {
      const redis = await startThrowawayRedis();
      stops.push(() => redis.stop());
      project.provide('testRedisUrl', redis.url);
    }
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
