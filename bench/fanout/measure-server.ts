/**
 * What the fan-out benchmark measures on one server (Hearth, or the bare broadcast) with one set of
 * connections: the server's memory before and after they connect, one window at the given load (its
 * latencies, the CPU shares and the server's CPU time per delivered message), and then, if asked,
 * the ceiling (ceiling.ts) on the same connections.
 */
import { openLoadPool, type PoolOptions } from './load-pool.js';
import { residentBytes } from './proc.js';
import { measureWindow, type Measured } from './measure-window.js';
import { findCeiling, type Ceiling, type CeilingParams } from './ceiling.js';

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
