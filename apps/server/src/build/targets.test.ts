import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceStamp } from './source-stamp.js';
import { buildTargets } from './targets.js';

/*
 * Which files count as sources of each build, on a small tree laid out as the repository is. (The
 * builds themselves run in apps/server/test/compiled-server.test.ts.)
 */

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hearth-targets-'));
  for (const file of [
    'package-lock.json',
    'tsconfig.base.json',
    'packages/protocol/package.json',
    'packages/protocol/src/index.ts',
    'apps/server/package.json',
    'apps/server/tsconfig.json',
    'apps/server/src/main.ts',
    'apps/server/src/db/migrations/0001_init.sql',
    'apps/web/index.html',
    'apps/web/src/main.tsx',
  ]) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), `${file}\n`);
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function stamps(): Promise<Record<string, string>> {
  const [server, web] = buildTargets(root);
  return { server: await sourceStamp(server!.sources), web: await sourceStamp(web!.sources) };
}

/** Which builds a change to `file` makes stale. */
async function staleAfterWriting(file: string): Promise<string[]> {
  const before = await stamps();
  const target = path.join(root, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, `changed ${Math.random()}\n`);
  const after = await stamps();
  return Object.keys(before).filter((k) => before[k] !== after[k]);
}

describe('the sources of each build', () => {
  it.each([
    ['apps/server/src/main.ts', ['server']],
    ['apps/server/src/db/migrations/0002_more.sql', ['server']],
    ['apps/server/package.json', ['server']],
    ['apps/web/src/main.tsx', ['web']],
    ['apps/web/index.html', ['web']],
    ['packages/protocol/src/index.ts', ['server', 'web']],
    ['package-lock.json', ['server', 'web']],
  ])('a change to %s rebuilds %j', async (file, builds) => {
    expect(await staleAfterWriting(file)).toEqual(builds);
  });

  it.each([
    'apps/server/src/messages/service.test.ts',
    'apps/server/src/testing/server-process.ts',
    'apps/server/test/messages.test.ts',
    'apps/server/dist/main.js',
    'apps/web/src/features/chat.test.tsx',
    'apps/web/src/test/setup.ts',
    'apps/web/dist/index.html',
    'apps/web/node_modules/.vite/deps.json',
    'e2e/tests/chat-live.spec.ts',
  ])('a change to %s rebuilds nothing', async (file) => {
    expect(await staleAfterWriting(file)).toEqual([]);
  });
});
