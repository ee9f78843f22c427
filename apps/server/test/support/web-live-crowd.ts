import path from 'node:path';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';

/*
 * Live clients that reconnect exactly as the web client does: each is the web client's own
 * `LiveConnection` (apps/web/src/lib/live.ts) over a `ws` socket, so the rolling-restart and
 * node-kill tests exercise its reaction to 4012 and to an abnormal close (resume at once with the
 * last seq), not a copy of it. The class is loaded at run time: the server's TypeScript project
 * cannot include the web client's sources, so the few members used are typed here.
 */

interface LiveFrame {
  type: string;
  seq: number | null;
  data: unknown;
}
type LiveSignal =
  | { kind: 'state'; state: 'connecting' | 'open' | 'closed' }
  | { kind: 'frame'; frame: LiveFrame }
  | { kind: 'max_retries' }
  | { kind: 'auth_failed'; detail: string }
  | { kind: 'resync' };
interface WebLiveConnection {
  start(): void;
  stop(): void;
  getState(): 'connecting' | 'open' | 'closed';
  subscribe(listener: (signal: LiveSignal) => void): () => void;
}
type WebLiveConnectionClass = new (deps: {
  url: string;
  createSocket: (url: string) => unknown;
  getToken: () => string | null;
  getUserId: () => number | null;
  refreshToken: () => Promise<boolean>;
  forceRefresh: () => Promise<boolean>;
  isVisible: () => boolean;
}) => WebLiveConnection;

const LIVE_TS = path.resolve(import.meta.dirname, '../../../web/src/lib/live.ts');

/** One web client: what it received and when it was without a connection. */
export class WebLiveClient {
  /** Nonce of each message received, in order (several times if received several times). */
  readonly nonces: string[] = [];
  /** When each message arrived (Date.now()). */
  readonly arrivals: number[] = [];
  /** Each time the connection was lost and back: [lost at, open again at (undefined while still lost)]. */
  readonly outages: [number, number | undefined][] = [];
  /** New sessions (`ready`): the first, plus one per resume the server refused. */
  sessions = 0;
  maxRetries = false;

  constructor(readonly connection: WebLiveConnection) {
    connection.subscribe((signal) => {
      const now = Date.now();
      if (signal.kind === 'frame') {
        const { frame } = signal;
        if (frame.type === 'ready') this.sessions++;
        const nonce = (frame.data as { nonce?: unknown } | null)?.nonce;
        if (frame.type === 'message' && frame.seq !== null && typeof nonce === 'string') {
          this.nonces.push(nonce);
          this.arrivals.push(now);
        }
      } else if (signal.kind === 'state') {
        const last = this.outages.at(-1);
        if (signal.state === 'closed' && (!last || last[1] !== undefined)) this.outages.push([now, undefined]);
        if (signal.state === 'open' && last && last[1] === undefined) last[1] = now;
      } else if (signal.kind === 'max_retries') this.maxRetries = true;
    });
  }

  get open(): boolean {
    return this.connection.getState() === 'open';
  }

  /** The longest time between two messages received, or without a connection. */
  longestGapMs(until = Date.now()): number {
    let longest = 0;
    for (let i = 1; i < this.arrivals.length; i++)
      longest = Math.max(longest, this.arrivals[i]! - this.arrivals[i - 1]!);
    for (const [lost, back] of this.outages) longest = Math.max(longest, (back ?? until) - lost);
    return longest;
  }
}

/** Starts `count` web clients on `baseUrl`, spread over the given accounts; resolves once all are open. */
export async function startWebClients(
  baseUrl: string,
  accounts: readonly { token: string; id: number }[],
  count: number,
): Promise<WebLiveClient[]> {
  const { LiveConnection } = (await import(pathToFileURL(LIVE_TS).href)) as { LiveConnection: WebLiveConnectionClass };
  const clients = Array.from({ length: count }, (_, i) => {
    const account = accounts[i % accounts.length]!;
    const connection = new LiveConnection({
      url: `${baseUrl.replace(/^http/, 'ws')}/ws`,
      createSocket: (url) => new WebSocket(url),
      getToken: () => account.token,
      getUserId: () => account.id,
      // Tokens outlive the test: nothing to refresh.
      refreshToken: async () => true,
      forceRefresh: async () => true,
      isVisible: () => true,
    });
    return new WebLiveClient(connection);
  });
  for (const client of clients) client.connection.start();
  await waitUntil(
    () => clients.every((c) => c.open),
    60_000,
    () => `${clients.filter((c) => !c.open).length} not open`,
  );
  return clients;
}

/** Polls `done` until it holds; throws with `what()` after `timeoutMs`. */
export async function waitUntil(done: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
