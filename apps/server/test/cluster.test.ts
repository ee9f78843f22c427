import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE, TEXT } from '@hearth/protocol';
import { Api, LiveClient, uniqueName, type Frame } from './client.js';
import type { ServerProcess } from '../src/testing/server-process.js';
import { useProcessCluster } from './support/process-cluster.js';

/*
 * Two server processes sharing one PostgreSQL and one Redis behave as one: events reach clients on
 * either node in one order, a session resumes on the other node, and rate limits are counted once.
 * Both nodes run with the default rate limits, so this file registers only four users (20 a minute
 * are allowed per address) and logs in only in the rate-limit test.
 */

const WAIT_MS = 15_000;

const PRESENCE_ENV = {
  PRESENCE_OFFLINE_GRACE_MS: '300',
  PRESENCE_NODE_BEAT_MS: '200',
  PRESENCE_NODE_TIMEOUT_MS: '1500',
};
// Presence moves fast here, so going offline and a dead node are seen within the test.
const cluster = useProcessCluster(PRESENCE_ENV);
let node1: ServerProcess;
let node2: ServerProcess;
let api1: Api;
let api2: Api;
let admin: { id: number; token: string };
let bob: { id: number; token: string };
let carol: { id: number; token: string };
let general: { id: number; group_id: number };
const clients: LiveClient[] = [];

/** An authenticated live connection, closed in afterAll. */
async function live(node: ServerProcess, token: string): Promise<LiveClient> {
  const client = await LiveClient.authed(node.url, token);
  clients.push(client);
  return client;
}

const isMessage = (nonce: string) => (f: Frame) => f.type === 'message' && f.data?.nonce === nonce;
// Presence events are per user by design (one's own differ from what others get): compared apart.
const eventsOf = (client: LiveClient) =>
  client.frames.filter((f) => f.seq !== null && f.type !== 'ready' && !f.type.startsWith('presence_'));
const seqsOf = (client: LiveClient) => client.frames.filter((f) => f.seq !== null).map((f) => f.seq!);

function expectIncreasing(seqs: number[]) {
  for (let i = 1; i < seqs.length; i++)
    expect(seqs[i], `seq ${i} of ${JSON.stringify(seqs)}`).toBeGreaterThan(seqs[i - 1]!);
}

async function postMessage(api: Api, token: string, channelId: number, content: string, nonce: string) {
  const res = await api.post('/message', { channel_id: channelId, content, nonce }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  // Started together, as a cluster would be: the migration lock keeps them from racing.
  const [one, two] = await (await cluster.start()).startNodes('node 1', 'node 2');
  [node1, node2] = [one.process, two.process];
  api1 = new Api(node1.url);
  api2 = new Api(node2.url);
  // One after the other: the first account becomes the admin.
  const reg = async (api: Api, name: string) => {
    const r = await api.register(uniqueName(name));
    return { id: r.user.id, token: r.token };
  };
  admin = await reg(api1, 'admin');
  bob = await reg(api2, 'bob');
  carol = await reg(api1, 'carol');
  const channels = await api2.get('/channel/', admin.token);
  general = channels.body.find((c: { name: string }) => c.name === 'general');
  expect(general).toBeDefined();
});

afterAll(() => {
  for (const c of clients) c.socket.terminate();
});

