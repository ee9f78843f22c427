/**
 * Search benchmark: `npm run bench:search [-- --messages 1000000 --channels 100 --requests 300]`.
 *
 * Starts Hearth on a fresh embedded database, bulk-loads the messages over the channels straight
 * through SQL (the full-text index dropped for the load and built after it, both timed; then ANALYZE),
 * and times searches over HTTP with a signed-in user's token, one after another: a plain word, a
 * quoted phrase, and a word with a filter (from: or in:). Each is a page of 25 with its total.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AuthAnswer, Channel, SearchAnswer } from '@hearth/protocol';
import { connectSql, embeddedDatabaseUrl, freePort, startServerProcess } from '@hearth/server/testing';
import { stopStalePostgres } from '../fanout/proc.js';
import { withCpu } from '../history/cpu.js';
import { sequential, type Target, type Timed } from '../history/timing.js';
import { positiveParam } from '../params.js';
import { runMain } from '../shared/run-main.js';
import { loadMessages } from './load.js';
import { QUERY_KINDS, queries, samplePhrases, searchPath, type QueryKind } from './queries.js';
import { report, type Params } from './report.js';

const WARM_UP_REQUESTS = 50;
/** Authors of the loaded messages. */
const AUTHORS = 20;

function readParams(): Params {
  const { values } = parseArgs({
    options: { messages: { type: 'string' }, channels: { type: 'string' }, requests: { type: 'string' } },
  });
  return {
    messages: Math.round(positiveParam(values.messages, 'SEARCH_MESSAGES', 1_000_000)),
    channels: Math.round(positiveParam(values.channels, 'SEARCH_CHANNELS', 100)),
    requests: Math.round(positiveParam(values.requests, 'SEARCH_REQUESTS', 300)),
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

/** Checks once that a search answers matches: a fast empty answer would mean nothing. */
async function checkSearch(base: string, token: string, q: string): Promise<void> {
  const res = await fetch(`${base}${searchPath(q)}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as SearchAnswer;
  if (!res.ok || body.total === 0 || body.messages.length === 0)
    throw new Error(`search ${q} found nothing: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
}

async function run(p: Params): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hearth-bench-search-'));
  const pgPort = await freePort();
  try {
    log('Hearth: starting (fresh data folder, embedded PostgreSQL)');
    const server = await startServerProcess({
      name: 'Hearth',
      // One person searching hundreds of times a minute: far over searchPerUser, which is not what is measured.
      env: { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), RATE_LIMIT_SCALE: '1000' },
      startTimeoutMs: 300_000,
      echoStderr: true,
    });
    const sql = await connectSql(embeddedDatabaseUrl(pgPort));
    try {
      const base = server.url;
      // The first account is ADMIN; searches are made by a plain USER, whose visible channels are worked out.
      await post<AuthAnswer>(`${base}/api/auth/register`, { username: 'search_admin', password: 'benchpass' });
      const reader = await post<AuthAnswer>(`${base}/api/auth/register`, {
        username: 'search_reader',
        password: 'benchpass',
      });
      const res = await fetch(`${base}/api/channel/`, { headers: { authorization: `Bearer ${reader.access_token}` } });
      const general = ((await res.json()) as Channel[]).find((c) => c.name === 'general');
      if (!general) throw new Error('no #general channel on the fresh instance');

      await sql.query('ALTER TABLE messages SET (autovacuum_enabled = false)');
      const loaded = await loadMessages(sql, general.group_id, { ...p, authors: AUTHORS });
      log(`  ${p.messages} messages loaded over ${p.channels} channels in ${(loaded.loadMs / 1000).toFixed(1)} s`);
      log(
        `  full-text index built in ${(loaded.indexMs / 1000).toFixed(1)} s, word-pairs index in ${(loaded.pairsIndexMs / 1000).toFixed(1)} s`,
      );
      const phrases = await samplePhrases(sql, loaded, 200, 4);
      const target: Target = {
        baseUrl: base,
        token: reader.access_token,
        channel: { channelId: general.id, firstId: loaded.firstId, lastId: loaded.lastId, ms: loaded.loadMs },
      };

      const timed = {} as Record<QueryKind, { timed: Timed; cpuOther: number }>;
      for (const [i, kind] of QUERY_KINDS.entries()) {
        const next = queries(kind, loaded, phrases, 10 + i);
        await checkSearch(base, reader.access_token, next());
        await sequential(target, WARM_UP_REQUESTS, () => searchPath(next()));
        const measuredQueries = queries(kind, loaded, phrases, 20 + i);
        const measured = await withCpu(server.pid, () =>
          sequential(target, p.requests, () => searchPath(measuredQueries())),
        );
        timed[kind] = { timed: measured.result, cpuOther: measured.cpu.other };
      }
      await sql.query('ALTER TABLE messages RESET (autovacuum_enabled)');

      const cpu = cpus();
      report(p, loaded, timed, {
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
