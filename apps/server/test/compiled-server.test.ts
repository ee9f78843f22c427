import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Api, LiveClient, uniqueName } from './client.js';
import { REPO_ROOT, startServerProcess, type ServerProcess } from '../src/testing/server-process.js';

/*
 * What `npm start` runs: its build step (tsx apps/server/src/build/cli.ts), which builds only what
 * changed, then the compiled server under plain node.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

/** npm start's first step, as `npm start` runs it from the repository root. */
function runBuildStep(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/build/cli.ts'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const BUNDLE = path.join(REPO_ROOT, 'apps/server/dist/main.js');

describe('npm start', { timeout: 240_000 }, () => {
  it('builds nothing the second time, saying so in one line', async () => {
    // Up to date already when `npm test` built first; a tree edited since is built here.
    const first = await runBuildStep();
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/^(Server and web client are up to date|Building .* \(.*\)\.\.\.)\n$/);
    const built = (await stat(BUNDLE)).mtimeMs;

    const second = await runBuildStep();
    expect(second).toEqual({ code: 0, output: 'Server and web client are up to date\n' });
    expect((await stat(BUNDLE)).mtimeMs).toBe(built);
  });

  it('runs the compiled server under plain node: the client, sign-in, a message delivered live', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'hearth-compiled-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await chmod(dataDir, 0o755);
    // No WEB_DIST: the bundle must find the built client where the sources would.
    const server: ServerProcess = await startServerProcess({ compiled: true, env: { DATA_DIR: dataDir } });
    cleanups.push(() => server.stop());

    const command = (await readFile(`/proc/${server.pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
    expect(command.slice(1)).toEqual(['--enable-source-maps', 'apps/server/dist/main.js']);
    expect(command.join(' ')).not.toContain('tsx');

    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Hearth</title>');
    const api = new Api(server.url);
    const { version } = JSON.parse(await readFile(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8')) as {
      version: string;
    };
    expect((await api.get('/version')).body).toMatchObject({ version });

    // The database was made by the migrations the build carries; sign-in, then a message seen live.
    const name = uniqueName('built');
    await api.register(name, 'built-secret');
    const signIn = await api.post('/auth/login', { username: name, password: 'built-secret' });
    expect(signIn.status).toBe(200);
    const token = signIn.body.access_token as string;
    const general = (await api.get('/channel/', token)).body.find((c: { name: string }) => c.name === 'general');
    const live = await LiveClient.authed(server.url, token);
    cleanups.push(async () => live.close());
    const sent = await api.post('/message', { channel_id: general.id, content: 'from the build' }, token);
    expect(sent.status).toBe(201);
    const frame = await live.waitFor((f) => f.type === 'message' && f.data.content === 'from the build');
    expect(frame.data.id).toBe(sent.body.id);

    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});
