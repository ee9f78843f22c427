/**
 * Live fan-out benchmark: `npm run bench:fanout [-- --clients 500 --senders 25 --rate 100 --seconds 20]`,
 * optionally with people typing meanwhile (`--typists 20 [--typing-every 8]`), or the typing budget
 * alone, on one server, window after window with and without them (`--typists 20 --typing-rounds 3`),
 * or Hearth on two nodes against one at the same load (`--nodes 2`, nodes.ts).
 *
 * Starts Hearth (embedded PostgreSQL, fresh data folder), connects N clients that all view #general
 * from a load client of several threads (load-pool.ts), has S of them send R messages/s in total for
 * T seconds, and measures deliveries, send->receive latency at every recipient, the server's CPU time
 * per delivery and its memory per connection. Then, on the same connections, it finds the ceiling
 * (ceiling.ts). It does the same on a bare `ws` broadcast server (bare-server.ts) and prints Hearth's
 * figures next to that baseline.
 */
import { cpus } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, REPO_ROOT } from '@hearth/server/testing';
import type { LoadResult } from './load.js';
import type { PoolOptions } from './load-pool.js';
import { startChild } from './proc.js';
import { heapUsedBytes, RATE_LIMIT_SCALE, registerUsers, runBenchmark, withCleanup, withHearth } from './hearth.js';
import { GC_ON_SIGNAL_ARGS, measureServer, type Memory, type ServerRun } from './measure-server.js';
import { CEILING_P99_MS, type CeilingParams } from './ceiling.js';
import { reportCeilings } from './ceiling-report.js';
import { measureNodes, reportNodes } from './nodes.js';
import { positiveParam } from '../params.js';
import { measureTypingRounds, reportTypingRounds } from './typing-rounds.js';

/** Hearth's p99 latency at most this multiple of the bare broadcast's, measured in the same run. */
const TARGET_P99_RATIO = 1.5;
/** Hearth delivers at least this share of what the bare broadcast delivers. */
const TARGET_THROUGHPUT_RATIO = 0.95;
/** More CPU than this used by other processes while sending makes a measurement unreliable. */
const BUSY_MACHINE_PCT = 20;
/** Load-client event-loop utilisation above which its own delays show up in the latencies. */
const SATURATED_ELU = 0.8;
/** Hearth's server CPU per delivered message at most this multiple of the bare broadcast's. */
const TARGET_CPU_RATIO = 1.2;
/** Hearth's ceiling at least this share of the bare broadcast's. */
const TARGET_CEILING_RATIO = 0.8;
/** Load-client threads: two hold 500 clients at 100 msg/s at about half a core each. */
const DEFAULT_WORKERS = 2;

interface Params {
  clients: number;
  senders: number;
  rate: number;
  seconds: number;
  /** Clients typing while the messages flow (0: none), each sending typing_start every `typingEvery` s. */
  typists: number;
  typingEvery: number;
  /** With typists: compare windows with and without them on one server instead (typing-rounds.ts). */
  typingRounds: number;
  /** Threads of the load client (load-pool.ts). */
  workers: number;
  /** Whether to find each server's ceiling after the comparison (ceiling.ts), and its window length and bisections. */
  ceiling: boolean;
  ceilingSeconds: number;
  ceilingBisections: number;
  /** The highest rate the ceiling search tries (0: clients × 20 msg/s). */
  ceilingMax: number;
  /** A folder for a CPU profile of each server process (node --cpu-prof), or none. */
  profileDir?: string;
  /** 2: instead of the comparison with bare ws, Hearth on two nodes against one (nodes.ts). */
  nodes: number;
}

