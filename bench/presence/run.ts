/**
 * Presence churn beside message fan-out: `npm run bench:presence [-- --clients 500 --flips 20 --rate 100 --seconds 30]`.
 *
 * Starts Hearth on a fresh data folder, connects N clients viewing #general, and runs the fan-out load
 * (R messages/s sent by 25 of them) three times: alone, with presence churn beside it (F status changes
 * per second in all, each connected user in turn switching between Busy and Online through
 * PUT /user/presence, made by a process of its own so it never delays the load client's timing), and
 * alone again. The
 * budget: the message p99 with churn within 10 % of the mean p99 of the two runs without it.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '@hearth/server/testing';
import { startChild } from '../fanout/proc.js';
import { parseArgs } from 'node:util';
import { runLoad, type LoadResult } from '../fanout/load.js';
import { RATE_LIMIT_SCALE, registerUsers, runBenchmark, withHearth } from '../fanout/hearth.js';
import { positiveParam } from '../params.js';

/** Spec budget: presence churn delays message delivery by at most 10 % at p99. */
const BUDGET = 1.1;

interface Params {
  clients: number;
  flips: number;
  rate: number;
  seconds: number;
}

function readParams(): Params {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string' },
      flips: { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
    },
  });
  return {
    clients: Math.round(positiveParam(values.clients, 'PRESENCE_CLIENTS', 500)),
    flips: positiveParam(values.flips, 'PRESENCE_FLIPS', 20),
    rate: positiveParam(values.rate, 'PRESENCE_RATE', 100),
    seconds: positiveParam(values.seconds, 'PRESENCE_SECONDS', 30),
  };
}

const log = (line: string) => console.log(line);
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');

/**
 * Starts the churn process (bench/presence/churn.ts), idle until `go`; `stop` ends it and reads what
 * it did.
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
    go: () => child.proc.kill('SIGUSR2'),
    stop: async () => {
      await child.stop(5_000);
      const result = JSON.parse(await readFile(resultFile, 'utf8').catch(() => '{"made":0,"failed":-1}')) as {
        made: number;
        failed: number;
      };
      await rm(dir, { recursive: true, force: true });
      return result;
    },
  };
}

async function run(p: Params) {
  return withHearth(log, async ({ base, wsUrl, general }) => {
    const users = await registerUsers(base, p.clients, 'pr', log);
    const tokens = users.map((u) => u.access_token);
    const load = () =>
      runLoad({ wsUrl, tokens, channelId: general.id, senders: 25, rate: p.rate, seconds: p.seconds }, log);
    log(`Messages alone: ${p.clients} clients, ${p.rate} msg/s, ${p.seconds} s`);
    const before = await load();
    log(`Messages with presence churn: ${p.flips} status changes/s`);
    // The churn runs while the clients are connected: it starts once the load has connected them.
    const churn = await startChurn(base, tokens, p.flips);
    const during = await runLoad(
      {
        wsUrl,
        tokens,
        channelId: general.id,
        senders: 25,
        rate: p.rate,
        seconds: p.seconds,
        onSendWindow: (phase) => {
          if (phase === 'start') churn.go();
        },
      },
      log,
    );
    const flips = await churn.stop();
    log(`Messages alone again`);
    const after = await load();
    return { before, during, after, flips };
  });
}

function report(
  p: Params,
  r: { before: LoadResult; during: LoadResult; after: LoadResult; flips: { made: number; failed: number } },
): void {
  const cpu = cpus();
  const row = (name: string, x: LoadResult) =>
    `| ${name} | ${x.deliveredPerSec.toFixed(0)} | ${ms(x.latencyMs.p50)} | ${ms(x.latencyMs.p95)} | ${ms(x.latencyMs.p99)} | ${ms(x.latencyMs.max)} | ${x.missing} |`;
  log('');
  log(`Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`);
  log('');
  log('| Run | deliveries/s | p50 ms | p95 ms | p99 ms | max ms | missing |');
  log('|---|---:|---:|---:|---:|---:|---:|');
  log(row('messages alone', r.before));
  log(row(`with ${p.flips} status changes/s`, r.during));
  log(row('messages alone again', r.after));
  for (const x of [r.before, r.during, r.after])
    for (const e of x.firstErrors) log(`  first errors: ${e.slice(0, 200)}`);
  log('');
  log(
    `Status changes made: ${r.flips.made} (${r.flips.failed} failed); each went to every client sharing #general's group.`,
  );
  log(`Hearth ran with RATE_LIMIT_SCALE=${RATE_LIMIT_SCALE}. Parameters: --clients --flips --rate --seconds.`);
  const baseline = (r.before.latencyMs.p99 + r.after.latencyMs.p99) / 2;
  const ratio = r.during.latencyMs.p99 / baseline;
  const ok = ratio <= BUDGET && r.during.missing === 0 && r.flips.failed === 0;
  log(
    `Target: message p99 with churn <= ${BUDGET} x without (mean of both runs): ${ok ? 'met' : 'MISSED'} (${ms(r.during.latencyMs.p99)} ms against ${ms(baseline)} ms, ${ratio.toFixed(2)}x)`,
  );
}

await runBenchmark(async () => {
  const p = readParams();
  report(p, await run(p));
});
