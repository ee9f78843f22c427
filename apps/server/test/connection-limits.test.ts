import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE, TEXT } from '@hearth/protocol';
import type { RunningApp } from '../src/app.js';
import { Api, LiveClient, uniqueName } from './client.js';
import { startTestServer } from './harness.js';

const started: RunningApp[] = [];
const sockets: { close(): void }[] = [];
afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(started.map((s) => s.close()));
});
const start = async (...args: Parameters<typeof startTestServer>) => {
  const app = await startTestServer(...args);
  started.push(app);
  return app;
};
const portOf = (app: RunningApp) => Number(new URL(app.url).port);
const tracked = <T extends { close(): void }>(s: T) => (sockets.push(s), s);

/** A plain TCP connection to the server that records what it receives and when it closes. */
class Raw {
  data = '';
  readonly closed: Promise<void>;
  private constructor(readonly socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (this.data += chunk));
    socket.on('error', () => undefined); // a reset shows as the close below
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }
  static async open(port: number): Promise<Raw> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return tracked(new Raw(socket));
  }
  write(text: string) {
    this.socket.write(text);
  }
  /** The status line of the answer, once it arrived (or '' after ms). */
  async statusLine(ms = 3_000): Promise<string> {
    const deadline = Date.now() + ms;
    while (!this.data.includes('\r\n') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.data.split('\r\n')[0]!;
  }
  /** Resolves true if the socket closes within ms. */
  closesWithin(ms: number): Promise<boolean> {
    return Promise.race([this.closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
  }
  close() {
    this.socket.destroy();
  }
}

/** A WebSocket to /ws, optionally as if forwarded by a proxy for `forwardedFor`. */
async function liveSocket(app: RunningApp, forwardedFor?: string): Promise<LiveClient> {
  return tracked(await LiveClient.connect(app.url, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}));
}

describe('live connection caps', () => {
  it("refuses a user's connection past the per-user cap; resuming their own session or closing one makes room", async () => {
    const app = await start({ liveMaxConnectionsPerUser: 3 });
    const api = new Api(app.url);
    const u = await api.register(uniqueName('cap'));
    const first: LiveClient[] = [];
    for (let i = 0; i < 3; i++) first.push(tracked(await LiveClient.authed(app.url, u.token)));

    const extra = tracked(await LiveClient.connect(app.url));
    extra.send({ type: 'auth', token: u.token });
    expect(await extra.waitForClose()).toEqual({ code: CLOSE.tooManyConnections, reason: TEXT.wsTooManyForUser });
    expect(extra.ofType('ready')).toEqual([]);
    // Another user is not affected.
    tracked(await LiveClient.authed(app.url, (await api.register(uniqueName('cap'))).token));

    // Resuming one of the user's own sessions replaces its connection, so it is let in at the cap.
    const ready = first[0]!.frames[0]!;
    const again = tracked(await LiveClient.connect(app.url));
    again.send({ type: 'resume', session_id: ready.data.session_id, seq: ready.seq, token: u.token });
    await again.waitFor((f) => f.type === 'resumed');
    expect((await first[0]!.waitForClose()).code).toBe(CLOSE.normal);

    const sessions = app.gateway.sessionCount;
    first[1]!.close();
    while (app.gateway.sessionCount === sessions) await new Promise((r) => setTimeout(r, 20));
    tracked(await LiveClient.authed(app.url, u.token));
  });

  it('refuses connections from one address past the per-address cap', async () => {
    const app = await start({ liveMaxConnectionsPerAddress: 3 });
    const held = [await liveSocket(app), await liveSocket(app), await liveSocket(app)];
    const extra = await liveSocket(app);
    expect(await extra.waitForClose()).toEqual({ code: CLOSE.tooManyConnections, reason: TEXT.wsTooManyForAddress });
    held[0]!.close();
    await held[0]!.waitForClose();
    const deadline = Date.now() + 2_000;
    while (app.gateway.connectionCount > 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const later = await liveSocket(app);
    later.send({ type: 'ping' });
    await later.waitFor((f) => f.type === 'pong');
  });

  it('behind a trusted proxy, counts each forwarded client address, and leaves the proxy uncapped', async () => {
    const app = await start({ trustProxy: true, liveMaxConnectionsPerAddress: 2, httpMaxConnectionsPerAddress: 2 });
    await liveSocket(app, '203.0.113.7');
    await liveSocket(app, '203.0.113.7, 10.0.0.1');
    const third = await liveSocket(app, '203.0.113.7');
    expect((await third.waitForClose()).code).toBe(CLOSE.tooManyConnections);
    const other = await liveSocket(app, '203.0.113.8');
    other.send({ type: 'ping' });
    await other.waitFor((f) => f.type === 'pong');
    // Every socket comes from the proxy's address: the per-address HTTP cap must not apply to it.
    const raws = await Promise.all(Array.from({ length: 6 }, () => Raw.open(portOf(app))));
    for (const raw of raws) raw.write('GET /api/nothing HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await Promise.all(raws.map((r) => r.statusLine()))).toEqual(Array(6).fill('HTTP/1.1 404 Not Found'));
  });
});

describe('HTTP connection limits', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await start({ httpHeadersTimeoutMs: 500, httpRequestTimeoutMs: 1_000, httpMaxConnectionsPerAddress: 4 });
  });

  it('answers 408 and closes a request whose headers do not arrive in time', async () => {
    const raw = await Raw.open(portOf(app));
    raw.write('GET /api/auth/me HTTP/1.1\r\nHost: x\r\n'); // and never the blank line
    expect(await raw.closesWithin(3_000)).toBe(true);
    expect(raw.data).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes a request whose body does not arrive in time', async () => {
    const raw = await Raw.open(portOf(app));
    raw.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"use',
    );
    expect(await raw.closesWithin(4_000)).toBe(true);
    expect(raw.data).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes sockets from one address past the cap at once, while live connections do not count', async () => {
    const port = portOf(app);
    const live = [await liveSocket(app), await liveSocket(app), await liveSocket(app)];
    const held = await Promise.all(Array.from({ length: 4 }, () => Raw.open(port)));
    const extra = await Raw.open(port);
    expect(await extra.closesWithin(1_000)).toBe(true);
    expect(extra.data).toBe('');
    // Those within the cap are served, and a closed one makes room.
    held[0]!.write('GET /api/nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await held[0]!.closed;
    expect(held[0]!.data).toMatch(/^HTTP\/1\.1 404 /);
    // The server counts a socket out when it sees it close, a moment after the client does.
    let next = await Raw.open(port);
    for (let i = 0; i < 20 && (await next.closesWithin(100)); i++) next = await Raw.open(port);
    next.write('GET /api/nothing HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await next.statusLine()).toBe('HTTP/1.1 404 Not Found');
    for (const c of live) expect(c.closed).toBeNull();
  });
});
