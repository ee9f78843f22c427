/**
 * Starts the Hearth server as a child process from the repository root, for tests, end-to-end tests
 * and benchmarks: from its sources through tsx (`node --import tsx apps/server/src/main.ts`) unless
 * asked for the compiled server that `npm start` runs (`node apps/server/dist/main.js`).
 * Imported as `@hearth/server/testing`; the server itself never uses it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../net/free-port.js';

/** The repository root: servers are started from there. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = 'apps/server/src/main.ts';
const COMPILED_MAIN = 'apps/server/dist/main.js';
const READY_LINE = 'Hearth is running on';
const MAX_OUTPUT = 200_000;

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
  'LIVE_MAX_CONNECTIONS_PER_USER',
  'LIVE_MAX_CONNECTIONS_PER_ADDRESS',
  'HTTP_MAX_CONNECTIONS_PER_ADDRESS',
  'HTTP_HEADERS_TIMEOUT_MS',
  'HTTP_REQUEST_TIMEOUT_MS',
  'HTTP_KEEP_ALIVE_TIMEOUT_MS',
  'HTTP_IDLE_TIMEOUT_MS',
  'SHUTDOWN_GRACE_MS',
  'TRUST_PROXY',
  'LOG_REQUESTS',
  'LOG_LEVEL',
  'METRICS_TOKEN',
  'AUTO_INSTALL_COTURN',
  'VOICE_SEAT_TIMEOUT_MS',
  'STORAGE_BACKEND',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  // Set by npm for the directory a script was started in; the server must not depend on it.
  'INIT_CWD',
];

export interface ServerProcessOptions {
  /**
   * Server settings (DATABASE_URL, DATA_DIR, EMBEDDED_PG_PORT, REDIS_URL, WEB_DIST, ...); undefined
   * leaves a setting out. HOST defaults to 127.0.0.1, PORT to a free port.
   */
  env?: Record<string, string | undefined>;
  /** A name used in error messages, e.g. "node 1". */
  name?: string;
  /** How long to wait for the start-up line (default 60 s). */
  startTimeoutMs?: number;
  /** The directory the server runs in (default: the repository root). */
  cwd?: string;
  /** Once started, copy what the server writes to stderr to this process's stderr as `[name] ...` until stop()/kill(). */
  echoStderr?: boolean;
  /**
   * Run the compiled server (`npm run build` makes it) under plain node instead of the sources through
   * tsx. Default: HEARTH_TEST_SERVER=compiled in the environment. Sources are the default so a test
   * never runs a build older than the code it tests.
   */
  compiled?: boolean;
  /** Options for node itself before the script, e.g. `--cpu-prof` (which NODE_OPTIONS may not carry). */
  nodeArgs?: string[];
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
  /**
   * What the process wrote after `mark`, a value of writtenSoFar() taken earlier (within the last
   * 200 kB). A count of output() lines taken earlier is no mark: once the output is cut to its last
   * 200 kB, the same count points further on.
   */
  outputSince(mark: number): string;
  /** How many characters the process has written in all, as a mark for outputSince. */
  writtenSoFar(): number;
  /** Resolves when the process has exited. */
  readonly exited: Promise<ExitStatus>;
  /**
   * SIGINT (as Ctrl+C), then waits for the exit; SIGKILL after timeoutMs (default 20 s), which the
   * status's signal then shows. A killed server leaves its embedded PostgreSQL running.
   */
  stop(timeoutMs?: number): Promise<ExitStatus>;
  /** SIGKILL, then waits for the exit. Children of the server (such as an embedded PostgreSQL) are not killed. */
  kill(): Promise<ExitStatus>;
}

const running = new Set<ServerProcess>();
const children = new Set<ChildProcess>();

// Last resort if the process exits without stopping its servers: leave no server behind.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Starts the server and resolves once it reports that it is running (rejects if it exits or times out first). */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const name = options.name ?? `server :${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SERVER_ENV_KEYS) delete env[key];
  Object.assign(env, { HOST: '127.0.0.1' }, options.env, { PORT: String(port) });
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];

  const cwd = options.cwd ?? REPO_ROOT;
  const compiled = options.compiled ?? process.env.HEARTH_TEST_SERVER === 'compiled';
  if (compiled && !existsSync(path.join(cwd, COMPILED_MAIN)))
    throw new Error(`The server is not built (${COMPILED_MAIN} is missing): run \`npm run build\` first`);
  const args = compiled ? ['--enable-source-maps', COMPILED_MAIN] : ['--import', 'tsx', MAIN];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...args], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);

  let output = '';
  // Characters written in all, of which output holds the last output.length.
  let written = 0;
  let echo = false;
  const append = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    written += text.length;
    if (output.length > 2 * MAX_OUTPUT) output = output.slice(-MAX_OUTPUT);
  };
  // Both pipes are drained for the whole life of the process, so it never blocks on a full pipe.
  child.stdout.on('data', append);
  child.stderr.on('data', (chunk: Buffer) => {
    append(chunk);
    if (echo) process.stderr.write(`[${name}] ${chunk.toString('utf8')}`);
  });

  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      running.delete(handle);
      resolve({ code, signal });
    });
  });
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const kill = async () => {
    echo = false;
    if (isRunning()) child.kill('SIGKILL');
    return exited;
  };
  const stop = async (timeoutMs = 20_000) => {
    echo = false; // what it says while shutting down is expected
    if (isRunning()) child.kill('SIGINT');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
    const status = await Promise.race([exited, timeout]);
    clearTimeout(timer);
    return status ?? kill();
  };
  const handle: ServerProcess = {
    name,
    pid: child.pid!,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output.slice(-MAX_OUTPUT),
    outputSince: (mark) => output.slice(Math.max(0, output.length - (written - mark))),
    writtenSoFar: () => written,
    exited,
    stop,
    kill,
  };
  running.add(handle);

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
    // SIGINT first, so a server that got as far as starting its embedded PostgreSQL stops that too.
    const status = await stop(5_000);
    throw new Error(
      `${name} did not start (exit ${status.code ?? status.signal}); its output:\n${output.slice(-4_000)}`,
    );
  }
  echo = options.echoStderr ?? false;
  return handle;
}

/** Stops every server this module started that is still running (for afterAll, or on Ctrl+C). */
export async function stopAllServerProcesses(timeoutMs = 10_000): Promise<void> {
  await Promise.all([...running].map((server) => server.stop(timeoutMs)));
}

/** What a server said, line by line: the `msg` of each JSON log line, any other line as it is. */
export function logMessages(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      try {
        const parsed = JSON.parse(line) as { msg?: unknown };
        return typeof parsed.msg === 'string' ? parsed.msg : line;
      } catch {
        return line;
      }
    });
}
