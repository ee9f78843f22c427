/**
 * A throwaway redis-server for tests: its own free port on 127.0.0.1, nothing kept on disk, stopped
 * at the end (and killed if this process exits first).
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { freePort } from '../net/free-port.js';
import { installOrExplain, which } from '../system/packages.js';

export interface ThrowawayRedis extends RunningRedis {
  /**
   * Starts a new redis-server on the same port after stop() (an outage ending): the same address for
   * the clients, and, as nothing was kept, an empty Redis.
   */
  startAgain(): Promise<ThrowawayRedis>;
}

const READY = /ready to accept connections/i;

/** redis-server from PATH, installed with apt-get when missing and possible. */
export function ensureRedisServer(): string {
  const found = which('redis-server');
  if (found) return found;
  const help =
    'The cluster tests need redis-server: install Redis (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) or set TEST_REDIS_URL.';
  installOrExplain(['redis-server'], 'for the cluster tests', help);
  const installed = which('redis-server');
  if (!installed) throw new Error(help);
  return installed;
}

/** Where and how a redis-server runs (startRedisServer). */
export interface RedisServerOptions {
  /** A given port (to start again where a stopped one was), else a free one. */
  port?: number;
  /** Its folder, and with `persist` its append-only file there; else the system's temporary folder. */
  dir?: string;
  /** Keep the data in `dir` across restarts (the append-only file); else nothing is kept. */
  persist?: boolean;
  /** A process group of its own, so a terminal's Ctrl-C reaches only whoever stops it (the cluster command). */
  detached?: boolean;
}

export interface RunningRedis {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** `port`: a given one (to start again where a stopped one was), else a free one. */
export async function startThrowawayRedis(port?: number): Promise<ThrowawayRedis> {
  const redis = await startRedisServer({ port });
  return { ...redis, startAgain: () => startThrowawayRedis(redis.port) };
}

/**
 * redis-server (installed when missing and possible) on 127.0.0.1, resolved once it accepts
 * connections, stopped by stop() with SIGTERM (it writes its append-only file first), and killed if
 * this process exits before.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RunningRedis> {
  const executable = ensureRedisServer();
  const port = options.port ?? (await freePort());
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', ''];
  args.push('--appendonly', options.persist ? 'yes' : 'no');
  args.push('--daemonize', 'no', '--dir', options.dir ?? tmpdir(), '--logfile', '');
  const child = spawn(executable, args, { detached: options.detached, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let timer: NodeJS.Timeout | undefined;
  const ready = await new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 15_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-10_000);
      if (READY.test(output)) resolve(true);
    });
    child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-10_000)));
    child.once('error', () => resolve(false));
    void exited.then(() => resolve(false));
  });
  clearTimeout(timer);
  const kill = () => child.kill('SIGKILL');
  if (!ready) {
    kill();
    throw new Error(`redis-server did not start on port ${port}: ${output.trim().split('\n').slice(-2).join(' ')}`);
  }
  process.on('exit', kill);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    stop: async () => {
      process.off('exit', kill);
      child.kill('SIGTERM');
      await exited;
    },
  };
}
