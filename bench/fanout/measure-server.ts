/**
 * What the fan-out benchmark measures on one server (Hearth, or the bare broadcast) with one set of
 * connections: the server's memory before and after they connect, one window at the given load (its
 * latencies, the CPU shares and the server's CPU time per delivered message), and then, if asked,
 * the ceiling (ceiling.ts) on the same connections.
 */
import type { LoadClients, LoadResult } from './load.js';
import { openLoadPool, type PoolOptions } from './load-pool.js';
import { cpuWindow, residentBytes, type CpuShare } from './proc.js';
import { findCeiling, type Ceiling, type CeilingParams } from './ceiling.js';

export interface Measured {
  load: LoadResult;
  /** CPU use while sending. */
  cpu: CpuShare;
  /**
   * The server process's own CPU time (µs) per message frame delivered, from the first send until the
   * last delivery: the cost of a delivery including each message's share of its own handling.
   */
  serverUsPerDelivery: number;
  /** The server's highest resident memory sampled during the window (bytes). */
  rssPeak: number;
  /** With several server processes (the nodes of a cluster): each one's CPU while sending, in % of a core. */
  nodesCpu: number[];
}

export interface Memory {
  clients: number;
  /** The server's resident memory (bytes) before the clients connect, once they are connected and idle, and at the window's peak. */
  before: number;
  idle: number;
  active: number;
  /** The JS heap in use (bytes), where the server reports it (Hearth's /metrics), before and idle. */
  heapBefore?: number;
  heapIdle?: number;
}

export interface ServerRun {
  main: Measured;
  memory: Memory;
  ceiling?: Ceiling;
}

/** How long the connected clients sit idle before their memory is read. */
const IDLE_SETTLE_MS = 3_000;

/**
 * node's options for a server process whose memory the benchmark reads: SIGUSR2 makes it collect its
 * garbage (gc-on-signal.mjs), so each reading is of live memory.
 */
export const GC_ON_SIGNAL_ARGS = ['--expose-gc', '--import', new URL('./gc-on-signal.mjs', import.meta.url).href];

/** Has the server collect its garbage, then gives it a moment to finish before memory is read. */
async function collectGarbage(pid: number): Promise<void> {
  process.kill(pid, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 500));
}
const RSS_SAMPLE_MS = 200;

/**
 * One send window on the connected clients, with the server's CPU and memory sampled over it. With
 * several server processes (nodes), the CPU per delivery is theirs together; the CPU shares and the
 * memory are the first one's (the one with the database), and `nodesCpu` gives each.
 */
export async function measureWindow(
  clients: LoadClients,
  serverPids: number | number[],
  overrides: Partial<PoolOptions> = {},
): Promise<Measured> {
  const pids = typeof serverPids === 'number' ? [serverPids] : serverPids;
  const first = pids[0]!;
  const sending = pids.map((pid) => cpuWindow(pid));
  const whole = pids.map((pid) => cpuWindow(pid));
  let shares: CpuShare[] = [];
  let rssPeak = 0;
  let sampler: NodeJS.Timeout | undefined;
  const load = await clients.measure({
    ...overrides,
    onSendWindow: (phase) => {
      if (phase === 'start') {
        for (const w of [...sending, ...whole]) w.start();
        sampler = setInterval(() => (rssPeak = Math.max(rssPeak, residentBytes(first))), RSS_SAMPLE_MS);
      } else shares = sending.map((w) => w.end());
    },
  });
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, residentBytes(first));
  const serverMs = whole.reduce((sum, w) => sum + (w.end().serverMs ?? NaN), 0);
  return {
    load,
    cpu: shares[0] ?? { client: NaN, cores: 0 },
    serverUsPerDelivery: load.received ? (serverMs * 1000) / load.received : NaN,
    rssPeak,
    nodesCpu: shares.map((s) => s.server ?? NaN),
  };
}

export async function measureServer(
  serverPid: number,
  opts: PoolOptions,
  workers: number,
  ceiling: CeilingParams | null,
  log: (line: string) => void,
  heapBytes?: () => Promise<number>,
): Promise<ServerRun> {
  await collectGarbage(serverPid);
  const before = residentBytes(serverPid);
  const heapBefore = await heapBytes?.();
  const clients = await openLoadPool(opts, workers, log);
  try {
    await new Promise((r) => setTimeout(r, IDLE_SETTLE_MS));
    await collectGarbage(serverPid);
    const idle = residentBytes(serverPid);
    const heapIdle = await heapBytes?.();
    const main = await measureWindow(clients, serverPid);
    const memory: Memory = { clients: opts.tokens.length, before, idle, active: main.rssPeak, heapBefore, heapIdle };
    if (!ceiling) return { main, memory };
    return { main, memory, ceiling: await findCeiling(clients, serverPid, ceiling, log) };
  } finally {
    await clients.close();
  }
}
