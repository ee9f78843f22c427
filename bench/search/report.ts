/** The search benchmark's table and budget lines, printed as Markdown like the other benchmarks. */
import type { Timed } from '../history/timing.js';
import type { Loaded } from './load.js';
import type { QueryKind } from './queries.js';

export interface Params {
  messages: number;
  channels: number;
  requests: number;
}

/** Single-client p99 of each kind of search (the budget). */
export const BUDGET_P99_MS = 50;
/** More CPU than this (% of one core) used by other processes makes a measurement unreliable. */
const BUSY_MACHINE_PCT = 20;

const LABELS: Record<QueryKind, string> = {
  word: 'Plain word',
  phrase: 'Quoted phrase',
  filtered: 'Word and from: or in:',
};

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export function report(
  p: Params,
  loaded: Loaded,
  timed: Record<QueryKind, { timed: Timed; cpuOther: number }>,
  env: { machine: string; loadAverage: number },
): void {
  const log = (line = '') => console.log(line);
  const kinds = Object.keys(timed) as QueryKind[];
  log();
  log(`Search: ${p.messages} messages over ${p.channels} channels, searched over HTTP by one client`);
  log(`Machine: ${env.machine}; load average ${env.loadAverage.toFixed(2)} at the end`);
  log(`(${p.requests} searches of each kind, pages of 25 with their total)`);
  log();
  log('| Search | p50 / p95 / p99 / max (ms) | searches/s | Errors |');
  log('|---|---:|---:|---:|');
  for (const kind of kinds) {
    const t = timed[kind].timed;
    const l = t.latencyMs;
    log(
      `| ${LABELS[kind]} | ${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)} / ${ms(l.max)} | ${t.perSecond.toFixed(0)} | ${t.errors} |`,
    );
  }
  log();
  log(`| Load | |`);
  log('|---|---:|');
  log(`| Bulk load without the indexes | ${(loaded.loadMs / 1000).toFixed(1)} s |`);
  log(`| Building the full-text index after it | ${(loaded.indexMs / 1000).toFixed(1)} s |`);
  log(`| Building the word-pairs index (phrases) | ${(loaded.pairsIndexMs / 1000).toFixed(1)} s |`);
  log(`| Table (with search_vector) | ${mb(loaded.tableBytes)} |`);
  log(`| Full-text index | ${mb(loaded.indexBytes)} |`);
  log(`| Word-pairs index | ${mb(loaded.pairsIndexBytes)} |`);
  log();
  for (const kind of kinds) if (timed[kind].timed.firstError) log(`first error: ${timed[kind].timed.firstError}`);
  const busiest = Math.max(...kinds.map((k) => timed[k].cpuOther));
  if (busiest > BUSY_MACHINE_PCT)
    log(`WARNING: other work used up to ${busiest.toFixed(0)}% CPU during a measurement; rerun on a quiet machine.`);
  log('Parameters: --messages --channels --requests (or SEARCH_MESSAGES, SEARCH_CHANNELS, SEARCH_REQUESTS).');
  log();
  for (const kind of kinds) {
    const t = timed[kind].timed;
    const met = t.latencyMs.p99 <= BUDGET_P99_MS && t.errors === 0;
    log(
      `Budget 1-client p99 <= ${BUDGET_P99_MS} ms, ${LABELS[kind]}: ${met ? 'met' : 'MISSED'} (${ms(t.latencyMs.p99)} ms)`,
    );
  }
}
