import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Config } from '../config.js';

/**
 * Fastify options that bound how long a client may hold an HTTP socket: a slow or half-sent request
 * is answered 408 and closed, an idle kept-alive socket and a socket with no traffic are closed.
 */
export function httpServerLimits(config: Config) {
  const timeouts = [config.httpHeadersTimeoutMs, config.httpRequestTimeoutMs].filter((t) => t > 0);
  return {
    connectionTimeout: config.httpIdleTimeoutMs,
    keepAliveTimeout: config.httpKeepAliveTimeoutMs,
    requestTimeout: config.httpRequestTimeoutMs,
    http: {
      headersTimeout: config.httpHeadersTimeoutMs,
      requestTimeout: config.httpRequestTimeoutMs,
      // Node checks the two timeouts above only this often (30 s by default, which let a 60 s limit
      // hold a socket 90 s); a quarter of the shorter one keeps the overshoot small.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(Math.min(...timeouts) / 4))),
    },
  };
}

/**
 * Caps the HTTP sockets one peer address holds open at once: past the cap a new socket is closed as
 * soon as it connects, before anything is read from it. A socket upgraded to a live connection
 * leaves this count (call the returned `release` on upgrade); the gateway caps those itself.
 * Only the peer address is known at this point, so behind a proxy (where every socket comes from
 * the proxy) this cap must not be installed.
 */
export function capSocketsPerAddress(server: Server, max: number): (socket: Duplex) => void {
  const open = new Map<string, number>();
  const counted = new WeakMap<Duplex, string>();
  const release = (socket: Duplex) => {
    const address = counted.get(socket);
    if (address === undefined) return;
    counted.delete(socket);
    const left = open.get(address)! - 1;
    if (left > 0) open.set(address, left);
    else open.delete(address);
  };
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return; // already gone
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    counted.set(socket, address);
    socket.once('close', () => release(socket));
  });
  return release;
}
