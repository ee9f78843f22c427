import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { hostPort, isPublicAddress } from './address-policy.js';
import { Slots } from './slots.js';

/** Why a fetch was given up; the caller only logs or caches it, nobody is shown it. */
export class FetchRefused extends Error {}

/** Resolves a host name to all its addresses (tests put a resolver of their own in place). */
export type Resolver = (host: string) => Promise<LookupAddress[]>;

/**
 * `resolve`, with at most `size` lookups under way at once. The system's lookup (getaddrinfo) runs on
 * libuv's small thread pool (4 threads), which file reads and password hashing share: a slow or hostile
 * DNS server named in links must never hold all of it. A lookup given up at a fetch's deadline keeps
 * its slot until it really ends, since its thread is still taken.
 */
export function limitedResolver(resolve: Resolver, size: number): Resolver {
  const slots = new Slots(size);
  return (host) => slots.run(() => resolve(host));
}

export const systemResolver: Resolver = limitedResolver((host) => dnsLookup(host, { all: true, verbatim: true }), 2);

export interface SafeFetchOptions {
  /** `host:port` pairs that may be private (UNFURL_ALLOWED_HOSTS). */
  allowedHosts: ReadonlySet<string>;
  /** Ends everything: lookups, connections, redirects and the body (the overall deadline). */
  signal: AbortSignal;
  maxRedirects: number;
  maxBytes: number;
  /** Beyond maxBytes: keep what came (a page's head has its tags) or refuse (an image cut short is no image). */
  overflow: 'truncate' | 'refuse';
  /** Whether an answer of this media type is wanted at all; checked before the body is read. */
  accepts(contentType: string): boolean;
  accept: string;
  resolver?: Resolver;
}

export interface Fetched {
  /** The address finally answered, after redirects. */
  url: string;
  contentType: string;
  body: Buffer;
}

const USER_AGENT = 'Mozilla/5.0 (compatible; HearthLinkPreview/1.0)';

/** `work`, or the deadline's error when it passes first (a lookup cannot be cancelled, only left). */
function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * The addresses a request to `url` may connect to: resolved once here, every one checked, and the
 * connection then made to these very addresses (the lookup below hands them over without asking DNS
 * again, so a name cannot answer a public address to the check and a private one to the connection).
 */
async function checkedAddresses(url: URL, options: SafeFetchOptions): Promise<LookupAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  const addresses = family
    ? [{ address: host, family }]
    : await beforeDeadline((options.resolver ?? systemResolver)(host), options.signal);
  if (addresses.length === 0) throw new FetchRefused('no address');
  if (options.allowedHosts.has(hostPort(url))) return addresses;
  if (!addresses.every((a) => isPublicAddress(a.address))) throw new FetchRefused('address not public');
  return addresses;
}

/** One request and its answer's head, connected only to `addresses`. */
function request(url: URL, addresses: LookupAddress[], options: SafeFetchOptions): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        // A connection of its own each time: a pooled socket could be one made for another lookup.
        agent: false,
        signal: options.signal,
        headers: { 'user-agent': USER_AGENT, accept: options.accept, 'accept-encoding': 'identity' },
        // Called by the connection instead of DNS, with what was checked (Node asks for one address or all).
        lookup: (_host, lookupOptions, callback) => {
          const cb = callback as (...args: unknown[]) => void;
          if ((lookupOptions as { all?: boolean }).all) cb(null, addresses);
          else cb(null, addresses[0]!.address, addresses[0]!.family);
        },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

async function readBody(res: http.IncomingMessage, options: SafeFetchOptions): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (options.overflow === 'refuse' && declared > options.maxBytes) throw new FetchRefused('too large');
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > options.maxBytes) {
      res.destroy();
      if (options.overflow === 'refuse') throw new FetchRefused('too large');
      chunks.push(chunk.subarray(0, chunk.length - (total - options.maxBytes)));
      return Buffer.concat(chunks);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * GET of an outside address, safe by construction: http and https only; each address (the first and
 * every redirect, followed by hand, at most maxRedirects) resolved once, refused unless every address
 * it resolves to is public (or its `host:port` is allowed), and connected to exactly those; the
 * media type checked before the body; at most maxBytes read; all within the caller's deadline.
 */
export async function safeFetch(address: string, options: SafeFetchOptions): Promise<Fetched> {
  let url = new URL(address);
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('not http(s)');
    if (url.username || url.password) throw new FetchRefused('credentials in address');
    const addresses = await checkedAddresses(url, options);
    options.signal.throwIfAborted();
    const res = await request(url, addresses, options);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location) {
      res.destroy();
      if (redirects >= options.maxRedirects) throw new FetchRefused('too many redirects');
      url = new URL(location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      res.destroy();
      throw new FetchRefused(`status ${status}`);
    }
    const contentType = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!options.accepts(contentType)) {
      res.destroy();
      throw new FetchRefused('unwanted type');
    }
    const body = await readBody(res, options);
    return { url: url.href, contentType: res.headers['content-type'] ?? '', body };
  }
}