/** A whole number of at least 0: the --flag, else the environment variable, else the default. */
function countParam(flag: string | undefined, env: string, fallback: number): number {
  const raw = flag ?? process.env[env];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${env} must be a whole number of at least 0`);
  return n;
}

function readParams(): Params {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string' },
      senders: { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
      typists: { type: 'string' },
      'typing-every': { type: 'string' },
      'typing-rounds': { type: 'string' },
      workers: { type: 'string' },
      ceiling: { type: 'string' },
      'ceiling-seconds': { type: 'string' },
      'ceiling-bisections': { type: 'string' },
      'ceiling-max': { type: 'string' },
      'profile-dir': { type: 'string' },
      nodes: { type: 'string' },
    },
  });
  const p = {
    clients: Math.round(positiveParam(values.clients, 'FANOUT_CLIENTS', 500)),
    senders: Math.round(positiveParam(values.senders, 'FANOUT_SENDERS', 25)),
    rate: positiveParam(values.rate, 'FANOUT_RATE', 100),
    seconds: positiveParam(values.seconds, 'FANOUT_SECONDS', 20),
    typists: countParam(values.typists, 'FANOUT_TYPISTS', 0),
    // As the web client: one typing_start per 8 s while the text keeps changing.
    typingEvery: positiveParam(values['typing-every'], 'FANOUT_TYPING_EVERY', 8),
    typingRounds: countParam(values['typing-rounds'], 'FANOUT_TYPING_ROUNDS', 0),
    workers: Math.round(positiveParam(values.workers, 'FANOUT_WORKERS', DEFAULT_WORKERS)),
    ceiling: countParam(values.ceiling, 'FANOUT_CEILING', 1) > 0,
    ceilingSeconds: positiveParam(values['ceiling-seconds'], 'FANOUT_CEILING_SECONDS', 5),
    ceilingBisections: countParam(values['ceiling-bisections'], 'FANOUT_CEILING_BISECTIONS', 3),
    ceilingMax: countParam(values['ceiling-max'], 'FANOUT_CEILING_MAX', 0),
    profileDir: values['profile-dir'] ?? (process.env.FANOUT_PROFILE_DIR || undefined),
    nodes: Math.round(positiveParam(values.nodes, 'FANOUT_NODES', 1)),
  };
  if (p.nodes > 2) throw new Error('--nodes: 1, or 2 for two nodes against one');
  if (p.typingRounds > 0 && p.typists === 0) throw new Error('--typing-rounds needs --typists');
  if (p.senders > p.clients) throw new Error('--senders cannot exceed --clients');
  if (p.typists > p.clients) throw new Error('--typists cannot exceed --clients');
  // The gateway closes a connection sending more than 300 frames per 10 s.
  if (p.rate / p.senders > 25) throw new Error('more than 25 messages/s per sender: add senders');
  return p;
}

const log = (line: string) => console.log(line);

/** What the load pool is given: the parameters, with the typing interval in ms. */
const poolOptions = (p: Params, wsUrl: string, tokens: string[], channelId: number): PoolOptions => ({
  wsUrl,
  tokens,
  channelId,
  senders: p.senders,
  rate: p.rate,
  seconds: p.seconds,
  typists: p.typists,
  typingEveryMs: p.typingEvery * 1000,
});

const ceilingParams = (p: Params): CeilingParams | null =>
  p.ceiling && p.typists === 0
    ? {
        from: p.rate,
        seconds: p.ceilingSeconds,
        bisections: p.ceilingBisections,
        clients: p.clients,
        senders: p.senders,
        max: p.ceilingMax || undefined,
      }
    : null;

/**
 * node's options that write a CPU profile of the process into `<folder>/<name>` when it exits: one
 * file per thread (the server's main thread is the largest; tsx's loader thread writes one too).
 */
const profileArgs = (p: Params, name: string): string[] =>
  p.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(p.profileDir, name)}`] : [];

async function measureHearth(p: Params): Promise<ServerRun> {
  return withHearth(
    log,
    async (hearth) => {
      const users = await registerUsers(hearth.base, p.clients, 'fan', log);
      const tokens = users.map((u) => u.access_token);
      // Measured on a process that has not hashed the sign-ups, so its memory before is its own.
      const { server, base, wsUrl, general } = await hearth.restart();
      return measureServer(
        server.pid,
        poolOptions(p, wsUrl, tokens, general.id),
        p.workers,
        ceilingParams(p),
        log,
        () => heapUsedBytes(base),
      );
    },
    { nodeArgs: [...GC_ON_SIGNAL_ARGS, ...profileArgs(p, 'hearth')] },
  );
}

async function measureBare(p: Params): Promise<ServerRun> {
  log('bare ws: starting');
  const port = await freePort();
  const args = [...GC_ON_SIGNAL_ARGS, ...profileArgs(p, 'bare-ws'), '--import', 'tsx', 'bench/fanout/bare-server.ts'];
  const server = await startChild('bare ws server', args, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port) },
    ready: /listening/,
    timeoutMs: 30_000,
  });
  return withCleanup(
    () => server.stop(5_000),
    () => {
      const tokens = Array.from({ length: p.clients }, () => 'unused');
      return measureServer(
        server.proc.pid!,
        poolOptions(p, `ws://127.0.0.1:${port}`, tokens, 1),
        p.workers,
        ceilingParams(p),
        log,
      );
    },
  );
}

