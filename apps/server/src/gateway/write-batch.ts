import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/*
 * Frames handed to one socket during one turn of the event loop leave it in one write.
 *
 * Each frame written on its own costs a system call per recipient, and that call is most of the
 * fan-out's time (docs/performance.md). The first frame of a turn corks the connection's TCP socket
 * and the turn's end (setImmediate, which runs once this turn's I/O callbacks are done) uncorks it,
 * so every frame the turn produced goes out in one writev. An idle server adds nothing: a lone
 * event still leaves within the same turn. A busy one, whose turns carry several events each,
 * makes one call per socket per turn instead of one per event.
 *
 * Corking is on the TCP socket under `ws`, which `ws` corks and uncorks itself around each frame;
 * corks nest, so its own uncork leaves ours in place. Everything else written to the socket during
 * the turn (replies, close frames) joins the same write, in order.
 */

/** The TCP socket under each accepted WebSocket, kept when it is upgraded. */
const streams = new WeakMap<WebSocket, Duplex>();
let corked: Duplex[] = [];

/** Remembers the socket a WebSocket was upgraded on. */
export function trackStream(socket: WebSocket, stream: Duplex): void {
  streams.set(socket, stream);
}

function flush(): void {
  const held = corked;
  corked = [];
  // A socket ended or destroyed meanwhile has written or dropped what it held; uncork is then a no-op.
  for (const stream of held) stream.uncork();
}

/** Holds the socket's writes until this turn ends (once per socket per turn). */
export function holdWrites(socket: WebSocket): void {
  const stream = streams.get(socket);
  if (!stream || stream.writableCorked > 0 || stream.destroyed) return;
  stream.cork();
  if (corked.push(stream) === 1) setImmediate(flush);
}
