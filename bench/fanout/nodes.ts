/**
 * Two nodes against one at the same offered load (`npm run bench:fanout -- --nodes 2`): Hearth as a
 * cluster (two server processes on one PostgreSQL, the events on a Redis stream), measured first with
 * every client on node 1 (node 2 running beside it with none, reading the same stream), then with the
 * clients shared between both. Same sign-ups, same load, same servers: what the second node changes
 * is only where the connections are.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, startThrowawayRedis } from '@hearth/server/testing';
import { HEARTH_BENCH_ENV, registerUsers, withCleanup, withHearth } from './hearth.js';
import { openLoadPool, type PoolOptions } from './load-pool.js';
import { measureWindow, type Measured } from './measure-window.js';

export interface NodesParams {
  clients: number;
  senders: number;
  rate: number;
  seconds: number;
  workers: number;
}

export interface NodesResult {
  one: Measured;
  two: Measured;
}

export async function measureNodes(p: NodesParams, log: (line: string) => void): Promise<NodesResult> {
  log('Redis: starting');
  const redis = await startThrowawayRedis();
  return withCleanup(
    () => redis.stop(),
    () =>
      withHearth(
        log,
        async ({ server: node1, base, wsUrl, general, databaseUrl }) => {
          const dataDir = await mkdtemp(path.join(tmpdir(), 'hearth-bench-node2-'));
          return withCleanup(
            () => rm(dataDir, { recursive: true, force: true }),
            async () => {
              log('Hearth node 2: starting (the same database and Redis)');
              const node2 = await startServerProcess({
                name: 'Hearth node 2',
                env: { ...HEARTH_BENCH_ENV, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: redis.url },
                startTimeoutMs: 300_000,
                echoStderr: true,
              });
              return withCleanup(
                async () => void (await node2.stop()),
                async () => {
                  const users = await registerUsers(base, p.clients, 'fan', log);
                  const opts: PoolOptions = {
                    wsUrl,
                    tokens: users.map((u) => u.access_token),
                    channelId: general.id,
                    senders: p.senders,
                    rate: p.rate,
                    seconds: p.seconds,
                  };
                  const pids = [node1.pid, node2.pid];
                  const measureOn = async (wsUrls: string[]) => {
                    const clients = await openLoadPool({ ...opts, wsUrls }, p.workers, log);
                    try {
                      return await measureWindow(clients, pids);
                    } finally {
                      await clients.close();
                    }
                  };
                  log('1 node: every client on node 1');
                  const one = await measureOn([wsUrl]);
                  log('2 nodes: the clients shared between them');
                  const two = await measureOn([wsUrl, `ws://127.0.0.1:${node2.port}/ws`]);
                  return { one, two };
                },
              );
            },
          );
        },
        { env: { REDIS_URL: redis.url } },
      ),
  );
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(2)}x` : 'n/a');
const pct = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? 'n/a' : `${v.toFixed(0)}%`);

export function reportNodes(p: NodesParams, r: NodesResult, log: (line: string) => void): void {
  const { one, two } = r;
  const row = (label: string, f: (m: Measured) => number, show: (v: number) => string = ms) =>
    log(`| ${label} | ${show(f(one))} | ${show(f(two))} | ${ratio(f(two), f(one))} |`);
  log('');
  log(`Two nodes against one: ${p.clients} clients, ${p.senders} senders, ${p.rate} msg/s in total, ${p.seconds} s,`);
  log('events on a Redis stream; 1 node: every client on node 1; 2 nodes: the clients alternate between them');
  log(
    `(${Math.round(p.rate * p.seconds)} messages, ${Math.round(p.rate * p.seconds) * p.clients} deliveries expected)`,
  );
  log('');
  log('| | 1 node | 2 nodes | 2 / 1 |');
  log('|---|---:|---:|---:|');
  row(
    'delivered msg/s',
    (m) => m.load.deliveredPerSec,
    (v) => v.toFixed(0),
  );
  row('p50 latency (ms)', (m) => m.load.latencyMs.p50);
  row('p99 latency (ms)', (m) => m.load.latencyMs.p99);
  row('max latency (ms)', (m) => m.load.latencyMs.max);
  row(
    'server CPU per delivery, both nodes (µs)',
    (m) => m.serverUsPerDelivery,
    (v) => v.toFixed(2),
  );
  const errors = (m: Measured) =>
    `${m.load.sendErrors} / ${m.load.errorFrames} / ${m.load.unexpectedCloses} / ${m.load.missing} of ${m.load.expected}`;
  log(`| errors: send / error frames / closes / missing | ${errors(one)} | ${errors(two)} | |`);
  log(
    `| node 1 / node 2 CPU while sending | ${one.nodesCpu.map(pct).join(' / ')} | ${two.nodesCpu.map(pct).join(' / ')} | |`,
  );
  log('');
  for (const [name, m] of [
    ['1 node', one],
    ['2 nodes', two],
  ] as const) {
    // Node 1's "other processes" hold node 2 as well: it is taken out, and Redis stays in.
    const other = (m.cpu.other ?? NaN) - (m.nodesCpu[1] ?? 0);
    log(
      `${name}: postgres ${pct(m.cpu.postgres)}, load client ${pct(m.cpu.client)}, Redis and other processes ` +
        `${pct(Math.max(0, other))}; load client event loop ${(m.load.clientElu * 100).toFixed(0)}% busy (busiest thread)`,
    );
  }
}
