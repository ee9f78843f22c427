import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TrustProxy } from '../config.js';
import { peerIsTrustedProxy } from '../http/client-address.js';

/*
 * The request id that follows one piece of work: an HTTP request, or a frame of the live connection,
 * through the services it calls and the bus events it publishes (which carry it to every node that
 * delivers them). Kept in an AsyncLocalStorage so no service has to pass it along by hand.
 */
const current = new AsyncLocalStorage<string>();

// This process's prefix and a counter: unique across the nodes of a cluster, and far cheaper than a
// UUID per frame. Ids sort by time within a process, which makes a log easier to follow.
const NODE = randomBytes(4).toString('hex');
let counter = 0;

export function newRequestId(): string {
  return `${NODE}-${(++counter).toString(36)}`;
}

/** The id of the work under way, or undefined outside of any (a timer, start-up). */
export function currentRequestId(): string | undefined {
  return current.getStore();
}

/** Runs fn, and everything it starts, under the id. */
export function withRequestId<T>(id: string, fn: () => T): T {
  return current.run(id, fn);
}

/** What an id from a proxy may look like: short, and nothing a log reader could be fooled by. */
const PROXY_ID = /^[\w.:-]{1,64}$/;

/**
 * The id of an HTTP request: the X-Request-Id a trusted proxy set (so the proxy's log and this one
 * name a request alike), else a new one. A client's own header is never taken: anyone could make
 * their requests look like someone else's in the log.
 */
export function requestIdFor(request: IncomingMessage, trustProxy: TrustProxy): string {
  const given = request.headers['x-request-id'];
  if (typeof given === 'string' && PROXY_ID.test(given) && peerIsTrustedProxy(request, trustProxy)) return given;
  return newRequestId();
}
