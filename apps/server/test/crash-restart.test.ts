import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Api, LiveClient, uniqueName, type Frame } from './client.js';
import { freePort } from '../src/net/free-port.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '../src/testing/server-process.js';

/*
 * The server is killed outright (SIGKILL) while messages are being sent over the WebSocket and over
 * REST. After a restart on the same data folder, every message whose send was acknowledged is
 * stored exactly once. The embedded PostgreSQL outlives its killed parent, so each restart must
 * deal with a running postmaster and its pid file first, without harming any other process.
 */

const WAIT_MS = 20_000;
/** Messages in flight on the WebSocket at once. */
const WS_WINDOW = 16;
/** Messages sent over one connection (a connection may send 300 frames per 10 s). */
const WS_PER_CONNECTION = 200;
const REST_SENDERS = 4;

let dataDir: string;
let env: Record<string, string>;
let server: ServerProcess | undefined;
let decoy: ChildProcess | undefined;
let username: string;
let channelId: number;
/** Every acknowledged message so far, nonce → content. */
const acknowledged = new Map<string, string>();
/** Every message ever sent (acknowledged or not), nonce → content. */
const sent = new Map<string, string>();

/** Processes of the PostgreSQL cluster in dir: the postmaster names it, every process of it works in it. */
async function postgresProcesses(dir: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => '');
      if (cmdline.includes(dir + path.sep) || cwd === dir || cwd.startsWith(dir + path.sep)) found.push(pid);
    } catch {
      // The process has gone meanwhile.
    }
  }
  return found;
}

/** Whether the process runs (a zombie, exited but not yet reaped, does not count). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // The state follows the parenthesised command name in /proc/<pid>/stat.
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function postmasterPid(): Promise<number | null> {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return null;
  return Number((await readFile(file, 'utf8')).split('\n')[0]);
}

async function start(): Promise<ServerProcess> {
  server = await startServerProcess({ env, name: 'crash-test server', startTimeoutMs: 90_000 });
  return server;
}

async function login(api: Api): Promise<string> {
  const res = await api.post('/auth/login', { username, password: 'secret1' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.access_token;
}

/**
 * Sends over WebSockets and several REST loops at once; once enough sends are acknowledged, kills
 * the server while both kinds of sends are still under way. Acknowledged: a 201 answer, or the
 * sender's own `message` event carrying the nonce.
 */
async function sendThenKill(run: string, minAcks: { ws: number; rest: number }) {
  const srv = server!;
  const api = new Api(srv.url);
  const token = await login(api);
  const sockets: LiveClient[] = [];
  const unexpected: string[] = [];
  let wsAcks = 0;
  let restAcks = 0;
  let stopped = false;
  let reached!: () => void;
  const enough = new Promise<void>((resolve) => (reached = resolve));
  const ack = (nonce: string, kind: 'ws' | 'rest') => {
    if (acknowledged.has(nonce)) return;
    acknowledged.set(nonce, sent.get(nonce)!);
    if (kind === 'ws') wsAcks++;
    else restAcks++;
    if (wsAcks >= minAcks.ws && restAcks >= minAcks.rest) reached();
  };
  const connect = async () => {
    const live = await LiveClient.authed(srv.url, token);
    sockets.push(live);
    live.socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as Frame;
      if (frame.type === 'message' && sent.has(frame.data.nonce)) {
        ack(frame.data.nonce, frame.data.nonce.startsWith('ws-') ? 'ws' : 'rest');
      } else if (frame.type === 'error') unexpected.push(JSON.stringify(frame));
    });
    return live;
  };

  // A connection may send 300 frames per 10 s, so each sends at most WS_PER_CONNECTION and then a
  // new one takes over (the earlier ones stay open and keep receiving).
  const overWebSocket = async () => {
    for (let n = 0; !stopped; n++) {
      let live: LiveClient;
      try {
        live = await connect();
      } catch {
        return; // the server is gone
      }
      for (let i = 0; i < WS_PER_CONNECTION; i++) {
        if (stopped || live.closed) return;
        const nonce = `ws-${run}-${n}-${i}`;
        const content = `websocket message ${i} on connection ${n} of run ${run}`;
        sent.set(nonce, content);
        live.send({ type: 'message', channel_id: channelId, content, nonce });
        if (i < WS_WINDOW) continue;
        const oldest = `ws-${run}-${n}-${i - WS_WINDOW}`;
        try {
          await live.waitFor((f) => (f.type === 'message' || f.type === 'error') && f.data?.nonce === oldest, WAIT_MS);
        } catch {
          return; // the server is gone
        }
      }
    }
  };
  const overRest = async (sender: number) => {
    for (let i = 0; !stopped; i++) {
      const nonce = `rest-${run}-${sender}-${i}`;
      const content = `rest message ${i} from sender ${sender} of run ${run}`;
      sent.set(nonce, content);
      let status: number;
      try {
        status = (await api.post('/message', { channel_id: channelId, content, nonce }, token)).status;
      } catch {
        return; // the server is gone
      }
      if (status === 201) ack(nonce, 'rest');
      else unexpected.push(`POST answered ${status}`);
    }
  };

  const senders = [overWebSocket(), ...Array.from({ length: REST_SENDERS }, (_, i) => overRest(i))];
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`only ${wsAcks} + ${restAcks} sends acknowledged; ${unexpected.slice(0, 3).join('; ')}`)),
      WAIT_MS,
    );
  });
  try {
    await Promise.race([enough, timedOut]);
  } finally {
    clearTimeout(timer);
    // Killed while the senders are still going: some sends are in flight and never answered.
    await srv.kill();
    stopped = true;
    await Promise.all(senders);
    for (const live of sockets) live.socket.terminate();
  }
  expect(unexpected).toEqual([]);
  return { wsAcks, restAcks, unanswered: [...sent.keys()].filter((n) => !acknowledged.has(n)).length };
}

