import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLOSE } from '@hearth/protocol';
import { LiveClient, uniqueName, type Frame, type Person } from './client.js';
import { startThrowawayRedis, type ThrowawayRedis } from '../src/testing/redis-server.js';
import { logMessages } from '../src/testing/server-process.js';
import { useProcessCluster, type ClusterNode } from './support/process-cluster.js';
import { TcpProxy } from './support/tcp-proxy.js';

/*
 * Redis goes away under a cluster of two nodes and comes back: REST keeps serving, every message
 * acknowledged meanwhile is kept, and every live client is either told to start afresh or keeps
 * receiving, never left connected and deaf. Staged twice: the network to Redis is cut and restored
 * (Redis keeps its data and its run), and redis-server itself is stopped and started again on the same
 * port (its data gone, as with a Redis that keeps nothing on disk).
 */

const WAIT_MS = 20_000;
// Started before the cluster and stopped after it: afterAll hooks run last registered first.
let redis: ThrowawayRedis;
let relay: TcpProxy;
afterAll(async () => {
  await relay?.close();
  await redis?.stop();
});
const env: Record<string, string> = {};
const cluster = useProcessCluster(env);
let a: ClusterNode;
let b: ClusterNode;
let alice: Person & { password: string };
let bob: Person;
let carol: Person;
let channelId: number;
const clients: LiveClient[] = [];
afterAll(() => {
  for (const c of clients) c.socket.terminate();
});

beforeAll(async () => {
  redis = await startThrowawayRedis();
  // The nodes reach Redis through a relay, so the first scenario can cut the network alone.
  relay = await TcpProxy.open('127.0.0.1', redis.port);
  env.REDIS_URL = `redis://127.0.0.1:${relay.port}`;
  [a, b] = await (await cluster.start()).startNodes('node a', 'node b');
  const name = uniqueName('alice');
  const registered = await a.api.register(name, 'alice-secret');
  alice = { token: registered.token, id: registered.user.id, username: name, password: 'alice-secret' };
  bob = await b.api.person('bob');
  carol = await a.api.person('carol');
  const channels = await a.api.get('/channel/', alice.token);
  channelId = channels.body.find((c: { name: string }) => c.name === 'general').id;
}, 120_000);

async function live(node: ClusterNode, person: Person): Promise<LiveClient> {
  const client = await LiveClient.authed(node.url, person.token);
  clients.push(client);
  return client;
}

const nonce = () => `n-${randomBytes(6).toString('hex')}`;
const isMessage = (n: string) => (f: Frame) => f.type === 'message' && f.data?.nonce === n;

