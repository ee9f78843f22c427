/**
 * History page benchmark: `npm run bench:history [-- --messages 100000 --requests 2000 --clients 16 --seconds 10 --send-rate 100]`.
 *
 * Starts Hearth on a fresh embedded database, loads one channel with a large history straight
 * through SQL (load.ts), then times random "page before id" requests of 30 messages over HTTP with a
 * signed-in user's token: one client at a time, then several at once (timing.ts). It does so twice:
 * first on the freshly loaded table, which the planner has no statistics for (autovacuum is off for
 * it, so it stays that way), then after ANALYZE; after ANALYZE, the concurrent readers once more while
 * live connections send messages to the same channel (--send-rate, 100 msg/s).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AuthAnswer, Channel } from '@hearth/protocol';
import {
  connectSql,
  embeddedDatabaseUrl,
  freePort,
  startServerProcess,
  type ServerProcess,
} from '@hearth/server/testing';
import { stopStalePostgres } from '../fanout/proc.js';
import { withCpu } from './cpu.js';
import { hasStatistics, loadHistory } from './load.js';
import { report, type Params, type Phase, type WithMessages } from './report.js';
import { HEARTH_BENCH_ENV, registerUsers } from '../fanout/hearth.js';
import { openLoadPool } from '../fanout/load-pool.js';
import { AUTH_ME, checkPage, concurrent, randomPages, sequential, type Target } from './timing.js';
import { positiveParam } from '../params.js';
import { runMain } from '../shared/run-main.js';

const WARM_UP_REQUESTS = 200;
/** The same seeds in every run, so runs before and after a change ask for the same pages. */
const SEQUENTIAL_SEED = 1;
const CONCURRENT_SEED = 2;
const WARM_UP_SEED = 3;

function readParams(): Params {
  const { values } = parseArgs({
    options: {
      messages: { type: 'string' },
      requests: { type: 'string' },
      clients: { type: 'string' },
      seconds: { type: 'string' },
      'send-rate': { type: 'string' },
    },
  });
  return {
    messages: Math.round(positiveParam(values.messages, 'HISTORY_MESSAGES', 100_000)),
    requests: Math.round(positiveParam(values.requests, 'HISTORY_REQUESTS', 2_000)),
    clients: Math.round(positiveParam(values.clients, 'HISTORY_CLIENTS', 16)),
    seconds: positiveParam(values.seconds, 'HISTORY_SECONDS', 10),
    sendRate: countParam(values['send-rate'], 'HISTORY_SEND_RATE', 100),
  };
}

const log = (line: string) => console.log(line);

