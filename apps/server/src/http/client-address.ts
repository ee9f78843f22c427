import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';
import type { TrustProxy } from '../config.js';

/**
 * The client's address for a raw request (a WebSocket upgrade, which Fastify never sees), computed
 * exactly as Fastify computes `request.ip` with the same `trustProxy` setting.
 */
export function clientAddress(request: IncomingMessage, trustProxy: TrustProxy): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  if (trustProxy === false) return peer;
  const trust = trustProxy === true ? trustAll : compiled(trustProxy);
  const addresses = proxyAddr.all(request, trust);
  return addresses[addresses.length - 1] ?? peer;
}

const trustAll = () => true;
const compiledLists = new WeakMap<string[], (address: string, hop: number) => boolean>();
function compiled(list: string[]) {
  let trust = compiledLists.get(list);
  if (!trust) compiledLists.set(list, (trust = proxyAddr.compile(list)));
  return trust;
}

/** Whether the socket's peer is a proxy TRUST_PROXY names, so what it adds to a request may be believed. */
export function peerIsTrustedProxy(request: IncomingMessage, trustProxy: TrustProxy): boolean {
  if (trustProxy === false) return false;
  if (trustProxy === true) return true;
  const peer = request.socket.remoteAddress;
  return peer !== undefined && compiled(trustProxy)(peer, 0);
}
