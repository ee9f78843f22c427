import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { holdWrites, trackStream } from './write-batch.js';

interface Pair {
  server: WebSocket;
  client: WebSocket;
  /** System-level writes the server's TCP socket has made since the pair opened. */
  writes: () => number;
  received: string[];
  closed: Promise<number>;
}

let http: Server | undefined;
let open: WebSocket[] = [];
afterEach(async () => {
  for (const socket of open) socket.terminate();
  open = [];
  await new Promise<void>((done) => (http ? http.close(() => done()) : done()));
});

/** A real WebSocket over loopback TCP, its server side tracked as the gateway tracks it. */
async function pair(): Promise<Pair> {
  const wss = new WebSocketServer({ noServer: true });
  let stream: Duplex | undefined;
  let writes = 0;
  const accepted = new Promise<WebSocket>((resolve) => {
    http = createServer();
    http.on('upgrade', (req, socket, head) =>
      wss.handleUpgrade(req, socket, head, (ws) => {
        trackStream(ws, socket);
        stream = socket;
        // Counted below ws and the stream machinery: what reaches the operating system.
        const handle = (socket as unknown as { _handle: Record<string, (...a: unknown[]) => number> })._handle;
        for (const name of ['writev', 'writeBuffer', 'writeUtf8String']) {
          const original = handle[name]!.bind(handle);
          handle[name] = (...args: unknown[]) => {
            writes++;
            return original(...args);
          };
        }
        resolve(ws);
      }),
    );
  });
  await new Promise<void>((listening) => http!.listen(0, '127.0.0.1', listening));
  const client = new WebSocket(`ws://127.0.0.1:${(http!.address() as AddressInfo).port}`);
  const received: string[] = [];
  client.on('message', (data) => received.push(String(data)));
  const closed = new Promise<number>((resolve) => client.on('close', (code) => resolve(code)));
  await new Promise((open) => client.once('open', open));
  const server = await accepted;
  if (!stream) throw new Error('no stream');
  open.push(client, server);
  return { server, client, writes: () => writes, received, closed };
}

const turn = () => new Promise((done) => setImmediate(done));
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('write batch', () => {
  it('sends the frames one turn hands a socket in one write, in order', async () => {
    const p = await pair();
    const before = p.writes();
    for (const n of [1, 2, 3]) {
      holdWrites(p.server);
      p.server.send(`frame ${n}`);
    }
    await turn();
    await until(() => p.received.length === 3);
    expect(p.received).toEqual(['frame 1', 'frame 2', 'frame 3']);
    expect(p.writes() - before).toBe(1);
  });

  it('lets a frame of a later turn leave on its own, without waiting for more', async () => {
    const p = await pair();
    holdWrites(p.server);
    p.server.send('first');
    await turn();
    const before = p.writes();
    holdWrites(p.server);
    p.server.send('second');
    await turn();
    await until(() => p.received.length === 2);
    expect(p.received).toEqual(['first', 'second']);
    expect(p.writes() - before).toBe(1);
  });

  it('keeps a close sent in the same turn after the frames before it', async () => {
    const p = await pair();
    holdWrites(p.server);
    p.server.send('last words');
    p.server.close(4008, 'Too slow to keep up');
    expect(await p.closed).toBe(4008);
    expect(p.received).toEqual(['last words']);
  });
});
