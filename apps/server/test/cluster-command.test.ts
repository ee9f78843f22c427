import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Api, LiveClient, uniqueName, type Frame } from './client.js';
import { freePort } from '../src/net/free-port.js';
import { isAlive } from '../src/system/process-alive.js';
import { REPO_ROOT } from '../src/testing/server-process.js';

/*
 * `npm run cluster -- --nodes 2` as an operator runs it: its own PostgreSQL, Redis, S3-compatible
 * bucket, two compiled nodes and nginx in front. Through the address it prints, someone registers,
 * chats live and uploads a file that either node serves; a node
 * killed with SIGKILL is started again; Ctrl-C (SIGINT to the command's process group, as a terminal
 * sends it) stops every process it started.
 */

const START_TIMEOUT_MS = 240_000;
let dataDir: string | undefined;
let group: number | undefined;
/** Resolves when the command has exited, with its exit code or signal. */
let exited: Promise<string> | undefined;
/** The command's exit, or 'still running' after `ms`. */
const exitWithin = (ms: number) =>
  Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), ms).unref())]);

afterAll(async () => {
  // Only if the test stopped half-way: Ctrl-C as a terminal sends it, so the command stops what it
  // started; then, if anything is left, its group (nginx, its workers) and the processes it named.
  if (group) {
    killQuietly(-group, 'SIGINT');
    await exitWithin(60_000);
    for (const pid of [-group, ...pidsIn(output)]) killQuietly(pid, 'SIGKILL');
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

let output = '';
const pidsIn = (text: string) => [...text.matchAll(/\bpid (\d+)/g)].map((m) => Number(m[1]));
function killQuietly(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}
const isRunning = isAlive;

/** Resolves with the first match of `pattern` in the command's output from `from` on. */
async function waitForLine(pattern: RegExp, from = 0, timeoutMs = 60_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = output.slice(from).match(pattern);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no line matching ${pattern} in:\n${output.slice(-3_000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm run cluster', () => {
  it(
    'serves through the printed address, restarts a killed node, and Ctrl-C leaves nothing running',
    { timeout: START_TIMEOUT_MS + 120_000 },
    async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'hearth-cluster-'));
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()) };
      // What the test run's own services set must not leak in: the command starts its own.
      for (const key of ['DATABASE_URL', 'REDIS_URL', 'EMBEDDED_PG_PORT']) delete env[key];
      env.LOCAL_COTURN = 'false'; // voice is not under test; each node would start a coturn
      const child = spawn('npm', ['run', 'cluster', '--', '--nodes', '2'], {
        cwd: REPO_ROOT,
        env,
        detached: true, // a process group of its own, as a terminal's foreground job
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      group = child.pid!;
      exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `${code}`)));
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));

      const [, address] = await waitForLine(/open (http:\/\/\S+)/, 0, START_TIMEOUT_MS);
      const node1 = Number((await waitForLine(/node 1 is up: pid (\d+)/))[1]);
      expect(pidsIn(output).length).toBeGreaterThanOrEqual(6); // PostgreSQL, Redis, S3, two nodes, nginx

      // Someone registers and chats through the load balancer.
      const api = new Api(address!);
      const me = await api.register(uniqueName('op'));
      const general = (await api.get('/channel/', me.token)).body.find((c: { name: string }) => c.name === 'general');
      const live = await LiveClient.authed(address!, me.token);
      const isMessage = (nonce: string) => (f: Frame) => f.type === 'message' && f.data?.nonce === nonce;
      const post = async (nonce: string) => {
        const res = await api.post('/message', { channel_id: general.id, content: nonce, nonce }, me.token);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        await live.waitFor(isMessage(nonce), 10_000);
      };
      await post('first');

      // Files go to the cluster's one bucket: a file uploaded through the load balancer is served by
      // each node on its own.
      const nodePorts = [1, 2].map((n) =>
        Number(output.match(new RegExp(`node ${n} is up: pid \\d+, port (\\d+)`))![1]),
      );
      const bytes = Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7) % 256));
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), 'shared.bin');
      const up = await api.post('/upload/attachment', form, me.token);
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      for (const nodePort of nodePorts) {
        const res = await fetch(`http://127.0.0.1:${nodePort}${up.body.attachment.file_url}`);
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      }
      // ...from the bucket (kept in DATA_DIR/s3), not from a folder the nodes share on this disk.
      expect(output).toMatch(/files: a local S3-compatible server/);
      expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
      expect(existsSync(path.join(dataDir, 's3', 'hearth'))).toBe(true);

      // A node killed outright is started again, and the cluster keeps serving meanwhile and after.
      const before = output.length;
      process.kill(node1, 'SIGKILL');
      const again = Number((await waitForLine(/node 1 is up: pid (\d+)/, before, 60_000))[1]);
      expect(again).not.toBe(node1);
      expect(isRunning(node1)).toBe(false);
      live.socket.terminate();
      const live2 = await LiveClient.authed(address!, me.token);
      for (const nonce of ['second', 'third', 'fourth']) {
        const res = await api.post('/message', { channel_id: general.id, content: nonce, nonce }, me.token);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        await live2.waitFor(isMessage(nonce), 10_000);
      }
      live2.socket.terminate();

      // Ctrl-C: SIGINT to the whole foreground group. The command drains its nodes and stops the rest.
      const started = pidsIn(output);
      process.kill(-group, 'SIGINT');
      // The command exits 0 once all is stopped; npm, which got the SIGINT too, then ends by it.
      expect(['0', 'SIGINT']).toContain(await exitWithin(60_000));
      expect(output).toMatch(/\[cluster\] stopped/);
      group = undefined;
      await expect.poll(() => started.filter(isRunning), { timeout: 30_000 }).toEqual([]);
    },
  );
});