async function sendOverRest(node: ClusterNode, who: Person, content: string): Promise<string> {
  const n = nonce();
  const res = await node.api.post('/message', { channel_id: channelId, content, nonce: n }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return n;
}

async function readiness(node: ClusterNode) {
  const res = await fetch(`${node.url}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * The client's answer to a close: resume where it was; refused, authenticate again (a `ready`: it
 * reloads). Right after Redis is back, a session started a moment before a node appends the gap it
 * owes is told to start afresh once more (1012), as it may miss what the gap stands for: the web
 * client then simply does this again, and so does this one (at most twice more).
 */
async function reconnect(node: ClusterNode, who: Person, old: LiveClient): Promise<LiveClient> {
  for (let attempt = 1; ; attempt++) {
    const client = await reconnectOnce(node, who, old).catch((err: unknown) => err as Error & { client?: LiveClient });
    if (!(client instanceof Error)) return client;
    if (attempt === 3 || client.client?.closed?.code !== CLOSE.serviceRestart) throw client;
  }
}

async function reconnectOnce(node: ClusterNode, who: Person, old: LiveClient): Promise<LiveClient> {
  const ready = old.frames.find((f) => f.type === 'ready')!;
  const lastSeq = Math.max(...old.frames.map((f) => f.seq ?? 0));
  const client = await LiveClient.connect(node.url);
  clients.push(client);
  try {
    client.send({ type: 'resume', session_id: ready.data.session_id, seq: lastSeq, token: who.token });
    const answer = await client.waitFor((f) => f.type === 'invalid_session' || f.type === 'resumed', WAIT_MS);
    // A resume would replay the log, which lacks what could not be published: it must be refused.
    expect(answer.type).toBe('invalid_session');
    client.send({ type: 'auth', token: who.token });
    await client.waitFor((f) => f.type === 'ready', WAIT_MS);
    return client;
  } catch (err) {
    throw Object.assign(err as Error, { client });
  }
}

/** One outage, staged by `down` and ended by `up`, seen from two live clients and REST on both nodes. */
async function throughAnOutage(down: () => Promise<void>, up: () => Promise<void>): Promise<void> {
  const aliceLive = await live(a, alice);
  const bobLive = await live(b, bob);
  const carolOld = await live(a, carol);
  const acknowledged = [await sendOverRest(a, alice, 'before the outage')];
  await bobLive.waitFor(isMessage(acknowledged[0]!), WAIT_MS);

  // What ioredis and the bus say while Redis is gone is expected here.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const saidBefore = [a, b].map((node) => node.process.writtenSoFar());
  await down();
  await expect.poll(async () => (await readiness(a)).body.down, { timeout: WAIT_MS }).toEqual(['redis']);
  expect((await readiness(b)).status).toBe(503);

  // REST goes on: signing in (its rate limits counted on each node meanwhile), reading history, sending.
  const signIn = await b.api.post('/auth/login', { username: alice.username, password: alice.password });
  expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
  acknowledged.push(await sendOverRest(a, alice, 'sent over REST while Redis is down'));
  acknowledged.push(await sendOverRest(b, bob, 'sent on the other node while Redis is down'));
  const history = await b.api.get(`/message?channel_id=${channelId}&limit=50`, bob.token);
  expect(history.status).toBe(200);
  expect(history.body.map((m: { nonce: string }) => m.nonce)).toEqual(expect.arrayContaining(acknowledged));

  // A send over the live connection is stored, and its sender is answered with the message itself.
  const liveNonce = nonce();
  bobLive.send({ type: 'message', channel_id: channelId, content: 'sent live while Redis is down', nonce: liveNonce });
  const echo = await bobLive.waitFor(isMessage(liveNonce), WAIT_MS);
  expect(echo.data).toMatchObject({ user_id: bob.id, channel_id: channelId });
  acknowledged.push(liveNonce);
  // A client connecting meanwhile gets its session (sign-in does not need Redis)...
  const lateLive = await live(b, alice);
  // ...and so does one whose connection ended meanwhile (its node drained, a network blip) and that
  // resumes on the other node: its session cannot be read, so the resume is refused, not failed (a
  // failure counts toward the client's 5 attempts), and it starts afresh at once.
  carolOld.socket.terminate();
  const carolLive = await reconnect(b, carol, carolOld);

  await up();
  await expect.poll(async () => (await readiness(a)).status, { timeout: WAIT_MS }).toBe(200);
  // ...and, like the others, is told to start afresh: the log may lack events it should have had.
  for (const client of [aliceLive, bobLive, lateLive, carolLive]) {
    expect(await client.waitForClose(WAIT_MS)).toMatchObject({ code: CLOSE.serviceRestart });
  }
  vi.restoreAllMocks();
  // Each node's log says once that Redis went and once that it is back, with how long it was away,
  // however many reconnection attempts and session saves failed meanwhile.
  for (const [i, node] of [a, b].entries()) {
    const said = () => logMessages(node.process.outputSince(saidBefore[i]!));
    await expect
      .poll(() => said().filter((m) => /^\[redis\] Redis is reachable again after [\d.]+ s/.test(m)), {
        timeout: WAIT_MS,
      })
      .toHaveLength(1);
    expect(said().filter((m) => m.startsWith('[redis] Redis is unreachable'))).toHaveLength(1);
    // Nothing else of Redis's but the event log's own two lines (events wait; sessions start afresh).
    const aboutRedis = said().filter((m) => /redis|could not save session/i.test(m));
    expect(aboutRedis.length, aboutRedis.join('\n')).toBeLessThanOrEqual(5);
  }
  const [aliceAgain, bobAgain] = await Promise.all([reconnect(a, alice, aliceLive), reconnect(b, bob, bobLive)]);

  // The reload finds every acknowledged message, on either node.
  for (const [node, who] of [
    [a, alice],
    [b, bob],
  ] as const) {
    const page = await node.api.get(`/message?channel_id=${channelId}&limit=50`, who.token);
    expect(page.body.map((m: { nonce: string }) => m.nonce)).toEqual(expect.arrayContaining(acknowledged));
  }
  // And live events cross the nodes again, both ways.
  const fromA = await sendOverRest(a, alice, 'after the outage, from node a');
  const fromB = await sendOverRest(b, bob, 'after the outage, from node b');
  for (const client of [aliceAgain, bobAgain]) {
    await client.waitFor(isMessage(fromA), WAIT_MS);
    await client.waitFor(isMessage(fromB), WAIT_MS);
  }
}

describe('Redis stops and comes back', { timeout: 120_000 }, () => {
  // The nodes' output is printed through console.error when a test fails: never left silenced.
  afterEach(() => vi.restoreAllMocks());

  it('when the network to Redis is cut and restored, nothing acknowledged is lost and live clients start afresh', async () => {
    await throughAnOutage(
      () => relay.cut(),
      () => relay.restore(),
    );
  });

  it('when redis-server stops and starts again empty, the same holds', async () => {
    await throughAnOutage(
      () => redis.stop(),
      async () => {
        redis = await redis.startAgain();
      },
    );
  });

  it('when the node that lost an event stops before Redis is back, the live clients of the others still start afresh', async () => {
    for (const c of clients.splice(0)) c.socket.terminate();
    const bobLive = await live(b, bob);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await relay.cut();
    for (const node of [a, b])
      await expect.poll(async () => (await readiness(node)).body.down, { timeout: WAIT_MS }).toEqual(['redis']);
    // Stored and acknowledged on node a only: its event reaches nobody, and only node a lost it.
    const missed = await sendOverRest(a, alice, 'sent on node a, which then stops');
    // Node a goes before Redis is back (a rolling restart's drain), and with it its memory of the loss.
    process.kill(a.process.pid, 'SIGTERM');
    expect(await a.process.exited).toMatchObject({ code: 0 });
    await relay.restore();
    // Bob's session heard nothing of the message: it must start afresh, or he never sees it.
    expect(await bobLive.waitForClose(WAIT_MS)).toMatchObject({ code: CLOSE.serviceRestart });
    vi.restoreAllMocks();
    await reconnect(b, bob, bobLive);
    const page = await b.api.get(`/message?channel_id=${channelId}&limit=50`, bob.token);
    expect(page.body.map((m: { nonce: string }) => m.nonce)).toContain(missed);
  });
});
