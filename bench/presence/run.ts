/**
 * Presence churn beside message fan-out:
 * `npm run bench:presence [-- --clients 500 --flips 20 --rate 100 --seconds 15 --rounds 6]`.
 *
 * Starts Hearth on a fresh data folder, connects N clients viewing #general once, and runs the
 * fan-out load (R messages/s sent by 25 of them) in 3 x K windows of T seconds on those same
 * connections, one of each kind per round, the order reversed every other round (A B C C B A ...) so
 * that drift over the run (a warming JIT, a growing heap, a busy neighbour) falls on every kind alike:
 * - messages alone;
 * - with F status changes per second in all (each connected user in turn switching between Busy and
 *   Online through PUT /user/presence), every one of them sent to all N clients;
 * - with F reads per second (GET /user/presence: the same request, authentication and a query, but
 *   nothing changes and nothing is sent), the control: what any F requests a second cost the messages.
 * The requests come from a process of their own, so they never delay the load client's timing. The
 * budget: the message p99 of all deliveries with churn, pooled, within 10 % of the p99 of all
 * deliveries without it.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '@hearth/server/testing';
import { cpuWindow, startChild, type CpuShare } from '../fanout/proc.js';
import { parseArgs } from 'node:util';
import { openLoad, percentile, type LoadResult } from '../fanout/load.js';
import { RATE_LIMIT_SCALE, registerUsers, runBenchmark, withHearth } from '../fanout/hearth.js';
import { positiveParam } from '../params.js';

/** Spec budget: presence churn delays message delivery by at most 10 % at p99. */
const BUDGET = 1.1;

interface Params {
  clients: number;
  flips: number;
  rate: number;
  seconds: number;
  rounds: number;
}

function readParams(): Params {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string' },
      flips: { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
      rounds: { type: 'string' },
    },
  });
  return {
    clients: Math.round(positiveParam(values.clients, 'PRESENCE_CLIENTS', 500)),
    flips: positiveParam(values.flips, 'PRESENCE_FLIPS', 20),
    rate: positiveParam(values.rate, 'PRESENCE_RATE', 100),
    seconds: positiveParam(values.seconds, 'PRESENCE_SECONDS', 15),
    rounds: Math.round(positiveParam(values.rounds, 'PRESENCE_ROUNDS', 6)),
  };
}

const log = (line: string) => console.log(line);
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');

type Kind = 'alone' | 'reads' | 'changes';
const KINDS: Kind[] = ['alone', 'changes', 'reads'];

/**
 * Starts the request process (bench/presence/churn.ts), idle until switched on; `toggle(kind)`
 * switches its changes or reads on or off; `stop` ends it and reads what it did.
 */
async function startChurn(base: string, tokens: string[], perSecond: number) {
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-churn-'));
  const tokensFile = path.join(dir, 'tokens.json');
  const resultFile = path.join(dir, 'result.json');
  await writeFile(tokensFile, JSON.stringify(tokens));
  const child = await startChild('churn', ['--import', 'tsx', 'bench/presence/churn.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      CHURN_BASE: base,
      CHURN_RATE: String(perSecond),
      CHURN_TOKENS_FILE: tokensFile,
      CHURN_RESULT_FILE: resultFile,
    },
    ready: /ready/,
    timeoutMs: 30_000,
  });
  return {
    toggle: (kind: Kind) => {
      if (kind !== 'alone') child.proc.kill(kind === 'changes' ? 'SIGUSR2' : 'SIGHUP');
    },
    stop: async (): Promise<Requests> => {
      await child.stop(5_000);
      const result = await readFile(resultFile, 'utf8').catch(() => '{"changes":0,"reads":0,"failed":-1}');
      await rm(dir, { recursive: true, force: true });
      return JSON.parse(result) as Requests;
    },
  };
}

interface Requests {
  changes: number;
  reads: number;
  failed: number;
}

interface Measured {
  windows: { kind: Kind; result: LoadResult; cpu: CpuShare }[];
  requests: Requests;
}

const label = (kind: Kind, p: Params) =>
  kind === 'alone' ? 'messages alone' : `with ${p.flips} status ${kind === 'changes' ? 'changes' : 'reads'}/s`;