describe('a cluster of two nodes', { timeout: 60_000 }, () => {
  it('delivers events to clients on either node, in one order', async () => {
    const a = await live(node1, admin.token);
    const b = await live(node2, bob.token);

    // A sends over its WebSocket on node 1.
    const n1 = `ws-${randomBytes(4).toString('hex')}`;
    a.send({ type: 'message', channel_id: general.id, content: 'hello from node 1', nonce: n1 });
    const [a1, b1] = await Promise.all([a.waitFor(isMessage(n1), WAIT_MS), b.waitFor(isMessage(n1), WAIT_MS)]);
    expect(a1.data).toMatchObject({ content: 'hello from node 1', user_id: admin.id, channel_id: general.id });
    expect(b1).toEqual(a1);

    // A sends over REST on node 2.
    const n2 = `rest-${randomBytes(4).toString('hex')}`;
    const sent = await postMessage(api2, admin.token, general.id, 'hello via node 2', n2);
    const [a2, b2] = await Promise.all([a.waitFor(isMessage(n2), WAIT_MS), b.waitFor(isMessage(n2), WAIT_MS)]);
    expect(a2.data).toEqual(sent);
    expect(b2).toEqual(a2);
    expect(a2.seq).toBeGreaterThan(a1.seq!);

    // A channel created over REST on node 2 reaches node 1.
    const created = await api2.post('/channel', { name: uniqueName('chan'), group_id: general.group_id }, admin.token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const isCreated = (f: Frame) => f.type === 'channel_created' && f.data.id === created.body.id;
    const [a3, b3] = await Promise.all([a.waitFor(isCreated, WAIT_MS), b.waitFor(isCreated, WAIT_MS)]);
    expect(a3.data).toEqual(created.body);
    expect(b3).toEqual(a3);
    expect(a3.seq).toBeGreaterThan(a2.seq!);

    // Each event arrived once, and both clients saw the same events in the same order.
    expect(a.frames.filter(isMessage(n1))).toHaveLength(1);
    expect(b.frames.filter(isMessage(n2))).toHaveLength(1);
    expectIncreasing(seqsOf(a));
    expectIncreasing(seqsOf(b));
    const since = Math.max(a.frames[0]!.seq!, b.frames[0]!.seq!);
    expect(eventsOf(b).filter((f) => f.seq! > since)).toEqual(eventsOf(a).filter((f) => f.seq! > since));
  });

  it('resumes a session on the other node with every missed event exactly once', async () => {
    // A second connection of the same user stays up throughout: what it sees is what B must see.
    const watcher = await live(node1, bob.token);
    // A client on node 2 shows when node 2 has read an event from the log.
    const onNode2 = await live(node2, carol.token);
    const b1 = await live(node1, bob.token);
    const ready = b1.frames.find((f) => f.type === 'ready')!;
    const sessionId: string = ready.data.session_id;
    expect(sessionId).toMatch(/^[0-9a-f]+$/);

    const before = `pre-${randomBytes(4).toString('hex')}`;
    await postMessage(api1, admin.token, general.id, 'before the drop', before);
    await b1.waitFor(isMessage(before), WAIT_MS);
    const lastSeq = Math.max(...seqsOf(b1));

    b1.socket.terminate();
    await b1.waitForClose(WAIT_MS);

    const missed: string[] = [];
    for (let i = 0; i < 6; i++) {
      const nonce = `missed-${i}-${randomBytes(4).toString('hex')}`;
      missed.push(nonce);
      await postMessage(api2, admin.token, general.id, `missed ${i}`, nonce);
    }
    await Promise.all([
      watcher.waitFor(isMessage(missed.at(-1)!), WAIT_MS),
      onNode2.waitFor(isMessage(missed.at(-1)!), WAIT_MS),
    ]);

    const b2 = await LiveClient.connect(node2.url);
    clients.push(b2);
    b2.send({ type: 'resume', session_id: sessionId, seq: lastSeq });
    const resumed = await b2.waitFor((f) => f.type === 'resumed', WAIT_MS);
    expect(resumed.data.session_id).toBe(sessionId);

    // The replay: every event after lastSeq that the watcher saw, in order, then `resumed`.
    const replay = b2.frames.slice(0, b2.frames.indexOf(resumed));
    const expected = eventsOf(watcher).filter((f) => f.seq! > lastSeq);
    expect(replay.filter((f) => !f.type.startsWith('presence_'))).toEqual(expected);
    expect(resumed.data.replayed).toBe(replay.length);
    expect(replay.filter((f) => f.type === 'message').map((f) => f.data.nonce)).toEqual(missed);

    // Live events continue on the resumed session.
    const after = `post-${randomBytes(4).toString('hex')}`;
    await postMessage(api1, admin.token, general.id, 'after the resume', after);
    await Promise.all([b2.waitFor(isMessage(after), WAIT_MS), watcher.waitFor(isMessage(after), WAIT_MS)]);

    // Across both connections B saw exactly what the watcher saw: no gap, no duplicate.
    const first = ready.seq!;
    const seenByB = [...eventsOf(b1), ...eventsOf(b2)];
    expect(seenByB).toEqual(eventsOf(watcher).filter((f) => f.seq! > first));
    expectIncreasing(seenByB.map((f) => f.seq!));
    expect(seenByB.filter(isMessage(after))).toHaveLength(1);
  });

  it('closes the older connection of a session resumed on the other node', async () => {
    const stale = await live(node1, bob.token);
    const ready = stale.frames.find((f) => f.type === 'ready')!;
    // The first connection is still open (a half-dead network path, say) when the client resumes elsewhere.
    const fresh = await LiveClient.connect(node2.url);
    clients.push(fresh);
    fresh.send({ type: 'resume', session_id: ready.data.session_id, seq: ready.seq });
    await fresh.waitFor((f) => f.type === 'resumed', WAIT_MS);
    const closed = await stale.waitForClose(WAIT_MS);
    expect(closed).toEqual({ code: CLOSE.normal, reason: 'Session resumed elsewhere' });
    expect(fresh.closed).toBeNull();
  });

  it('answers a resume of an unknown session with invalid_session', async () => {
    const client = await LiveClient.connect(node2.url);
    clients.push(client);
    client.send({ type: 'resume', session_id: randomBytes(16).toString('hex'), seq: 1 });
    const answer = await client.waitFor((f) => f.type === 'invalid_session', WAIT_MS);
    expect(answer.data.detail).toEqual(expect.any(String));
    expect(client.frames.filter((f) => f.type === 'resumed')).toHaveLength(0);
    // The connection may still authenticate afresh.
    client.send({ type: 'auth', token: bob.token });
    await client.waitFor((f) => f.type === 'ready', WAIT_MS);
  });

  it('counts a rate limit once across both nodes', async () => {
    const name = uniqueName('limited');
    await api1.register(name, 'right-password');
    const nodes = [api1, api2];
    // Ten failed logins (the per-username limit), alternating between the nodes.
    for (let i = 0; i < 10; i++) {
      const res = await nodes[i % 2]!.post('/auth/login', { username: name, password: `wrong-${i}` });
      expect(res.status, `attempt ${i + 1} on node ${(i % 2) + 1}`).toBe(401);
    }
    for (const api of nodes) {
      // Refused on either node, even with the right password: the limit is shared.
      const res = await api.post('/auth/login', { username: name, password: 'right-password' });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ detail: TEXT.rateLimited });
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it('filters events by permission on every node', async () => {
    const group = await api1.post('/group', { name: uniqueName('private') }, admin.token);
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const channel = await api1.post('/channel', { name: 'secrets', group_id: group.body.id }, admin.token);
    expect(channel.status, JSON.stringify(channel.body)).toBe(201);

    const b = await live(node2, bob.token);
    const c = await live(node1, carol.token);

    // Before the change B sees the group's messages.
    const open = `open-${randomBytes(4).toString('hex')}`;
    await postMessage(api1, admin.token, channel.body.id, 'still visible', open);
    await Promise.all([b.waitFor(isMessage(open), WAIT_MS), c.waitFor(isMessage(open), WAIT_MS)]);

    const put = await api1.put(
      `/admin/groups/${group.body.id}/permissions/${bob.id}`,
      { permissions: { can_view: false } },
      admin.token,
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.permissions.can_view).toBe(false);
    const revoked = await b.waitFor(
      (f) => f.type === 'permission_revoked' && f.data.permission === 'can_view',
      WAIT_MS,
    );
    expect(revoked.data).toMatchObject({ group_id: group.body.id, user_id: bob.id });

    // A message in the group, then one in general: events arrive in seq order, so once B has the
    // second it has passed over the first.
    const secret = `secret-${randomBytes(4).toString('hex')}`;
    const marker = `marker-${randomBytes(4).toString('hex')}`;
    await postMessage(api1, admin.token, channel.body.id, 'not for bob', secret);
    await postMessage(api2, admin.token, general.id, 'for everyone', marker);
    await Promise.all([b.waitFor(isMessage(marker), WAIT_MS), c.waitFor(isMessage(marker), WAIT_MS)]);
    expect(c.frames.filter(isMessage(secret))).toHaveLength(1);
    expect(b.frames.filter(isMessage(secret))).toHaveLength(0);
    expect(
      b.frames.filter((f) => f.type === 'message' && f.data.group_id === group.body.id && f.seq! > revoked.seq!),
    ).toEqual([]);
    expectIncreasing(seqsOf(b));

    // The REST API of the other node agrees.
    const history = await api2.get(`/message?channel_id=${channel.body.id}`, bob.token);
    expect(history.status).toBe(404);
  });

  it('keeps presence right whichever node a user is on, and a dead node’s users go offline', async () => {
    // Carol shares a group with Bob (not a friend): she is told in gathered presence updates.
    const isBob = (online: boolean) => (f: Frame) =>
      f.type === 'presence_update' &&
      Array.isArray(f.data.presences) &&
      (f.data.presences as { user_id: number; is_online: boolean }[]).some(
        (p) => p.user_id === bob.id && p.is_online === online,
      );
    const listed = async () =>
      ((await api1.get('/user/presence/all', carol.token)).body as { user_id: number }[]).some(
        (p) => p.user_id === bob.id,
      );
    // Nobody else holds a connection of Bob's now.
    for (const c of clients) c.socket.terminate();
    const c = await live(node1, carol.token);
    await c.waitFor(isBob(false), WAIT_MS).catch(() => undefined);
    // Each node whose last session of Bob's went may announce it: let every straggler arrive first.
    await new Promise((r) => setTimeout(r, 1_000));
    c.frames.length = 0;

    // Bob connects on node 2: Carol on node 1 is told, and node 1's list has him.
    const b = await live(node2, bob.token);
    await c.waitFor(isBob(true), WAIT_MS);
    expect(await listed()).toBe(true);
    // He leaves: after the grace, offline on node 1 too.
    c.frames.length = 0;
    b.socket.terminate();
    await c.waitFor(isBob(false), WAIT_MS);
    expect(await listed()).toBe(false);

    // A third node dies with Bob on it: the others sweep it and announce him offline.
    const node3 = (await cluster.get().startNode('node 3')).process;
    c.frames.length = 0;
    await live(node3, bob.token);
    await c.waitFor(isBob(true), WAIT_MS);
    await node3.kill();
    await c.waitFor(isBob(false), WAIT_MS);
    expect(await listed()).toBe(false);
  });
});
