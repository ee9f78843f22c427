/**
 * The load client: N live connections viewing one channel, S of which send R messages/s in total.
 *
 * It must stay lighter than the server it measures, so deliveries are never JSON-parsed: the send
 * time travels inside the message content ("t=<ms>|<n>") and is found with a byte search on the raw
 * frame. Every delivery to every recipient is timed.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

/**
 * Milliseconds of the machine's monotonic clock, with sub-ms resolution: the same clock in every thread
 * and process on one machine, so a send timed in one load worker and its delivery timed in another can
 * be compared (each thread's performance.timeOrigin is its own start, taken separately).
 */
export const clock = () => Number(process.hrtime.bigint()) / 1e6;

export interface LoadOptions {
  wsUrl: string;
  /** Several servers (the nodes of a cluster): client i connects to wsUrls[i mod length] instead of wsUrl. */
  wsUrls?: string[];
  /** One access token per client (the baseline server ignores them). */
  tokens: string[];
  channelId: number;
  senders: number;
  /** Messages per second, over all senders. */
  rate: number;
  seconds: number;
  /** Called when sending starts and when it ends (e.g. to sample CPU use over exactly that window). */
  onSendWindow?: (phase: 'start' | 'end') => void;
  /**
   * The frame sender `i` sends for message `k` with the given content; by default a channel message to
   * `channelId`, which every client receives. A direct message goes to two (`recipientsPerMessage`).
   */
  makeFrame?: (sender: number, content: string, k: number) => string;
  /** Deliveries per message: every client (the default), or 2 for a direct message (sender and recipient). */
  recipientsPerMessage?: number;
  /**
   * Clients that type while the messages flow (the last ones, so not the senders when there are enough
   * clients): each sends `typing_start` to `channelId` every `typingEveryMs`, as the web client does while
   * its text keeps changing, spread evenly over the interval. Every other client receives each one.
   */
  typists?: number;
  typingEveryMs?: number;
  /**
   * When these connections are one part of a larger load (a load worker's share, load-pool.ts): they are
   * clients offset..offset+tokens.length of `total`. Senders and typists are counted over all `total`
   * clients, so only the messages of this part's senders are sent here, on the common schedule.
   */
  slice?: { offset: number; total: number };
  /** When the send schedule starts (clock()); by default 100 ms after the window is asked for. */
  startAt?: number;
}

export interface LoadResult {
  sent: number;
  /** Deliveries expected: every client (the sender included) gets every message. */
  expected: number;
  received: number;
  /** Deliveries per second from the first send to the last delivery. */
  deliveredPerSec: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Every delivery's latency (ms), ascending: windows can be pooled before taking percentiles. */
  latencies: Float64Array;
  sendErrors: number;
  errorFrames: number;
  unexpectedCloses: number;
  missing: number;
  meanFrameBytes: number;
  /** Event-loop utilisation of the load client while sending (close to 1 means it is the bottleneck). */
  clientElu: number;
  /** Worst delay of a send behind its schedule, ms (large means the load client fell behind). */
  maxSendLagMs: number;
  firstErrors: string[];
  /** `typing_start` frames the typists sent, and received over all clients. */
  typingSent: number;
  typingReceived: number;
  /** The window's schedule start and its last delivery (clock()), so parts of one load can be merged. */
  startedAt: number;
  lastReceiveAt: number;
}

const CONTENT_MARK = Buffer.from('"content":"t=');
const TYPE_AT = '{"type":"'.length;
const QUOTE = 0x22;
const PIPE = 0x7c;
const PING_EVERY_MS = 25_000; // the server closes connections silent for 75 s
const CONNECT_CONCURRENCY = 50;

/** Connected clients that can be measured window after window without reconnecting. */
export interface LoadClients {
  /** One send window (the options given when opening, with any overrides) and its drain. */
  measure(overrides?: Partial<WindowOptions>): Promise<LoadResult>;
  close(): Promise<void>;
}

type WindowOptions = Omit<LoadOptions, 'wsUrl' | 'tokens'>;

/** Connects, measures one window and disconnects. */
export async function runLoad(opts: LoadOptions, log: (line: string) => void): Promise<LoadResult> {
  const clients = await openLoad(opts, log);
  try {
    return await clients.measure();
  } finally {
    await clients.close();
  }
}

/** The deliveries of one window, filled in by the frame handler while the window is current. */
interface Window {
  /** Frames sent before this (a late delivery of an earlier window) are not counted. */
  startedAt: number;
  latencies: Float64Array;
  expected: number;
  received: number;
  bytes: number;
  lastReceive: number;
  errorFrames: number;
  unexpectedCloses: number;
  firstErrors: string[];
  typingReceived: number;
}

