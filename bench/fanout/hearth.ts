import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuthAnswer, Channel } from '@hearth/protocol';
import {
  embeddedDatabaseUrl,
  freePort,
  startServerProcess,
  stopAllServerProcesses,
  type ServerProcess,
} from '@hearth/server/testing';
import { clock } from './load.js';
import { stopAllChildren, stopStalePostgres } from './proc.js';

/** Scales every rate limit: 500 sign-ups from one address and 100 messages/s would otherwise be refused. */
export const RATE_LIMIT_SCALE = 1000;
/** The /metrics token the benchmark's servers are started with. */
export const METRICS_TOKEN = 'bench-metrics';

/** The JS heap in use of a Hearth server (bytes), from its /metrics. */
export async function heapUsedBytes(base: string): Promise<number> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const m = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(await res.text());
  return m ? Number(m[1]) : NaN;
}

/** What every Hearth server of the benchmark runs with (beside its data folder and database). */
export const HEARTH_BENCH_ENV = {
  RATE_LIMIT_SCALE: String(RATE_LIMIT_SCALE),
  // Every benchmark client connects from this machine's address.
  LIVE_MAX_CONNECTIONS_PER_ADDRESS: '0',
  // So the benchmark can read the server's heap from /metrics.
  METRICS_TOKEN,
};

/** Concurrent sign-ups: each costs a 32 MiB scrypt hash, so more would only queue in the server. */
const REGISTER_CONCURRENCY = 4;

/** Cleanups still to run; Ctrl-C runs them too, newest first, so no server or PostgreSQL is left behind. */
export const cleanups: (() => Promise<void>)[] = [];

export async function withCleanup<T>(cleanup: () => Promise<void>, fn: () => Promise<T>): Promise<T> {
  cleanups.push(cleanup);
  try {
    return await fn();
  } finally {
    cleanups.splice(cleanups.indexOf(cleanup), 1);
    await cleanup();
  }
}

export async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface BenchHearth {
  server: ServerProcess;
  base: string;
  wsUrl: string;
  /** #general of the default group. */
  general: Channel;
  /** Its embedded PostgreSQL, for another node of a cluster. */
  databaseUrl: string;
  /**
   * Stops the server and starts it again on the same data (the accounts and tokens stay good), and
   * answers the new process's addresses. For memory readings: a process that has hashed hundreds of
   * sign-ups keeps the memory the hashing took (32 MiB each, four at a time) and hands it to the
   * connections, which then seem to cost nothing.
   */
  restart(): Promise<BenchHearth>;
}

/**
 * Runs `fn` with Hearth started as a child process on a fresh data folder with its embedded
 * PostgreSQL and an admin account (the first account) made; everything is removed afterwards.
 */
export async function withHearth<T>(
  log: (line: string) => void,
  fn: (hearth: BenchHearth) => Promise<T>,
  options: { nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hearth-bench-'));
  const removeDataDir = async () => {
    await stopStalePostgres(path.join(dataDir, 'pg')); // only needed if Hearth died without stopping it
    await rm(dataDir, { recursive: true, force: true });
  };
  return withCleanup(removeDataDir, async () => {
    log(`Hearth: starting (fresh data folder, embedded PostgreSQL, RATE_LIMIT_SCALE=${RATE_LIMIT_SCALE})`);
    const pgPort = await freePort();
    const start = () =>
      startServerProcess({
        name: 'Hearth',
        env: { ...HEARTH_BENCH_ENV, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), ...options.env },
        startTimeoutMs: 300_000,
        echoStderr: true,
        nodeArgs: options.nodeArgs,
      });
    let server: ServerProcess = await start();
    return withCleanup(
      async () => void (await server.stop()),
      async () => {
        // The first account becomes ADMIN; it only sets up, so every benchmark client is a plain USER.
        const admin = await post<AuthAnswer>(`${server.url}/api/auth/register`, {
          username: 'bench_admin',
          password: 'benchpass',
        });
        const res = await fetch(`${server.url}/api/channel/`, {
          headers: { authorization: `Bearer ${admin.access_token}` },
        });
        const channels = (await res.json()) as Channel[];
        const general = channels.find((c) => c.name === 'general' && c.channel_type === 'text');
        if (!general) throw new Error('no #general text channel on the fresh instance');
        const databaseUrl = embeddedDatabaseUrl(pgPort);
        const running = (): BenchHearth => ({
          server,
          base: server.url,
          wsUrl: `ws://127.0.0.1:${server.port}/ws`,
          general,
          databaseUrl,
          restart: async () => {
            await server.stop();
            log('Hearth: starting again on the same data');
            server = await start();
            return running();
          },
        });
        return fn(running());
      },
    );
  });
}

/** Registers `count` plain users named prefix0000, prefix0001, ...; answers their sign-ups in order. */
export async function registerUsers(
  base: string,
  count: number,
  prefix: string,
  log: (line: string) => void,
): Promise<AuthAnswer[]> {
  const t0 = clock();
  const answers = new Array<AuthAnswer>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: REGISTER_CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const username = `${prefix}${String(i).padStart(4, '0')}`;
        answers[i] = await post<AuthAnswer>(`${base}/api/auth/register`, { username, password: 'benchpass' });
      }
    }),
  );
  log(`  ${count} users registered in ${((clock() - t0) / 1000).toFixed(1)} s`);
  return answers;
}

/**
 * Runs a benchmark's main function; Ctrl-C (which reaches the process more than once: from the
 * terminal and relayed by tsx) stops the servers and runs the cleanups once, newest first.
 */
export async function runBenchmark(main: () => Promise<void>): Promise<void> {
  let interrupted = false;
  process.on('SIGINT', () => {
    if (interrupted) return;
    interrupted = true;
    void (async () => {
      await Promise.all([stopAllServerProcesses(5_000), stopAllChildren()]);
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
      process.exit(130);
    })();
  });
  try {
    await main();
  } catch (err) {
    // After Ctrl-C the failures are only the servers going away; the handler above exits.
    if (!interrupted) {
      console.error(err);
      process.exitCode = 1;
    }
  }
}
