/**
 * History page benchmark: `npm run bench:history [-- --messages 100000 --requests 2000 --clients 16 --seconds 10]`.
 *
 * Starts Hearth on a fresh embedded database, loads one channel with a large history straight
 * through SQL (load.ts), then times random "page before id" requests of 30 messages over HTTP with a
 * signed-in user's token: one client at a time, then several at once (timing.ts). It does so twice:
 * first on the freshly loaded table, which the planner has no statistics for (autovacuum is off for
 * it, so it stays that way), then after ANALYZE.
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
import { report, type Params, type Phase } from './report.js';
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
    },
  });
  return {
    messages: Math.round(positiveParam(values.messages, 'HISTORY_MESSAGES', 100_000)),
    requests: Math.round(positiveParam(values.requests, 'HISTORY_REQUESTS', 2_000)),
    clients: Math.round(positiveParam(values.clients, 'HISTORY_CLIENTS', 16)),
    seconds: positiveParam(values.seconds, 'HISTORY_SECONDS', 10),
  };
}

const log = (line: string) => console.log(line);

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
      env: { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) },
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