/** The whole channel, oldest first, read a page of 100 at a time from the newest backwards. */
async function wholeHistory(api: Api, token: string) {
  const all: { id: number; content: string; nonce: string | null }[] = [];
  let before: number | undefined;
  for (;;) {
    const res = await api.get(
      `/message?channel_id=${channelId}&limit=100${before === undefined ? '' : `&before=${before}`}`,
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    all.unshift(...res.body);
    if (res.body.length < 100) return all;
    before = res.body[0].id;
  }
}

async function expectEveryAcknowledgedMessageOnce() {
  const api = new Api(server!.url);
  const history = await wholeHistory(api, await login(api));
  for (let i = 1; i < history.length; i++) expect(history[i]!.id).toBeGreaterThan(history[i - 1]!.id);
  const counts = new Map<string, number>();
  for (const m of history) {
    expect(m.nonce, `message ${m.id} is one the test sent`).not.toBeNull();
    expect(sent.get(m.nonce!), `content of ${m.nonce}`).toBe(m.content);
    counts.set(m.nonce!, (counts.get(m.nonce!) ?? 0) + 1);
  }
  expect(
    [...counts].filter(([, n]) => n > 1),
    'stored more than once',
  ).toEqual([]);
  const missing = [...acknowledged.keys()].filter((nonce) => !counts.has(nonce));
  expect(missing, 'acknowledged but not stored').toEqual([]);
  return history.length;
}

/** After a SIGKILL the postmaster is still running; returns its pid. */
async function expectOrphanedPostmaster(): Promise<number> {
  const pid = await postmasterPid();
  expect(pid).not.toBeNull();
  expect(isAlive(pid!), `postmaster ${pid} outlived the server`).toBe(true);
  expect(await postgresProcesses(dataDir)).toContain(pid);
  expect(await readFile(`/proc/${pid}/cmdline`, 'utf8')).toContain(path.join(dataDir, 'pg'));
  return pid!;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hearth-crash-'));
  // No DATABASE_URL and no REDIS_URL: the embedded PostgreSQL and the in-process event bus.
  env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), RATE_LIMIT_SCALE: '100', WEB_DIST: '' };
  await start();
  const api = new Api(server!.url);
  username = uniqueName('crash');
  const { token } = await api.register(username);
  const channels = await api.get('/channel/', token);
  channelId = channels.body.find((c: { name: string }) => c.name === 'general').id;
});

// A failure is easier to read with what the server said.
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => console.error(`--- output of the server ---\n${server?.output().slice(-4_000)}`));
});

afterAll(async () => {
  decoy?.kill('SIGKILL');
  await stopAllServerProcesses();
  if (!dataDir) return;
  // Whatever happened above, leave no PostgreSQL of this folder running.
  for (const signal of ['SIGINT', 'SIGKILL'] as const) {
    const pids = await postgresProcesses(dataDir);
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, signal);
    for (let i = 0; i < 100 && pids.some(isAlive); i++) await new Promise((r) => setTimeout(r, 50));
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('a server killed while messages are sent', { timeout: 60_000 }, () => {
  it('keeps every acknowledged message after a restart', async () => {
    const run = await sendThenKill('a', { ws: 150, rest: 250 });
    expect(run.wsAcks + run.restAcks).toBeGreaterThanOrEqual(400);
    const orphan = await expectOrphanedPostmaster();

    await start();
    expect(isAlive(orphan)).toBe(false);
    const stored = await expectEveryAcknowledgedMessageOnce();
    expect(stored).toBeGreaterThanOrEqual(acknowledged.size);
    expect(stored).toBeLessThanOrEqual(sent.size);
  });

  it('recovers the same way a second time', async () => {
    const run = await sendThenKill('b', { ws: 50, rest: 100 });
    expect(run.wsAcks + run.restAcks).toBeGreaterThanOrEqual(150);
    const orphan = await expectOrphanedPostmaster();

    await start();
    expect(isAlive(orphan)).toBe(false);
    expect(await postmasterPid()).not.toBe(orphan);
    await expectEveryAcknowledgedMessageOnce();
  });

  it('leaves alone another process named in a stale pid file', async () => {
    // A clean stop, then a pid file left behind whose pid now belongs to some other process with
    // "postgres" in its command line (after a reboot pids are handed out again).
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const lines = (await readFile(pidFile, 'utf8')).split('\n');
    await server!.stop();
    expect(await postgresProcesses(dataDir)).toEqual([]);
    decoy = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)', 'postgres'], { stdio: 'ignore' });
    await new Promise((resolve) => decoy!.once('spawn', resolve));
    await writeFile(pidFile, [String(decoy.pid), ...lines.slice(1)].join('\n'));

    await start();
    expect(decoy.signalCode, 'the other process was left running').toBeNull();
    expect(isAlive(decoy.pid!)).toBe(true);
    expect(await postmasterPid()).not.toBe(decoy.pid);
    await expectEveryAcknowledgedMessageOnce();
  });

  it('stops cleanly and leaves no PostgreSQL running', async () => {
    const pid = await postmasterPid();
    expect(pid !== null && isAlive(pid)).toBe(true);
    await server!.stop();
    expect(isAlive(pid!)).toBe(false);
    expect(await postgresProcesses(dataDir)).toEqual([]);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    await rm(dataDir, { recursive: true, force: true });
    expect(existsSync(dataDir)).toBe(false);
  });
});