async function run(p: Params): Promise<Measured> {
  return withHearth(log, async ({ server, base, wsUrl, general }) => {
    const users = await registerUsers(base, p.clients, 'pr', log);
    const tokens = users.map((u) => u.access_token);
    const cpu = cpuWindow(server.pid);
    const clients = await openLoad(
      { wsUrl, tokens, channelId: general.id, senders: 25, rate: p.rate, seconds: p.seconds },
      log,
    );
    const churn = await startChurn(base, tokens, p.flips);
    const windows: Measured['windows'] = [];
    try {
      // A warm-up window, not counted: the first messages of a fresh server meet a cold JIT and caches.
      log(`Warm-up: ${p.rate} msg/s, ${p.seconds} s`);
      await clients.measure();
      for (let i = 0; i < p.rounds; i++) {
        for (const kind of i % 2 === 0 ? KINDS : [...KINDS].reverse()) {
          log(`Window ${windows.length + 1}/${KINDS.length * p.rounds}: ${label(kind, p)}`);
          let share: CpuShare = { client: NaN, cores: 0 };
          const result = await clients.measure({
            onSendWindow: (phase) => {
              // The requests run exactly while the window sends: switched on at its start, off at its end.
              churn.toggle(kind);
              if (phase === 'start') cpu.start();
              else share = cpu.end();
            },
          });
          windows.push({ kind, result, cpu: share });
        }
      }
    } finally {
      await clients.close();
    }
    return { windows, requests: await churn.stop() };
  });
}

/** All deliveries of these windows together, ascending. */
function pooled(results: LoadResult[]): Float64Array {
  const all = new Float64Array(results.reduce((n, r) => n + r.latencies.length, 0));
  let at = 0;
  for (const r of results) {
    all.set(r.latencies, at);
    at += r.latencies.length;
  }
  return all.sort();
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function report(p: Params, r: Measured): void {
  const cpu = cpus();
  const pct = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? 'n/a' : v.toFixed(0));
  const row = (name: string, x: LoadResult, c: CpuShare) =>
    `| ${name} | ${x.deliveredPerSec.toFixed(0)} | ${ms(x.latencyMs.p50)} | ${ms(x.latencyMs.p95)} | ${ms(x.latencyMs.p99)} | ${ms(x.latencyMs.max)} | ${x.missing} | ${pct(c.server)} | ${pct(c.postgres)} | ${pct(c.client)} |`;
  log('');
  log(`Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`);
  log('CPU in % of one core while sending: Hearth, its PostgreSQL, the load client.');
  log('');
  log('| Window | deliveries/s | p50 ms | p95 ms | p99 ms | max ms | missing | Hearth % | PG % | client % |');
  log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  r.windows.forEach((w, i) => log(row(`${i + 1}: ${label(w.kind, p)}`, w.result, w.cpu)));
  for (const w of r.windows) for (const e of w.result.firstErrors) log(`  first errors: ${e.slice(0, 200)}`);
  const of = (kind: Kind) => r.windows.filter((w) => w.kind === kind).map((w) => w.result);
  const all = Object.fromEntries(KINDS.map((k) => [k, pooled(of(k))])) as Record<Kind, Float64Array>;
  log('');
  log('| Pooled | deliveries | p50 ms | p95 ms | p99 ms | median of window p99s ms |');
  log('|---|---:|---:|---:|---:|---:|');
  for (const kind of KINDS) {
    const xs = all[kind];
    log(
      `| ${label(kind, p)} | ${xs.length} | ${ms(percentile(xs, 0.5))} | ${ms(percentile(xs, 0.95))} | ${ms(percentile(xs, 0.99))} | ${ms(median(of(kind).map((w) => w.latencyMs.p99)))} |`,
    );
  }
  log('');
  log(
    `Requests made: ${r.requests.changes} status changes, each sent to every client sharing #general's group; ${r.requests.reads} reads; ${r.requests.failed} failed.`,
  );
  log(
    `Hearth ran with RATE_LIMIT_SCALE=${RATE_LIMIT_SCALE}. Parameters: --clients --flips --rate --seconds (per window) --rounds.`,
  );
  const p99 = (kind: Kind) => percentile(all[kind], 0.99);
  log(
    `Control: message p99 with ${p.flips} reads/s against alone: ${(p99('reads') / p99('alone')).toFixed(2)}x (${ms(p99('reads'))} ms against ${ms(p99('alone'))} ms)`,
  );
  const ratio = p99('changes') / p99('alone');
  const missing = r.windows.reduce((n, w) => n + w.result.missing, 0);
  const ok = ratio <= BUDGET && missing === 0 && r.requests.failed === 0;
  log(
    `Target: pooled message p99 with churn <= ${BUDGET} x without: ${ok ? 'met' : 'MISSED'} (${ms(p99('changes'))} ms against ${ms(p99('alone'))} ms, ${ratio.toFixed(2)}x${missing ? `, ${missing} deliveries missing` : ''})`,
  );
}

await runBenchmark(async () => {
  const p = readParams();
  report(p, await run(p));
});
