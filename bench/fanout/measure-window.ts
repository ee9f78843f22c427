/**
 * One send window of the fan-out benchmark on connected clients: the load's latencies, the CPU shares
 * while sending and the server's CPU time per delivered message. Used by measure-server.ts for the
 * window at the given load and by ceiling.ts for each window of the search.
 */
import type { LoadClients, LoadResult } from './load.js';
import type { PoolOptions } from './load-pool.js';
import { cpuWindow, residentBytes, type CpuShare } from './proc.js';

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