const newWindow = (expected: number): Window => ({
  startedAt: clock(),
  latencies: new Float64Array(expected),
  expected,
  received: 0,
  bytes: 0,
  lastReceive: 0,
  errorFrames: 0,
  unexpectedCloses: 0,
  firstErrors: [],
  typingReceived: 0,
});

/** Connects every client and authenticates them; `measure` then runs send windows on these connections. */
export async function openLoad(opts: LoadOptions, log: (line: string) => void): Promise<LoadClients> {
  const n = opts.tokens.length;
  let win = newWindow(0);
  let closing = false;

  const onFrame = (buf: Buffer) => {
    const at = buf.indexOf(CONTENT_MARK);
    if (at >= 0) {
      const from = at + CONTENT_MARK.length;
      const sentAt = Number(buf.toString('latin1', from, buf.indexOf(PIPE, from)));
      if (sentAt < win.startedAt) return;
      win.lastReceive = clock();
      if (win.received < win.expected) win.latencies[win.received] = win.lastReceive - sentAt;
      win.received++;
      win.bytes += buf.length;
      return;
    }
    const type = buf.toString('latin1', TYPE_AT, buf.indexOf(QUOTE, TYPE_AT));
    if (type === 'typing_start') win.typingReceived++;
    else if (type === 'error' || type === 'auth_error' || type === 'invalid_session') {
      win.errorFrames++;
      if (win.firstErrors.length < 5) win.firstErrors.push(buf.toString());
    }
  };

  /** Opens a connection and authenticates; resolves on the ready frame. */
  const urlOf = (i: number) => {
    const urls = opts.wsUrls;
    return urls?.length ? urls[((opts.slice?.offset ?? 0) + i) % urls.length]! : opts.wsUrl;
  };
  const connect = (token: string, url: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      // No UTF-8 validation: it would cost the load client per delivery and the frames are trusted.
      const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
      let ready = false;
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
      ws.on('message', (raw) => {
        const buf = raw as Buffer;
        if (ready) return onFrame(buf);
        if (buf.toString('latin1', TYPE_AT, TYPE_AT + 6) === 'ready"') {
          ready = true;
          resolve(ws);
        } else reject(new Error(`expected ready, got ${buf.toString()}`));
      });
      ws.on('error', (err) => {
        if (!ready) reject(err);
      });
      ws.on('close', (code, reason) => {
        if (!ready) reject(new Error(`closed before ready: ${code} ${reason.toString()}`));
        else if (!closing) {
          win.unexpectedCloses++;
          if (win.firstErrors.length < 5) win.firstErrors.push(`close ${code} ${reason.toString()}`);
        }
      });
    });

  const t0 = clock();
  const sockets: WebSocket[] = new Array<WebSocket>(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, n) }, async () => {
      while (next < n) {
        const i = next++;
        sockets[i] = await connect(opts.tokens[i]!, urlOf(i));
      }
    }),
  );
  log(`  ${n} clients connected and ready in ${((clock() - t0) / 1000).toFixed(1)} s`);
  const pinger = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send('{"type":"ping"}');
  }, PING_EVERY_MS);

  const measure = async (overrides: Partial<WindowOptions> = {}): Promise<LoadResult> => {
    const w = { ...opts, ...overrides };
    const total = Math.round(w.rate * w.seconds);
    const offset = w.slice?.offset ?? 0;
    const allClients = w.slice?.total ?? n;
    win = newWindow(total * (w.recipientsPerMessage ?? n));
    const current = win;
    // Open-loop schedule: message k is due at start + k/rate, sent by sender k mod S (of all clients;
    // those of another part are skipped here).
    const senderCount = w.senders;
    // Nonces unique to this window: a second window on the same instance must not repeat the first's
    // (the server would answer a repeated nonce to its sender alone, as a retried send).
    const run = w.startAt !== undefined ? Math.round(w.startAt).toString(36) : Math.random().toString(36).slice(2, 8);
    const interval = 1000 / w.rate;
    const start = w.startAt ?? clock() + 100;
    let k = 0;
    let sent = 0;
    let sendErrors = 0;
    let maxSendLagMs = 0;
    const elu0 = performance.eventLoopUtilization();
    w.onSendWindow?.('start');
    const typistCount = Math.min(w.typists ?? 0, allClients);
    const typists: { ws: WebSocket; j: number }[] = [];
    for (let g = allClients - typistCount; g < allClients; g++)
      if (g >= offset && g < offset + n) typists.push({ ws: sockets[g - offset]!, j: g - (allClients - typistCount) });
    const typing = startTyping(typists, typistCount, w, start, total / w.rate);
    await new Promise<void>((resolve) => {
      const tick = () => {
        for (let now = clock(); k < total && start + k * interval <= now; now = clock(), k++) {
          const sender = k % senderCount;
          if (sender < offset || sender >= offset + n) continue;
          maxSendLagMs = Math.max(maxSendLagMs, now - (start + k * interval));
          const ws = sockets[sender - offset]!;
          const content = `t=${now.toFixed(3)}|${k}`;
          const frame = w.makeFrame
            ? w.makeFrame(sender, content, k)
            : `{"type":"message","channel_id":${w.channelId},"content":"${content}","nonce":"b${run}-${k}"}`;
          if (ws.readyState !== ws.OPEN) sendErrors++;
          else
            ws.send(frame, (err) => {
              if (err) sendErrors++;
            });
          sent++;
        }
        if (k >= total) return resolve();
        setTimeout(tick, Math.max(0, start + k * interval - clock()));
      };
      setTimeout(tick, Math.max(0, start - clock()));
    });
    const end = clock();
    const typingSent = typing.stop();
    const clientElu = performance.eventLoopUtilization(elu0).utilization;
    w.onSendWindow?.('end');

    // Drain: wait for the last deliveries, giving up once nothing has arrived for 3 s.
    // Every typing frame reaches every client but its typist (a part of a larger load cannot know how
    // many the other parts sent: it waits for the messages only, which are sent after the typing).
    const typingExpected = w.slice ? 0 : typingSent * (n - 1);
    const waiting = () => current.received < current.expected || current.typingReceived < typingExpected;
    while (waiting() && clock() - Math.max(current.lastReceive, end) < 3_000) {
      await new Promise((r) => setTimeout(r, 50));
    }

    const sorted = current.latencies.subarray(0, Math.min(current.received, current.expected)).sort();
    const pct = (p: number) => percentile(sorted, p);
    return {
      sent,
      expected: current.expected,
      received: current.received,
      deliveredPerSec: current.received / ((Math.max(current.lastReceive, start) - start) / 1000 || 1),
      latencyMs: { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99), max: pct(1) },
      latencies: sorted,
      sendErrors,
      errorFrames: current.errorFrames,
      unexpectedCloses: current.unexpectedCloses,
      missing: Math.max(0, current.expected - current.received),
      meanFrameBytes: current.received ? current.bytes / current.received : 0,
      clientElu,
      maxSendLagMs,
      firstErrors: current.firstErrors,
      typingSent,
      typingReceived: current.typingReceived,
      startedAt: start,
      lastReceiveAt: current.lastReceive,
    };
  };

  const close = async () => {
    clearInterval(pinger);
    closing = true;
    await Promise.all(
      sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === ws.CLOSED) return resolve();
            const timer = setTimeout(() => ws.terminate(), 2_000);
            ws.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            ws.close(1000);
          }),
      ),
    );
  };

  return { measure, close };
}

