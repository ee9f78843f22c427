import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './ports.js';

/** The repository root: servers are started from there, as `npm start` would. */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = 'apps/server/src/main.ts';
const READY_LINE = 'Hearth is running on';

/** Settings the server reads from the environment; the parent's values are never passed through. */
const SERVER_ENV_KEYS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'EMBEDDED_PG_PORT',
  'REDIS_URL',
  'REDIS_PREFIX',
  'RATE_LIMIT_SCALE',
  'WEB_DIST',
  'ACCESS_TOKEN_TTL_SEC',
  'REFRESH_TOKEN_TTL_DAYS',
  'LIVE_IDLE_TIMEOUT_MS',
  'LIVE_MAX_BUFFERED_BYTES',
  'TRUST_PROXY',
  'LOG_REQUESTS',
];

export interface ServerOptions {
  /** Server settings (DATABASE_URL, DATA_DIR, EMBEDDED_PG_PORT, REDIS_URL, ...). PORT defaults to a free port. */
  env?: Record<string, string | undefined>;
  /** How long to wait for the start-up line. */
  startTimeoutMs?: number;
  /** A name used in error messages, e.g. "node 1". */
  name?: string;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A server running as its own process. */
export interface ServerProcess {
  readonly name: string;
  readonly pid: number;
  readonly port: number;
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** Everything the process wrote so far (the last 200 kB of stdout and stderr, interleaved). */
  output(): string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<ExitStatus>;
  /** SIGINT, then waits for the exit (SIGKILL after timeoutMs). */
  stop(timeoutMs?: number): Promise<ExitStatus>;
  /** SIGKILL, then waits for the exit. Children of the server (such as an embedded PostgreSQL) are not killed. */
  kill(): Promise<ExitStatus>;
}

const running = new Set<ChildProcess>();

// Last resort if the test worker exits without its afterAll: leave no server behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `node --import tsx apps/server/src/main.ts` and resolves once it reports that it is running. */
export async function startServer(options: ServerOptions = {}): Promise<ServerProcess> {
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const name = options.name ?? `server :${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SERVER_ENV_KEYS) delete env[key];
  Object.assign(env, { HOST: '127.0.0.1', WEB_DIST: '' }, options.env, { PORT: String(port) });
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];

  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);

  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > 400_000) output = output.slice(-200_000);
  };
  // Both pipes are drained for the whole life of the process, so it never blocks on a full pipe.
  child.stdout.on('data', append);
  child.stderr.on('data', append);

  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  const waitExit = async (timeoutMs: number): Promise<ExitStatus | null> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
    const status = await Promise.race([exited, timeout]);
    clearTimeout(timer);
    return status;
  };
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const kill = async () => {
    if (isRunning()) child.kill('SIGKILL');
    return exited;
  };
  const stop = async (timeoutMs = 20_000) => {
    if (isRunning()) child.kill('SIGINT');
    return (await waitExit(timeoutMs)) ?? kill();
  };

  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const ready = await new Promise<boolean>((resolve) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (seen.includes(READY_LINE)) done(true);
    };
    const timer = setTimeout(() => done(false), startTimeoutMs);
    const onExit = () => done(false);
    function done(ok: boolean) {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      resolve(ok);
    }
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
  if (!ready) {
    const status = await kill();
    throw new Error(
      `${name} did not start (exit ${status.code ?? status.signal}); its output:\n${output.slice(-4_000)}`,
    );
  }

  return {
    name,
    pid: child.pid!,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    stop,
    kill,
  };
}

/** Stops every server this file started that is still running (for afterAll). */
export async function stopAllServers(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGINT');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
}
