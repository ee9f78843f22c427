import type { IncomingMessage } from 'node:http';

/**
 * The client's address for a raw request (a WebSocket upgrade, which Fastify never sees), the same
 * one Fastify gives as `request.ip` with the server's `trustProxy` setting: behind a trusted proxy
 * (every hop trusted) the first X-Forwarded-For entry, otherwise the socket's peer.
 */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  if (!trustProxy) return peer;
  const header = request.headers['x-forwarded-for'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return first || peer;
}
