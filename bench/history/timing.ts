/**
 * Times requests over HTTP: one client sending one after another, and several clients at once. The
 * pages asked for are random "page before id" requests of the channel, from a seeded generator, so
 * every run (before and after a change) asks for the same pages.
 *
 * Requests go through node:http with keep-alive rather than fetch, whose own cost per request is
 * about a millisecond here and would be counted as the server's. They accept brotli, as browsers do
 * over HTTPS; the answer is read to its last byte but not decoded or parsed (client work, not the
 * server's).
 */
import http from 'node:http';
import { MESSAGE_PAGE_SIZE } from '@hearth/protocol/constants';
import type { LoadedChannel } from './load.js';

export interface Latencies {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface Timed {
  requests: number;
  errors: number;
  /** The first error's status and text, to say what went wrong. */
  firstError?: string;
  seconds: number;
  perSecond: number;
  latencyMs: Latencies;
}

export interface Target {
  baseUrl: string;
  token: string;
  channel: LoadedChannel;
}

/** The path of each next request. */
export type Paths = () => string;

/** Authentication and nothing else: the floor under every signed-in request, to compare a page with. */
export const AUTH_ME: Paths = () => '/api/auth/me';

/** mulberry32: small, fast and seedable; Math.random cannot be seeded. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pagePath(channel: LoadedChannel, before: number): string {
  return `/api/message?channel_id=${channel.channelId}&before=${before}&limit=${MESSAGE_PAGE_SIZE}`;
}

/** Pages before random ids, each a full page (at least a page of older messages exists). */
export function randomPages(channel: LoadedChannel, seed: number): Paths {
  const random = seeded(seed);
  const lowest = channel.firstId + MESSAGE_PAGE_SIZE;
  const span = channel.lastId + 1 - lowest + 1;
  return () => pagePath(channel, lowest + Math.floor(random() * span));
}

function percentiles(sorted: number[]): Latencies {
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN };
}

interface Sample {
  ms: number;
  error?: string;
}

/** Enough sockets for every concurrent client, kept open between requests as a browser keeps them. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request, timed from sending it to the last byte of the answer. */
function timedGet(target: Target, path: string): Promise<Sample> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${target.token}`, 'accept-encoding': 'br' };
    const req = http.get(`${target.baseUrl}${path}`, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const ms = performance.now() - t0;
        const status = res.statusCode ?? 0;
        const error = status === 200 ? undefined : `${status} ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`;
        resolve({ ms, error });
      });
    });
    req.on('error', reject);
  });
}

function summarise(samples: Sample[], seconds: number): Timed {
  const failed = samples.filter((s) => s.error !== undefined);
  const ok = samples.filter((s) => s.error === undefined).map((s) => s.ms);
  ok.sort((a, b) => a - b);
  return {
    requests: samples.length,
    errors: failed.length,
    firstError: failed[0]?.error,
    seconds,
    perSecond: ok.length / seconds,
    latencyMs: percentiles(ok),
  };
}

/** Checks once that an answer is a full page, oldest first, before `before`: a fast wrong answer would mean nothing. */
export async function checkPage(target: Target): Promise<void> {
  const before = target.channel.lastId;
  const url = `${target.baseUrl}${pagePath(target.channel, before)}`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${target.token}` } });
  const page = (await res.json()) as { id: number; reactions: unknown[]; attachments: unknown[] }[];
  const ids = page.map((m) => m.id);
  const expected = Array.from({ length: MESSAGE_PAGE_SIZE }, (_, i) => before - MESSAGE_PAGE_SIZE + i);
  if (!res.ok || JSON.stringify(ids) !== JSON.stringify(expected))
    throw new Error(`GET ${url} did not answer the page before ${before}: ${res.status} ${JSON.stringify(ids)}`);
  // load.ts puts one reaction on every third message and a second on every sixth.
  const reactions = page.map((m) => m.reactions.length);
  const expectedReactions = expected.map((id) => (id % 6 === 0 ? 2 : id % 3 === 0 ? 1 : 0));
  if (JSON.stringify(reactions) !== JSON.stringify(expectedReactions))
    throw new Error(`GET ${url} did not carry the loaded reactions: ${JSON.stringify(reactions)}`);
  const pictures = page.map((m) => m.attachments.length);
  if (JSON.stringify(pictures) !== JSON.stringify(expected.map((id) => (id % 10 === 0 ? 1 : 0))))
    throw new Error(`GET ${url} did not carry the loaded attachments: ${JSON.stringify(pictures)}`);
}

/** `count` requests, one after another. */
export async function sequential(target: Target, count: number, next: Paths): Promise<Timed> {
  const samples: Sample[] = [];
  const t0 = performance.now();
  for (let i = 0; i < count; i++) samples.push(await timedGet(target, next()));
  return summarise(samples, (performance.now() - t0) / 1000);
}

/** `clients` loops, each sending its next request as soon as its previous one is answered, for `seconds`. */
export async function concurrent(target: Target, clients: number, seconds: number, next: Paths): Promise<Timed> {
  const samples: Sample[] = [];
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) samples.push(await timedGet(target, next()));
    }),
  );
  return summarise(samples, (performance.now() - t0) / 1000);
}
