/**
 * The ceiling of one server: the offered message rate at which the delivery p99 crosses 100 ms.
 *
 * Found on the connections already open, window after window: first a ramp up from the given rate in
 * steps of 1.5× until a window fails, then a bisection between the last rate that passed and the first
 * that failed. Why not a bisection alone: it needs an upper bound, and a guessed one far above the
 * ceiling piles up a backlog of seconds that the next window has to wait out, and can get clients
 * closed as too slow (Hearth closes a socket 4 MiB behind); the ramp overshoots by at most half a step.
 * Why not a fine ramp alone: each window costs its seconds plus the drain, and bisection halves the
 * uncertainty with each window where a ramp narrows it by a fixed step.
 *
 * A window fails when its p99 is over the limit, or any delivery is missing, or a client was closed
 * (the search stops there: the set of connections is no longer whole).
 */
import type { LoadClients } from './load.js';
import { measureWindow, type Measured } from './measure-window.js';

/** The delivery p99 above which a rate is past the ceiling. */
export const CEILING_P99_MS = 100;
const RAMP_FACTOR = 1.5;
/** At most this many messages per second per sender (the gateway closes a connection past 30 frames/s). */
const PER_SENDER_RATE = 20;
/** A pause between windows, so the server finishes what the last one left (timers, GC) before the next. */
const SETTLE_MS = 2_000;
/** Ramp windows at most: 1.5^12 is 130 times the first rate. */
const MAX_RAMP_STEPS = 12;

export interface CeilingParams {
  /** The first rate tried (messages/s). */
  from: number;
  /** Seconds per window. */
  seconds: number;
  /** Bisection windows after the ramp. */
  bisections: number;
  clients: number;
  /** The least number of senders (more are used when the rate needs them). */
  senders: number;
  /** The highest rate tried (at most clients × 20 msg/s). */
  max?: number;
}

export interface CeilingStep {
  rate: number;
  senders: number;
  measured: Measured;
  passed: boolean;
}

export interface Ceiling {
  steps: CeilingStep[];
  /** The highest rate that passed (undefined: none did), and the lowest that failed above it. */
  passed?: number;
  failed?: number;
  /** Why the search ended early, if it did. */
  stopped?: string;
}

const passes = (m: Measured) =>
  m.load.latencyMs.p99 <= CEILING_P99_MS && m.load.missing === 0 && m.load.unexpectedCloses === 0;

export async function findCeiling(
  clients: LoadClients,
  serverPid: number,
  p: CeilingParams,
  log: (line: string) => void,
): Promise<Ceiling> {
  const result: Ceiling = { steps: [] };
  const maxRate = Math.min(p.max ?? Infinity, p.clients * PER_SENDER_RATE);
  const tryRate = async (rate: number): Promise<CeilingStep> => {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const senders = Math.min(p.clients, Math.max(p.senders, Math.ceil(rate / PER_SENDER_RATE)));
    const measured = await measureWindow(clients, serverPid, { rate, senders, seconds: p.seconds, typists: 0 });
    const step = { rate, senders, measured, passed: passes(measured) };
    result.steps.push(step);
    const l = measured.load;
    log(
      `  ceiling: ${rate} msg/s from ${senders} senders: p99 ${l.latencyMs.p99.toFixed(1)} ms, ` +
        `${l.deliveredPerSec.toFixed(0)} delivered/s, missing ${l.missing}, closes ${l.unexpectedCloses}: ` +
        `${step.passed ? 'under' : 'over'}`,
    );
    if (l.unexpectedCloses > 0) result.stopped = `clients were closed at ${rate} msg/s`;
    return step;
  };

  // The ramp: up from `from` while windows pass (down, if the first one fails).
  let rate = Math.min(Math.round(p.from), maxRate);
  for (let i = 0; i < MAX_RAMP_STEPS && !result.stopped; i++) {
    const step = await tryRate(rate);
    if (step.passed) {
      result.passed = rate;
      if (result.failed !== undefined || rate >= maxRate) break;
      rate = Math.min(maxRate, Math.round(rate * RAMP_FACTOR));
    } else {
      result.failed = rate;
      if (result.passed !== undefined) break;
      rate = Math.max(1, Math.round(rate / RAMP_FACTOR));
      if (rate === result.failed) break;
    }
  }
  // The bisection between them.
  for (let i = 0; i < p.bisections && !result.stopped; i++) {
    if (result.passed === undefined || result.failed === undefined) break;
    const mid = Math.round((result.passed + result.failed) / 2);
    if (mid === result.passed || mid === result.failed) break;
    if ((await tryRate(mid)).passed) result.passed = mid;
    else result.failed = mid;
  }
  if (result.passed === undefined && result.failed !== undefined) result.stopped ??= 'no rate passed';
  if (result.failed === undefined) result.stopped ??= `no rate up to ${rate} msg/s failed`;
  return result;
}
