/**
 * The load client: N live connections viewing one channel, S of which send R messages/s in total.
 *
 * It must stay lighter than the server it measures, so deliveries are never JSON-parsed: the send
 * time travels inside the message content ("t=<ms>|<n>") and is found with a byte search on the raw
 * frame. Every delivery to every recipient is timed.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

/** Wall-clock ms with sub-ms resolution; comparable between processes on one machine. */
export const clock = () => performance.timeOrigin + performance.now();

export interface LoadOptions {
  wsUrl: string;
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
  const connect = (token: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      // No UTF-8 validation: it would cost the load client per delivery and the frames are trusted.
      const ws = new WebSocket(opts.wsUrl, { perMessageDeflate: false, skipUTF8Validation: true });
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
        sockets[i] = await connect(opts.tokens[i]!);
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
    win = newWindow(total * (w.recipientsPerMessage ?? n));
    const current = win;
    // Open-loop schedule: message k is due at start + k/rate, sent by sender k mod S.
    const senders = sockets.slice(0, w.senders);
    // Nonces unique to this window: a second window on the same instance must not repeat the first's
    // (the server would answer a repeated nonce to its sender alone, as a retried send).
    const run = Math.random().toString(36).slice(2, 8);
    const interval = 1000 / w.rate;
    const start = clock() + 100;
    let sent = 0;
    let sendErrors = 0;
    let maxSendLagMs = 0;
    const elu0 = performance.eventLoopUtilization();
    w.onSendWindow?.('start');
    const typing = startTyping(sockets.slice(n - Math.min(w.typists ?? 0, n)), w, start, total / w.rate);
    await new Promise<void>((resolve) => {
      const tick = () => {
        for (let now = clock(); sent < total && start + sent * interval <= now; now = clock()) {
          maxSendLagMs = Math.max(maxSendLagMs, now - (start + sent * interval));
          const sender = sent % senders.length;
          const ws = senders[sender]!;
          const content = `t=${now.toFixed(3)}|${sent}`;
          const frame = w.makeFrame
            ? w.makeFrame(sender, content, sent)
            : `{"type":"message","channel_id":${w.channelId},"content":"${content}","nonce":"b${run}-${sent}"}`;
          if (ws.readyState !== ws.OPEN) sendErrors++;
          else
            ws.send(frame, (err) => {
              if (err) sendErrors++;
            });
          sent++;
        }
        if (sent >= total) return resolve();
        setTimeout(tick, Math.max(0, start + sent * interval - clock()));
      };
      setTimeout(tick, Math.max(0, start - clock()));
    });
    const end = clock();
    const typingSent = typing.stop();
    const clientElu = performance.eventLoopUtilization(elu0).utilization;
    w.onSendWindow?.('end');

    // Drain: wait for the last deliveries, giving up once nothing has arrived for 3 s.
    // Every typing frame reaches every client but its typist.
    const typingExpected = typingSent * (n - 1);
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
 * Each typist sends `typing_start` every `typingEveryMs` from `start` for `seconds`, typist j first at
 * j/typists of the interval, so the frames are spread evenly. `stop` ends it and says how many were sent.
 */
function startTyping(typists: WebSocket[], w: WindowOptions, start: number, seconds: number): { stop(): number } {
  const every = w.typingEveryMs ?? 8_000;
  const frame = `{"type":"typing_start","channel_id":${w.channelId}}`;
  const timers: NodeJS.Timeout[] = [];
  let sent = 0;
  typists.forEach((ws, j) => {
    const first = start + (j / typists.length) * every;
    const type = () => {
      if (clock() > start + seconds * 1000) return;
      if (ws.readyState === ws.OPEN) {
        ws.send(frame);
        sent++;
      }
      timers[j] = setTimeout(type, every);
    };
    timers[j] = setTimeout(type, Math.max(0, first - clock()));
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
