import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';

/**
 * TRUST_PROXY: false (no proxy: the socket's peer is the client), true (every hop is trusted: only
 * for a server no client can reach except through the proxy), or the proxies' addresses and
 * subnets ('loopback', '10.0.0.0/8', ...). With a list, X-Forwarded-For is read from the right and
 * only through trusted proxies, so entries a client wrote itself are never taken as its address.
 */
export type TrustProxy = boolean | string[];

/** Reads TRUST_PROXY: 'true', 'false' (or unset), or a comma-separated list of proxy addresses. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  const list = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  proxyAddr.compile(list); // throws on an address it cannot read, so a typo stops the start
  return list;
}

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
