/** The history benchmark's table and budget line, printed as Markdown like the other benchmarks. */
import type { CpuUse } from './cpu.js';
import type { Timed } from './timing.js';
import type { LoadResult } from '../fanout/load.js';

/** What one run of the benchmark was asked to do. */
export interface Params {
  messages: number;
  requests: number;
  clients: number;
  seconds: number;
  /** Messages per second sent over live connections while the readers page, after ANALYZE (0: not measured). */
  sendRate: number;
}

/** Single-client p99 for a page of 30 messages. */
export const BUDGET_P99_MS = 5;
/** More CPU than this (% of one core) used by other processes makes a measurement unreliable. */
const BUSY_MACHINE_PCT = 20;

export interface Phase {
  name: string;
  /** GET /api/auth/me with one client: what any signed-in request costs. */
  floor: Timed;
  single: Timed;
  many: Timed;
  cpu: { single: CpuUse; many: CpuUse };
  /** The same concurrent readers while messages are sent (the analysed phase only). */
  withMessages?: WithMessages;
}

export interface WithMessages {
  pages: Timed;
  /** The messages sent meanwhile, delivered to the senders' own live connections. */
  messages: LoadResult;
  senders: number;
  cpu: CpuUse;
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');
const latencies = (t: Timed) =>
  `${ms(t.latencyMs.p50)} / ${ms(t.latencyMs.p95)} / ${ms(t.latencyMs.p99)} / ${ms(t.latencyMs.max)}`;
const pct = (v: number | undefined) => (v === undefined ? 'n/a' : `${v.toFixed(0)}%`);

export function report(p: Params, phases: Phase[], env: { machine: string; loadAverage: number }): void {
  const log = (line = '') => console.log(line);
  const rows: [string, (ph: Phase) => string][] = [
    [`1 client: p50 / p95 / p99 / max (ms)`, (ph) => latencies(ph.single)],
    [`1 client: pages/s`, (ph) => ph.single.perSecond.toFixed(0)],
    [`${p.clients} clients: pages/s`, (ph) => ph.many.perSecond.toFixed(0)],
    [`${p.clients} clients: p50 / p95 / p99 / max (ms)`, (ph) => latencies(ph.many)],
    ['Floor, GET /api/auth/me, 1 client: p50 / p95 / p99 / max (ms)', (ph) => latencies(ph.floor)],
    ['Errors (1 client / concurrent)', (ph) => `${ph.single.errors + ph.floor.errors} / ${ph.many.errors}`],
  ];
  log();
  log(`Message history: ${p.messages} messages in one channel, random pages of 30 before an id over HTTP`);
  log(`Machine: ${env.machine}; load average ${env.loadAverage.toFixed(2)} at the end`);
  log(`(1 client: ${p.requests} requests; ${p.clients} clients: ${p.seconds} s)`);
  log();
  log(`| | ${phases.map((ph) => ph.name).join(' | ')} |`);
  log(`|---|${phases.map(() => '---:').join('|')}|`);
  for (const [label, cell] of rows) log(`| ${label} | ${phases.map(cell).join(' | ')} |`);
  log();
  const cpuLine = (c: CpuUse) =>
    `server ${pct(c.server)}, postgres ${pct(c.postgres)}, benchmark ${pct(c.client)}, other processes ${pct(c.other)}`;
  for (const ph of phases) if (ph.withMessages) reportWithMessages(p, ph.name, ph.withMessages, log);
  log('CPU in % of one core:');
  for (const ph of phases) {
    log(`  ${ph.name}, 1 client: ${cpuLine(ph.cpu.single)}`);
    log(`  ${ph.name}, ${p.clients} clients: ${cpuLine(ph.cpu.many)}`);
    if (ph.withMessages)
      log(`  ${ph.name}, ${p.clients} clients while ${p.sendRate} msg/s are sent: ${cpuLine(ph.withMessages.cpu)}`);
    for (const t of [ph.floor, ph.single, ph.many, ...(ph.withMessages ? [ph.withMessages.pages] : [])])
      if (t.firstError) log(`  first error: ${t.firstError}`);
  }
  const busiest = Math.max(
    ...phases.flatMap((ph) => [ph.cpu.single.other, ph.cpu.many.other, ph.withMessages?.cpu.other ?? 0]),
  );
  if (busiest > BUSY_MACHINE_PCT)
    log(`WARNING: other work used up to ${busiest.toFixed(0)}% CPU during a measurement; rerun on a quiet machine.`);
  log();
  log(
    'Parameters: --messages --requests --clients --seconds --send-rate (or HISTORY_MESSAGES, HISTORY_REQUESTS, ...).',
  );
  log('Latency: from sending the request to the last byte of the answer, over keep-alive connections.');
  log('Floor: GET /api/auth/me checks the token and its device, as every signed-in request does, and no more.');
  log();
  for (const ph of phases) {
    const p99 = ph.single.latencyMs.p99;
    const met = p99 <= BUDGET_P99_MS && ph.single.errors === 0;
    log(`Budget 1-client p99 <= ${BUDGET_P99_MS} ms, ${ph.name}: ${met ? 'met' : 'MISSED'} (${ms(p99)} ms)`);
  }
}

function reportWithMessages(p: Params, phase: string, w: WithMessages, log: (line?: string) => void): void {
  const m = w.messages;
  log(
    `${p.clients} clients paging while ${w.senders} live connections send ${p.sendRate} msg/s in all to the same channel:`,
  );
  log();
  log(`| ${p.clients} clients while ${p.sendRate} msg/s are sent | ${phase} |`);
  log('|---|---:|');
  log(`| pages/s | ${w.pages.perSecond.toFixed(0)} |`);
  log(`| page p50 / p95 / p99 / max (ms) | ${latencies(w.pages)} |`);
  log(`| page errors | ${w.pages.errors} |`);
  log(`| messages sent / delivered to the senders / missing | ${m.sent} / ${m.received} / ${m.missing} |`);
  log(`| message delivery p50 / p99 (ms) | ${ms(m.latencyMs.p50)} / ${ms(m.latencyMs.p99)} |`);
  log();
}
