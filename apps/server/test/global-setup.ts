import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { freePort } from '../src/testing/server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    embeddedPgUrl: string;
  }
}

/** One embedded PostgreSQL for the whole run; each test file gets its own database in it. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-test-pg-'));
  const pg = await startEmbeddedPostgres(dir, await freePort());
  project.provide('embeddedPgUrl', pg.url);
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