/** A whole number of at least 0: the --flag, else the environment variable, else the default. */
function countParam(flag: string | undefined, env: string, fallback: number): number {
  const raw = flag ?? process.env[env];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${env} must be a whole number of at least 0`);
  return n;
}

/** Messages per second per sending connection, well inside the gateway's 30 frames/s (pings included). */
const PER_SENDER_RATE = 20;
const LEAST_SENDERS = 5;

/**
 * The concurrent readers again, while live connections send `sendRate` messages/s to the channel being
 * read: every send writes a message row and its search index entries, and every delivery goes out on
 * the same event loop that answers the pages.
 */
async function measureWithMessages(server: ServerProcess, target: Target, p: Params): Promise<WithMessages> {
  const senders = Math.max(LEAST_SENDERS, Math.ceil(p.sendRate / PER_SENDER_RATE));
  const users = await registerUsers(target.baseUrl, senders, 'sender', log);
  const wsUrl = `ws://127.0.0.1:${server.port}/ws`;
  const load = { wsUrl, tokens: users.map((u) => u.access_token), channelId: target.channel.channelId };
  const clients = await openLoadPool({ ...load, senders, rate: p.sendRate, seconds: p.seconds }, 1, log);
  try {
    log(`  ${p.clients} clients paging while ${p.sendRate} msg/s are sent, for ${p.seconds} s`);
    const both = await withCpu(server.pid, () =>
      Promise.all([
        concurrent(target, p.clients, p.seconds, randomPages(target.channel, CONCURRENT_SEED)),
        clients.measure(),
      ]),
    );
    const [pages, messages] = both.result;
    return { pages, messages, senders, cpu: both.cpu };
  } finally {
    await clients.close();
  }
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Times one phase: the authentication floor, then pages with one client, then with several at once,
 * each with the CPU use around it.
 */
async function measurePhase(name: string, server: ServerProcess, target: Target, p: Params): Promise<Phase> {
  log(`${name}: warming up, then ${p.requests} pages one after another, then ${p.clients} clients for ${p.seconds} s`);
  await checkPage(target);
  await sequential(target, WARM_UP_REQUESTS, randomPages(target.channel, WARM_UP_SEED));
  await sequential(target, WARM_UP_REQUESTS, AUTH_ME);
  const floor = await sequential(target, p.requests, AUTH_ME);
  const single = await withCpu(server.pid, () =>
    sequential(target, p.requests, randomPages(target.channel, SEQUENTIAL_SEED)),
  );
  const many = await withCpu(server.pid, () =>
    concurrent(target, p.clients, p.seconds, randomPages(target.channel, CONCURRENT_SEED)),
  );
  return { name, floor, single: single.result, many: many.result, cpu: { single: single.cpu, many: many.cpu } };
}

async function run(p: Params): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hearth-bench-history-'));
  const pgPort = await freePort();
  try {
    log('Hearth: starting (fresh data folder, embedded PostgreSQL)');
    const server = await startServerProcess({
      name: 'Hearth',
      // The senders' sign-ups and messages are not throttled (as in bench:fanout).
      env: { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), ...HEARTH_BENCH_ENV },
      startTimeoutMs: 300_000,
      echoStderr: true,
    });
    const sql = await connectSql(embeddedDatabaseUrl(pgPort));
    try {
      const base = server.url;
      // The first account is ADMIN; pages are read by a plain USER, whose access check reads its permissions.
      const admin = await post<AuthAnswer>(`${base}/api/auth/register`, {
        username: 'history_admin',
        password: 'benchpass',
      });
      const reader = await post<AuthAnswer>(`${base}/api/auth/register`, {
        username: 'history_reader',
        password: 'benchpass',
      });
      const res = await fetch(`${base}/api/channel/`, { headers: { authorization: `Bearer ${reader.access_token}` } });
      const general = ((await res.json()) as Channel[]).find((c) => c.name === 'general' && c.channel_type === 'text');
      if (!general) throw new Error('no #general text channel on the fresh instance');

      // Autovacuum would analyse the table within a minute of the load, in the middle of the first phase.
      await sql.query('ALTER TABLE messages SET (autovacuum_enabled = false)');
      await sql.query('ALTER TABLE reactions SET (autovacuum_enabled = false)');
      await sql.query('ALTER TABLE attachments SET (autovacuum_enabled = false)');
      const channel = await loadHistory(sql, general.id, [admin.user.id, reader.user.id], p.messages);
      log(`  ${p.messages} messages loaded into #general in ${(channel.ms / 1000).toFixed(1)} s`);
      if (await hasStatistics(sql))
        throw new Error('the messages table already has statistics; the first phase would not be fresh');
      const target: Target = { baseUrl: base, token: reader.access_token, channel };

      const fresh = await measurePhase('Never analysed', server, target, p);
      await sql.query('ANALYZE messages, reactions, attachments');
      const analysed = await measurePhase('After ANALYZE', server, target, p);
      if (p.sendRate > 0) analysed.withMessages = await measureWithMessages(server, target, p);
      await sql.query('ALTER TABLE messages RESET (autovacuum_enabled)');
      await sql.query('ALTER TABLE reactions RESET (autovacuum_enabled)');
      await sql.query('ALTER TABLE attachments RESET (autovacuum_enabled)');

      const cpu = cpus();
      report(p, [fresh, analysed], {
        machine: `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`,
        loadAverage: loadavg()[0]!,
      });
    } finally {
      await sql.close();
      const status = await server.stop();
      if (status.signal === 'SIGKILL') await stopStalePostgres(path.join(dataDir, 'pg'));
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await runMain(() => run(readParams()));
