import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Api, LiveClient, uniqueName, type Frame } from './client.js';
import { useProcessCluster } from './support/process-cluster.js';
import { startWebClients, waitUntil, type WebLiveClient } from './support/web-live-crowd.js';
import { freePort } from '../src/net/free-port.js';
import { startLoadBalancer, type LoadBalancer } from '../src/testing/load-balancer.js';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.js';

/*
 * A cluster behind the shipped nginx load balancer, under faults users must not notice: a rolling
 * restart (each node in turn drained with SIGTERM and started again), a node killed with SIGKILL,
 * and a client that stops reading. The live clients are the web client's own LiveConnection, so
 * they reconnect as browsers do. Messages are sent over REST through the load balancer at 20/s;
 * those it acknowledged (201) must reach every client exactly once.
 */

const CLIENTS = 200;
const ACCOUNTS = 10;
const RATE_PER_S = 20;
const METRICS_TOKEN = 'rolling-restart-metrics';
/**
 * A moment after a node is ready before the next one stops, as an operator's script would leave; the
 * site never takes a node for failed (max_fails=0), so nothing longer is needed.
 */
const SETTLE_MS = 500;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cluster = useProcessCluster({
  TRUST_PROXY: 'loopback',
  RATE_LIMIT_SCALE: '100',
  // 20 of the clients share each account and, behind the proxy, one address.
  LIVE_MAX_CONNECTIONS_PER_USER: '0',
  LIVE_MAX_CONNECTIONS_PER_ADDRESS: '0',
  LIVE_MAX_BUFFERED_BYTES: String(256 * 1024),
  LOCAL_COTURN: 'false',
  LOG_REQUESTS: 'false',
  METRICS_TOKEN,
});
const nodes: ServerProcess[] = [];
let ports: number[];
let lb: LoadBalancer;
let api: Api;
let sender: { token: string; id: number };
let accounts: { token: string; id: number }[];
let channelId: number;
let clients: WebLiveClient[] = [];

/** Starts node `i` (0-based) on its port, which the load balancer lists, and waits until it is ready. */
async function startNode(i: number): Promise<ServerProcess> {
  const node = await startServerProcess({
    env: { ...cluster.get().env, PORT: String(ports[i]) },
    name: `node ${i + 1}`,
  });
  nodes[i] = node;
  await waitUntilReady(node);
  await pause(SETTLE_MS);
  return node;
}

async function waitUntilReady(node: ServerProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (
    (await fetch(`${node.url}/readyz`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > deadline) throw new Error(`${node.name} is not ready`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends messages over REST through the load balancer at a steady rate, recording every answer. */
class Sender {
  readonly statuses = new Map<number, number>();
  readonly acked: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Set<Promise<void>>();
  private count = 0;

  start(): void {
    const tag = randomBytes(3).toString('hex');
    this.timer = setInterval(() => {
      const nonce = `${tag}-${++this.count}`;
      const sent = this.send(nonce).finally(() => this.inFlight.delete(sent));
      this.inFlight.add(sent);
    }, 1_000 / RATE_PER_S);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.inFlight);
  }

  /** Answers of 500 and above, and requests that got no answer at all (0). */
  get failures(): [number, number][] {
    return [...this.statuses].filter(([status]) => status >= 500 || status === 0);
  }

  private async send(nonce: string): Promise<void> {
    const status = await fetch(`${lb.url}/api/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` },
      body: JSON.stringify({ channel_id: channelId, content: `rolling ${nonce}`, nonce }),
    }).then(
      async (res) => (await res.arrayBuffer(), res.status),
      () => 0,
    );
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status === 201) this.acked.push(nonce);
  }
}

/** Each client got each acknowledged message exactly once, and no message twice. */
async function expectEveryAckedMessageOnce(acked: readonly string[]): Promise<void> {
  await waitUntil(
    () => clients.every((c) => acked.every((nonce) => c.nonces.includes(nonce))),
    30_000,
    () => `${clients.filter((c) => acked.some((n) => !c.nonces.includes(n))).length} clients miss messages`,
  );
  for (const [i, client] of clients.entries()) {
    const seen = new Set(client.nonces);
    expect(client.nonces.length, `client ${i} received a message twice`).toBe(seen.size);
  }
}

const longestGap = () => Math.max(...clients.map((c) => c.longestGapMs()));

beforeAll(async () => {
  await cluster.start();
  ports = await Promise.all([freePort(), freePort()]);
  lb = await startLoadBalancer(ports);
  // Together, as a cluster starts: the migration lock keeps them from racing.
  await Promise.all([startNode(0), startNode(1)]);
  api = new Api(lb.url);
  const register = async () => {
    const r = await api.register(uniqueName('roll'));
    return { token: r.token, id: r.user.id };
  };
  sender = await register();
  accounts = [];
  for (let i = 0; i < ACCOUNTS; i++) accounts.push(await register());
  const channels = await api.get('/channel/', sender.token);
  channelId = channels.body.find((c: { name: string }) => c.name === 'general').id;
}, 180_000);