/* ---------- report ---------- */

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(2)}x` : 'n/a');
const errors = (r: LoadResult) =>
  `${r.sendErrors} / ${r.errorFrames} / ${r.unexpectedCloses} / ${r.missing} of ${r.expected}`;

const us = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');
const kib = (bytes: number, clients: number) => (Number.isFinite(bytes) ? (bytes / clients / 1024).toFixed(1) : 'n/a');
const mib = (bytes: number | undefined) =>
  bytes !== undefined && Number.isFinite(bytes) ? (bytes / 1024 / 1024).toFixed(1) : 'n/a';

function memoryRows(h: Memory, b: Memory): [string, string, string, string][] {
  const idle = (m: Memory) => m.idle - m.before;
  const active = (m: Memory) => m.active - m.before;
  return [
    ['server RSS before connecting (MiB)', mib(h.before), mib(b.before), ''],
    ['RSS per idle connection (KiB)', kib(idle(h), h.clients), kib(idle(b), b.clients), ratio(idle(h), idle(b))],
    [
      'RSS per active connection (KiB)',
      kib(active(h), h.clients),
      kib(active(b), b.clients),
      ratio(active(h), active(b)),
    ],
    [
      'JS heap per idle connection (KiB)',
      h.heapIdle !== undefined && h.heapBefore !== undefined ? kib(h.heapIdle - h.heapBefore, h.clients) : 'n/a',
      'n/a',
      '',
    ],
  ];
}

function report(p: Params, hearthRun: ServerRun, bareRun: ServerRun): void {
  const hearth = hearthRun.main;
  const bare = bareRun.main;
  const h = hearth.load;
  const b = bare.load;
  const rows: [string, string, string, string][] = [
    [
      'delivered msg/s',
      h.deliveredPerSec.toFixed(0),
      b.deliveredPerSec.toFixed(0),
      ratio(h.deliveredPerSec, b.deliveredPerSec),
    ],
    ['p50 latency (ms)', ms(h.latencyMs.p50), ms(b.latencyMs.p50), ratio(h.latencyMs.p50, b.latencyMs.p50)],
    ['p95 latency (ms)', ms(h.latencyMs.p95), ms(b.latencyMs.p95), ratio(h.latencyMs.p95, b.latencyMs.p95)],
    ['p99 latency (ms)', ms(h.latencyMs.p99), ms(b.latencyMs.p99), ratio(h.latencyMs.p99, b.latencyMs.p99)],
    ['max latency (ms)', ms(h.latencyMs.max), ms(b.latencyMs.max), ratio(h.latencyMs.max, b.latencyMs.max)],
    ['errors: send / error frames / closes / missing', errors(h), errors(b), ''],
    [
      'server CPU per delivery (µs)',
      us(hearth.serverUsPerDelivery),
      us(bare.serverUsPerDelivery),
      ratio(hearth.serverUsPerDelivery, bare.serverUsPerDelivery),
    ],
    ...memoryRows(hearthRun.memory, bareRun.memory),
  ];
  if (p.typists > 0)
    rows.push([
      'typing frames: sent / received',
      `${h.typingSent} / ${h.typingReceived}`,
      `${b.typingSent} / ${b.typingReceived}`,
      '',
    ]);
  const cpu = cpus();
  log('');
  log(`Live fan-out: ${p.clients} clients, ${p.senders} senders, ${p.rate} msg/s in total, ${p.seconds} s`);
  log(`Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`);
  log(
    `(${Math.round(p.rate * p.seconds)} messages, ${Math.round(p.rate * p.seconds) * p.clients} deliveries expected)`,
  );
  log(
    p.typists > 0
      ? `Typing: ${p.typists} clients each send typing_start every ${p.typingEvery} s, to the ${p.clients - 1} others`
      : 'Typing: none (--typists 0)',
  );
  log('');
  log('| | Hearth | bare ws | Hearth / bare |');
  log('|---|---:|---:|---:|');
  for (const r of rows) log(`| ${r.join(' | ')} |`);
  log('');
  const side = (name: string, m: ServerRun['main']) => {
    const { server, postgres, client, other, steal, cores } = m.cpu;
    const pct = (v: number | undefined) => (v === undefined ? 'n/a' : `${v.toFixed(0)}%`);
    log(
      `${name}: CPU while sending (100% = one of ${cores} cores): server ${pct(server)}, ` +
        `${postgres ? `postgres ${pct(postgres)}, ` : ''}load client ${pct(client)}, other processes ${pct(other)}, ` +
        `taken by the host (steal) ${pct(steal)}; ` +
        `load client event loop ${(m.load.clientElu * 100).toFixed(0)}% busy, sends at most ` +
        `${m.load.maxSendLagMs.toFixed(1)} ms behind schedule; ${m.load.meanFrameBytes.toFixed(0)} B per frame`,
    );
    for (const e of m.load.firstErrors) log(`  first errors: ${e.slice(0, 200)}`);
  };
  side('Hearth', hearth);
  side('bare ws', bare);
  const busiest = Math.max(hearth.cpu.other ?? 0, bare.cpu.other ?? 0);
  if (busiest > BUSY_MACHINE_PCT)
    log(`WARNING: other work used up to ${busiest.toFixed(0)}% CPU during a measurement; rerun on a quiet machine.`);
  const stolen = Math.max(hearth.cpu.steal ?? 0, bare.cpu.steal ?? 0);
  if (stolen > BUSY_MACHINE_PCT)
    log(`WARNING: the virtual machine's host took up to ${stolen.toFixed(0)}% of a core during a measurement (steal).`);
  if (Math.max(h.clientElu, b.clientElu) > SATURATED_ELU)
    log('WARNING: the load client was nearly saturated, so the figures partly measure it rather than the servers.');
  log('');
  log('Parameters: --clients --senders --rate --seconds --typists --typing-every --typing-rounds --workers --ceiling');
  log(
    '--ceiling-seconds --ceiling-bisections --ceiling-max (or FANOUT_CLIENTS, FANOUT_SENDERS, FANOUT_RATE, FANOUT_SECONDS,',
  );
  log('FANOUT_TYPISTS, FANOUT_TYPING_EVERY, FANOUT_TYPING_ROUNDS, FANOUT_WORKERS, FANOUT_CEILING, ...).');
  log('Latencies are those of the messages alone.');
  log(`The load client holds the connections in ${p.workers} threads, each timing the deliveries to its own clients`);
  log('(send->receive, sender included); it finds the send time in the raw frame instead of parsing JSON.');
  log("Server CPU per delivery: the server process's own CPU time from the first send to the last delivery,");
  log("divided by the message frames delivered. Memory: the server's RSS before the clients connect, 3 s after");
  log('(idle), each after a full garbage collection, and at its peak while sending (active), per client;');
  log('Hearth is started again after the sign-ups, so the memory their hashing took is not counted.');
  log(`Hearth ran with RATE_LIMIT_SCALE=${RATE_LIMIT_SCALE} so the sign-ups and message rate are not throttled.`);

  const p99ok = h.latencyMs.p99 <= TARGET_P99_RATIO * b.latencyMs.p99;
  const tputOk = h.deliveredPerSec >= TARGET_THROUGHPUT_RATIO * b.deliveredPerSec;
  log('');
  log(
    `Target p99 <= ${TARGET_P99_RATIO} x bare ws: ${p99ok ? 'met' : 'MISSED'} (${ms(h.latencyMs.p99)} ms, ${ratio(h.latencyMs.p99, b.latencyMs.p99)})`,
  );
  log(
    `Target throughput >= ${TARGET_THROUGHPUT_RATIO} x bare ws: ${tputOk ? 'met' : 'MISSED'} (${ratio(h.deliveredPerSec, b.deliveredPerSec)})`,
  );
  const cpuOk = hearth.serverUsPerDelivery <= TARGET_CPU_RATIO * bare.serverUsPerDelivery;
  log(
    `Target server CPU per delivery <= ${TARGET_CPU_RATIO} x bare ws: ${cpuOk ? 'met' : 'MISSED'} (${us(hearth.serverUsPerDelivery)} µs, ${ratio(hearth.serverUsPerDelivery, bare.serverUsPerDelivery)})`,
  );
  if (hearthRun.ceiling && bareRun.ceiling)
    reportCeilings(hearthRun.ceiling, bareRun.ceiling, { p99Ms: CEILING_P99_MS, ratio: TARGET_CEILING_RATIO }, log);
}

await runBenchmark(async () => {
  const p = readParams();
  if (p.typingRounds > 0) {
    const rounds = { ...p, rounds: p.typingRounds, typingEveryMs: p.typingEvery * 1000 };
    return reportTypingRounds(rounds, await measureTypingRounds(rounds, log), log);
  }
  if (p.nodes === 2) return reportNodes(p, await measureNodes(p, log), log);
  const hearth = await measureHearth(p);
  const bare = await measureBare(p);
  report(p, hearth, bare);
});
