/**
 * The load client spread over worker threads: each worker holds an equal share of the connections,
 * sends its own senders' messages on the one common schedule, and times the deliveries to its own
 * clients. One event loop handling every delivery was the bottleneck from about 100 msg/s to 500
 * clients (50,000 frames/s) on a small machine; split W ways, each handles 1/W of them.
 *
 * Threads rather than processes: the send times and delivery times are read from one monotonic clock
 * either way, and threads leave the load client one process, whose CPU time (all threads) is what the
 * CPU accounting reports as "load client", while the server's figures come from its own process.
 */
import { Worker } from 'node:worker_threads';
import { clock, percentile, type LoadClients, type LoadOptions, type LoadResult } from './load.js';
import type { WorkerReply, WorkerRequest } from './load-worker.js';

/** Options that can be sent to a worker: no functions (no frame maker, no window callback there). */
export type PoolOptions = Omit<LoadOptions, 'makeFrame' | 'onSendWindow' | 'slice' | 'startAt'> & {
  onSendWindow?: LoadOptions['onSendWindow'];
};

/** How long before the schedule starts the workers are told of it (a message to a thread takes well under this). */
const START_DELAY_MS = 200;

class LoadWorker {
  private readonly worker: Worker;
  private readonly replies: WorkerReply[] = [];
  private waiting: ((reply: WorkerReply) => void) | null = null;
  private exitError: Error | null = null;

  constructor() {
    // The worker's file is TypeScript: the thread loads it through tsx's API (on Node 20 a worker
    // gets neither this process's loader hooks nor working `--import` ones of its own).
    const api = JSON.stringify(import.meta.resolve('tsx/esm/api'));
    const file = JSON.stringify(new URL('./load-worker.ts', import.meta.url).href);
    const boot = `import { tsImport } from ${api}; await tsImport(${file}, ${file});`;
    this.worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`));
    this.worker.on('message', (reply: WorkerReply) => {
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        w(reply);
      } else this.replies.push(reply);
    });
    const fail = (err: Error) => {
      this.exitError = err;
      this.waiting?.({ type: 'failed', message: err.message });
      this.waiting = null;
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`load worker exited with code ${code}`)));
  }

  send(request: WorkerRequest): void {
    this.worker.postMessage(request);
  }

  /** The next reply, which must be of the given type. */
  async next<T extends WorkerReply['type']>(type: T): Promise<Extract<WorkerReply, { type: T }>> {
    const reply =
      this.replies.shift() ??
      (this.exitError
        ? ({ type: 'failed', message: this.exitError.message } as const)
        : await new Promise<WorkerReply>((resolve) => (this.waiting = resolve)));
    if (reply.type === 'failed') throw new Error(`load worker: ${reply.message}`);
    if (reply.type !== type) throw new Error(`load worker answered ${reply.type}, expected ${type}`);
    return reply as Extract<WorkerReply, { type: T }>;
  }

  async terminate(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

/** Connects every client over `workers` threads; `measure` runs one send window on all of them. */
export async function openLoadPool(
  opts: PoolOptions,
  workers: number,
  log: (line: string) => void,
): Promise<LoadClients> {
  const { onSendWindow, ...shared } = opts;
  const total = opts.tokens.length;
  const count = Math.max(1, Math.min(workers, total));
  const pool = Array.from({ length: count }, () => new LoadWorker());
  const t0 = clock();
  try {
    // Contiguous shares, so that the first S clients (the senders) spread over the first workers.
    const bounds = pool.map((_, i) => [Math.floor((i * total) / count), Math.floor(((i + 1) * total) / count)]);
    pool.forEach((w, i) => {
      const [from, to] = bounds[i]!;
      const opts: LoadOptions = { ...shared, tokens: shared.tokens.slice(from, to), slice: { offset: from!, total } };
      w.send({ type: 'open', opts });
    });
    await Promise.all(pool.map((w) => w.next('opened')));
  } catch (err) {
    await Promise.all(pool.map((w) => w.terminate()));
    throw err;
  }
  log(`  ${total} clients connected and ready in ${((clock() - t0) / 1000).toFixed(1)} s (${count} load workers)`);

  const measure = async (overrides: Partial<LoadOptions> = {}): Promise<LoadResult> => {
    const { onSendWindow: windowHook = onSendWindow, makeFrame, ...rest } = overrides;
    if (makeFrame) throw new Error('a pooled load sends channel messages only');
    const startAt = clock() + START_DELAY_MS;
    for (const w of pool) w.send({ type: 'measure', overrides: { ...rest, startAt } });
    // The CPU window opens when the schedule does, and closes when every worker has sent its last.
    const opened = setTimeout(() => windowHook?.('start'), Math.max(0, startAt - clock()));
    try {
      await Promise.all(pool.map((w) => w.next('sent')));
    } finally {
      clearTimeout(opened);
    }
    windowHook?.('end');
    return merge(await Promise.all(pool.map(async (w) => (await w.next('result')).result)));
  };

  const close = async () => {
    try {
      for (const w of pool) w.send({ type: 'close' });
      await Promise.all(pool.map((w) => w.next('closed')));
    } finally {
      await Promise.all(pool.map((w) => w.terminate()));
    }
  };

  return { measure, close };
}

/** The workers' results as one: counts added, latencies pooled before the percentiles are taken. */
export function merge(parts: LoadResult[]): LoadResult {
  const sum = (f: (r: LoadResult) => number) => parts.reduce((n, r) => n + f(r), 0);
  const latencies = new Float64Array(sum((r) => r.latencies.length));
  let at = 0;
  for (const r of parts) {
    latencies.set(r.latencies, at);
    at += r.latencies.length;
  }
  latencies.sort();
  const startedAt = Math.min(...parts.map((r) => r.startedAt));
  const lastReceiveAt = Math.max(...parts.map((r) => r.lastReceiveAt));
  const received = sum((r) => r.received);
  const pct = (p: number) => percentile(latencies, p);
  return {
    sent: sum((r) => r.sent),
    expected: sum((r) => r.expected),
    received,
    deliveredPerSec: received / ((Math.max(lastReceiveAt, startedAt) - startedAt) / 1000 || 1),
    latencyMs: { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99), max: pct(1) },
    latencies,
    sendErrors: sum((r) => r.sendErrors),
    errorFrames: sum((r) => r.errorFrames),
    unexpectedCloses: sum((r) => r.unexpectedCloses),
    missing: sum((r) => r.missing),
    meanFrameBytes: received ? sum((r) => r.meanFrameBytes * r.received) / received : 0,
    // The busiest worker: the one whose own delays would show in the latencies first.
    clientElu: Math.max(...parts.map((r) => r.clientElu)),
    maxSendLagMs: Math.max(...parts.map((r) => r.maxSendLagMs)),
    firstErrors: parts.flatMap((r) => r.firstErrors).slice(0, 5),
    typingSent: sum((r) => r.typingSent),
    typingReceived: sum((r) => r.typingReceived),
    startedAt,
    lastReceiveAt,
  };
}