/** nginx's error log, each distinct complaint once per second with its count: the full log repeats itself. */
function nginxComplaints(): string {
  const seen = new Map<string, string>();
  for (const line of lb?.nginx.output().split('\n') ?? []) {
    const what = line
      .replace(/^\S+ \S+ \[(\w+)\] \d+#\d+: \*\d+ /, '[$1] ')
      .replace(/, client: .*?request: /, ', ')
      .replace(/, host: .*$/, '');
    const key = `${line.slice(11, 19)} ${what}`;
    seen.set(key, `${Number(seen.get(key)?.split(' ')[0] ?? 0) + 1} times`);
  }
  return [...seen].map(([what, times]) => `${what} (${times})`).join('\n');
}
beforeEach(({ onTestFailed }) =>
  onTestFailed(() => console.error(`--- nginx (nodes on ${ports.join(', ')}) ---\n${nginxComplaints()}`)),
);

afterAll(async () => {
  for (const client of clients) client.connection.stop();
  await lb?.stop();
});

describe('a cluster behind the load balancer', () => {
  it(
    'loses nothing in a rolling restart: every acknowledged message reaches every client once, and no request gets a 5xx',
    { timeout: 150_000 },
    async () => {
      clients = await startWebClients(lb.url, accounts, CLIENTS);
      const sender = new Sender();
      sender.start();
      await pause(1_000);
      for (const [i, node] of nodes.entries()) {
        process.kill(node.pid, 'SIGTERM');
        expect(await node.exited, `${node.name} after SIGTERM`).toEqual({ code: 0, signal: null });
        await startNode(i);
      }
      await pause(1_000);
      await sender.stop();

      expect(sender.failures, JSON.stringify([...sender.statuses])).toEqual([]);
      expect([...sender.statuses.keys()]).toEqual([201]);
      expect(sender.acked.length).toBeGreaterThan(RATE_PER_S * 5);
      await expectEveryAckedMessageOnce(sender.acked);
      // Every drop was resumed: no client started a second session (which would have lost events).
      expect(clients.filter((c) => c.sessions !== 1)).toHaveLength(0);
      expect(clients.some((c) => c.maxRetries)).toBe(false);
      console.log(
        `rolling restart of ${nodes.length} nodes, ${CLIENTS} clients, ${sender.acked.length} messages at ${RATE_PER_S}/s: ` +
          `longest gap any client saw ${longestGap()} ms`,
      );
    },
  );

  it(
    'resumes the clients of a node killed with SIGKILL on another node within 2 s, with nothing lost or doubled',
    { timeout: 90_000 },
    async () => {
      for (const client of clients) client.outages.length = 0;
      const sender = new Sender();
      sender.start();
      await pause(1_000);
      // After the rolling restart every client is on the node restarted first: kill it.
      const victim = nodes[0]!;
      const killedAt = Date.now();
      await victim.kill();
      // The kill's close reaches the clients after the process is gone: wait until every one (all were
      // on the victim) has seen it and is back.
      await waitUntil(
        () => clients.every((c) => c.outages.length > 0 && c.open),
        20_000,
        () =>
          `${clients.filter((c) => !c.open).length} not back, ${clients.filter((c) => c.outages.length > 0).length} saw the kill`,
      );
      const affected = clients.filter((c) => c.outages.length > 0);
      expect(affected.length).toBeGreaterThan(0);
      const resumedWithin = Math.max(...affected.map((c) => c.outages.at(-1)![1]! - killedAt));
      await pause(1_000);
      await sender.stop();
      await startNode(0);

      // A request to the killed node may fail (it was killed, not drained): only acknowledged ones count.
      await expectEveryAckedMessageOnce(sender.acked);
      expect(clients.filter((c) => c.sessions !== 1)).toHaveLength(0);
      console.log(
        `SIGKILL: ${affected.length} clients resumed on the other node, the last ${resumedWithin} ms after the kill`,
      );
      // The requirement: resumed elsewhere within 2 s of the kill.
      expect(resumedWithin).toBeLessThan(2_000);
    },
  );

  it(
    'closes a client that stops reading on one node while another node publishes; the others get everything',
    { timeout: 90_000 },
    async () => {
      for (const client of clients) client.connection.stop();
      clients = [];
      const [a, b] = nodes as [ServerProcess, ServerProcess];
      const slow = await LiveClient.authed(a.url, accounts[0]!.token);
      const onA = await LiveClient.authed(a.url, accounts[1]!.token);
      const onB = await LiveClient.authed(b.url, accounts[2]!.token);
      // Stop reading: once the kernel's buffers for it are full (a few MB on loopback), node A's queue grows.
      (slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
      const nodeB = new Api(b.url);
      const big = 'z'.repeat(3_990);
      const total = 1_600;
      const nonces: string[] = [];
      for (let i = 0; i < total; i += 16) {
        const batch = Array.from({ length: 16 }, (_, j) => `slow-${i + j}`);
        nonces.push(...batch);
        const answers = await Promise.all(
          batch.map((nonce) =>
            nodeB.post('/message', { channel_id: channelId, content: `${nonce} ${big}`, nonce }, sender.token),
          ),
        );
        expect(answers.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
      }
      const gotAll = (c: LiveClient) => () => nonces.every((n) => c.frames.some((f: Frame) => f.data?.nonce === n));
      await waitUntil(gotAll(onA), 30_000, () => 'the reading client on node A misses messages');
      await waitUntil(gotAll(onB), 30_000, () => 'the client on node B misses messages');
      // Node A let go of the slow one (its queue was capped at LIVE_MAX_BUFFERED_BYTES) and kept the other.
      const liveOnA = async () => {
        const res = await fetch(`${a.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        return Number((await res.text()).match(/^hearth_live_connections (\d+)/m)?.[1]);
      };
      await expect.poll(liveOnA, { timeout: 10_000 }).toBe(1);
      expect(onA.closed).toBeNull();
      expect(onB.closed).toBeNull();
      // Reading again, the slow client finds its connection ended, short of the messages it fell behind on.
      (slow.socket as unknown as { _socket: { resume(): void } })._socket.resume();
      await slow.waitForClose(15_000);
      expect(gotAll(slow)()).toBe(false);
      for (const c of [slow, onA, onB]) c.socket.terminate();
    },
  );
});