/**
 * Each typist sends `typing_start` every `typingEveryMs` from `start` for `seconds`, typist j (of
 * `count` over all clients) first at j/count of the interval, so the frames are spread evenly. `stop`
 * ends it and says how many were sent.
 */
function startTyping(
  typists: { ws: WebSocket; j: number }[],
  count: number,
  w: WindowOptions,
  start: number,
  seconds: number,
): { stop(): number } {
  const every = w.typingEveryMs ?? 8_000;
  const frame = `{"type":"typing_start","channel_id":${w.channelId}}`;
  const timers: NodeJS.Timeout[] = [];
  let sent = 0;
  typists.forEach(({ ws, j }, i) => {
    const first = start + (j / count) * every;
    const type = () => {
      if (clock() > start + seconds * 1000) return;
      if (ws.readyState === ws.OPEN) {
        ws.send(frame);
        sent++;
      }
      timers[i] = setTimeout(type, every);
    };
    timers[i] = setTimeout(type, Math.max(0, first - clock()));
  });
  return {
    stop: () => {
      for (const t of timers) clearTimeout(t);
      return sent;
    },
  };
}

/** The p-quantile (0..1) of ascending values: the smallest value with at least that share at or below it. */
export function percentile(sorted: Float64Array, p: number): number {
  return sorted.length ? sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]! : NaN;
}
