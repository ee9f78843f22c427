import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VOICE_TEXT } from '@hearth/protocol';
import { LiveClient, type Frame, type Person } from './client.js';
import { useProcessCluster, type ClusterNode } from './support/process-cluster.js';

/*
 * Voice in a cluster: server processes sharing one PostgreSQL and one Redis (as in cluster.test.ts)
 * agree on who sits in which voice channel, carry signals and calls between users on different nodes,
 * and take out a participant whose connections are all gone, also when the node holding the last one
 * is killed outright. voice.test.ts covers the rules on one node.
 */

const WAIT_MS = 15_000;

const cluster = useProcessCluster({
  // Every user here registers from one address: the default limits would refuse most of them.
  RATE_LIMIT_SCALE: '100',
  // Going offline and a dead node are seen within the test.
  PRESENCE_OFFLINE_GRACE_MS: '300',
  PRESENCE_NODE_BEAT_MS: '200',
  PRESENCE_NODE_TIMEOUT_MS: '1500',
  // A stand-in external relay (calls need credentials to hand out); no node starts a coturn.
  TURN_URLS: 'turn:127.0.0.1:3478?transport=udp',
  TURN_SECRET: 'hearth-test-turn-secret',
  LOCAL_COTURN: 'false',
});

type Node = ClusterNode;

let db: pg.Client | undefined;
let nodeA: Node;
let nodeB: Node;
let admin: Person;
let groupId: number;
const clients: LiveClient[] = [];

const startNode = (name: string) => cluster.get().startNode(name);

beforeAll(async () => {
  // Started together, as a cluster would be: the migration lock keeps them from racing.
  [nodeA, nodeB] = await (await cluster.start()).startNodes('node A', 'node B');
  db = new pg.Client({ connectionString: cluster.get().databaseUrl });
  await db.connect();
  admin = await nodeA.api.person('admin'); // the first account: the admin
  const group = await nodeA.api.post('/group', { name: 'Cluster voice' }, admin.token);
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  groupId = group.body.id;
});

afterAll(async () => {
  for (const c of clients) c.socket.terminate();
  await db?.end();
});

/** A new user, registered through node A (every node shares the accounts). */
const person = (name: string) => nodeA.api.person(name);

/** An authenticated live connection of the user to the node, closed in afterAll. */
async function live(node: Node, p: Person): Promise<LiveClient> {
  const client = await LiveClient.authed(node.process.url, p.token);
  clients.push(client);
  return client;
}

async function voiceChannel(): Promise<number> {
  const name = `voice ${randomBytes(3).toString('hex')}`;
  const res = await nodeA.api.post('/channel', { name, channel_type: 'voice', group_id: groupId }, admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** Joins the channel through the node; fails the test on anything but 200. */
async function join(node: Node, p: Person, channelId: number) {
  const res = await node.api.post(`/voice/channels/${channelId}/join`, { peer_id: `peer-${p.id}` }, p.token);
  expect(res.status, `${node.name}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as { session_id: string; participants: { user_id: number }[] };
}

/** Who is in the channel, as the node answers GET /voice/channels/{id}/participants. */
async function participants(node: Node, channelId: number, viewer: Person = admin): Promise<number[]> {
  const res = await node.api.get(`/voice/channels/${channelId}/participants`, viewer.token);
  expect(res.status, `${node.name}: ${JSON.stringify(res.body)}`).toBe(200);
  return (res.body.participants as { user_id: number }[]).map((x) => x.user_id);
}

const about = (type: string, pick: (d: any) => boolean) => (f: Frame) => f.type === type && pick(f.data);
const joinedEvent = (userId: number, channelId: number) =>
  about('voice_user_joined', (d) => d.participant.user_id === userId && d.channel_id === channelId);
const leftEvent = (userId: number, channelId: number) =>
  about('voice_user_left', (d) => d.user_id === userId && d.channel_id === channelId);

/**
 * The channels whose list shows the user, kept from the live events as the web client keeps them:
 * a join puts the user's entry in that channel's list, a leave takes it out if it is of that session.
 */
function seatsShown(client: LiveClient, p: Person): number[] {
  const sessions = new Map<number, string>();
  for (const { type, data } of client.frames) {
    if (type === 'voice_user_joined' && data.participant.user_id === p.id)
      sessions.set(data.channel_id, data.participant.session_id);
    if (type === 'voice_user_left' && data.user_id === p.id && sessions.get(data.channel_id) === data.session_id)
      sessions.delete(data.channel_id);
  }
  return [...sessions.keys()].sort((x, y) => x - y);
}

/** The user's live connections held by any node, as presence keeps them (one row per node). */
async function nodesHolding(p: Person): Promise<number> {
  const { rows } = await db!.query<{ n: number }>('SELECT count(*)::int AS n FROM live_users WHERE user_id = $1', [
    p.id,
  ]);
  return rows[0]!.n;
}

describe('voice in a cluster', { timeout: 60_000 }, () => {
  it('shows a participant who joined through one node to the users of the other', async () => {
    const [ann, ben] = [await person('ann'), await person('ben')];
    const channel = await voiceChannel();
    const benOnB = await live(nodeB, ben);

    // Ann joins through node A: Ben, on node B, is told and finds her in the list.
    await join(nodeA, ann, channel);
    const joined = await benOnB.waitFor(joinedEvent(ann.id, channel), WAIT_MS);
    expect(joined.data).toMatchObject({
      group_id: groupId,
      participant: { user_id: ann.id, username: ann.username, peer_id: `peer-${ann.id}`, is_muted: false },
    });
    expect(await participants(nodeB, channel, ben)).toEqual([ann.id]);

    // Ben joins through node B: Ann, on node A, is told; both nodes answer the same list.
    const annOnA = await live(nodeA, ann);
    const answer = await join(nodeB, ben, channel);
    expect(answer.participants.map((x) => x.user_id)).toEqual([ann.id, ben.id]);
    const seen = await annOnA.waitFor(joinedEvent(ben.id, channel), WAIT_MS);
    expect(seen.data.participant).toMatchObject({ user_id: ben.id, peer_id: `peer-${ben.id}` });
    expect(await participants(nodeA, channel, ann)).toEqual([ann.id, ben.id]);
    expect(await participants(nodeB, channel, ben)).toEqual([ann.id, ben.id]);
  });

  it('relays signals and mute state between participants on different nodes', async () => {
    const [ann, ben, cat] = [await person('ann'), await person('ben'), await person('cat')];
    const channel = await voiceChannel();
    const elsewhere = await voiceChannel();
    const [annOnA, benOnB, catOnB] = [await live(nodeA, ann), await live(nodeB, ben), await live(nodeB, cat)];
    const annSession = (await join(nodeA, ann, channel)).session_id;
    const benSession = (await join(nodeB, ben, channel)).session_id;
    await join(nodeB, cat, elsewhere);

    const signal = (session_id: string, target_user_id: number, signal_type: string, signal_data: unknown) => ({
      type: 'webrtc_signal',
      channel_id: channel,
      session_id,
      target_user_id,
      signal_type,
      signal_data,
    });

    // An offer from Ann over node A reaches Ben on node B; his answer comes back the other way.
    const offer = { type: 'offer', sdp: 'v=0 fake offer' };
    annOnA.send(signal(annSession, ben.id, 'offer', offer));
    const got = await benOnB.waitFor(
      about('webrtc_signal', (d) => d.from_user_id === ann.id),
      WAIT_MS,
    );
    expect(got.data).toEqual({
      channel_id: channel,
      session_id: annSession,
      from_user_id: ann.id,
      target_user_id: ben.id,
      signal_type: 'offer',
      signal_data: offer,
    });
    benOnB.send(signal(benSession, ann.id, 'answer', { type: 'answer', sdp: 'v=0 fake answer' }));
    const back = await annOnA.waitFor(
      about('webrtc_signal', (d) => d.from_user_id === ben.id),
      WAIT_MS,
    );
    expect(back.data).toMatchObject({ session_id: benSession, target_user_id: ann.id, signal_type: 'answer' });

    // To Cat, in another channel on node B: refused to Ann, nothing reaches Cat. Ann's next frame
    // (speaking, which Cat may see) is handled after the signal and goes out through the same ordered
    // bus, so once Cat has it, any relayed signal would have come first.
    annOnA.send(signal(annSession, cat.id, 'offer', offer));
    annOnA.send({ type: 'voice_speaking', channel_id: channel, is_speaking: true });
    const refused = await annOnA.waitFor(
      about('error', (d) => d.type === 'webrtc_signal'),
      WAIT_MS,
    );
    expect(refused.data.detail).toBe(VOICE_TEXT.notParticipant);
    await catOnB.waitFor(
      about('voice_user_speaking', (d) => d.user_id === ann.id && d.is_speaking),
      WAIT_MS,
    );
    expect(catOnB.ofType('webrtc_signal')).toEqual([]);

    // Ben deafens through node B: Ann on node A is told he is muted, and of his whole state.
    const deafen = await nodeB.api.post(
      `/voice/channels/${channel}/mute-state`,
      { is_muted: false, is_deafened: true },
      ben.token,
    );
    expect(deafen.body).toEqual({ channel_id: channel, user_id: ben.id, is_muted: true, is_deafened: true });
    await annOnA.waitFor(
      about('voice_user_muted', (d) => d.user_id === ben.id && d.is_muted === true),
      WAIT_MS,
    );
    await annOnA.waitFor(
      about('voice_user_mute_state_update', (d) => d.user_id === ben.id && d.is_muted && d.is_deafened),
      WAIT_MS,
    );
    // Undeafened but still muted: a new state, and no second muted event (it would have come first).
    await nodeB.api.post(`/voice/channels/${channel}/mute-state`, { is_muted: true, is_deafened: false }, ben.token);
    await annOnA.waitFor(
      about('voice_user_mute_state_update', (d) => d.user_id === ben.id && d.is_muted && !d.is_deafened),
      WAIT_MS,
    );
    expect(annOnA.frames.filter(about('voice_user_muted', (d) => d.user_id === ben.id))).toHaveLength(1);
    const listed = await nodeA.api.get(`/voice/channels/${channel}/participants`, ann.token);
    expect(listed.body.participants).toEqual([
      expect.objectContaining({ user_id: ann.id, is_muted: false, is_deafened: false }),
      expect.objectContaining({ user_id: ben.id, is_muted: true, is_deafened: false }),
    ]);
  });

  it('keeps one seat per user whichever node the user joins through', async () => {
    const [ann, watcher] = [await person('ann'), await person('watch')];
    const [first, second] = [await voiceChannel(), await voiceChannel()];
    const watching = await live(nodeA, watcher);

    await join(nodeA, ann, first);
    await watching.waitFor(joinedEvent(ann.id, first), WAIT_MS);
    // Through node B, into another channel: out of the first, which the watcher on node A is told.
    await join(nodeB, ann, second);
    const left = await watching.waitFor(leftEvent(ann.id, first), WAIT_MS);
    const joined = await watching.waitFor(joinedEvent(ann.id, second), WAIT_MS);
    expect(left.seq).toBeLessThan(joined.seq!);
    for (const node of [nodeA, nodeB]) {
      expect(await participants(node, first)).toEqual([]);
      expect(await participants(node, second)).toEqual([ann.id]);
    }
  });

  it('leaves everyone showing the one seat taken when two joins race through two nodes', async () => {
    const [ann, watcher] = [await person('ann'), await person('watch')];
    const channels = [await voiceChannel(), await voiceChannel(), await voiceChannel()];
    const watching = await live(nodeB, watcher);
    // Two tabs (or a double click through a load balancer) join two channels at the same moment,
    // seated elsewhere before or in no channel; each round the watcher's lists must come to match
    // the server's. Without the joins taking turns, a few rounds in twenty leave a ghost seat.
    let seated: number[] = [];
    for (let round = 0; round < 20; round++) {
      if (round % 2 === 1) await nodeA.api.post(`/voice/channels/${seated[0]}/leave`, undefined, ann.token);
      const [here, there] = [channels[round % 3]!, channels[(round + 1) % 3]!];
      await Promise.all([join(nodeA, ann, here), join(nodeB, ann, there)]);
      seated = [];
      for (const channel of channels) {
        const [onA, onB] = [await participants(nodeA, channel), await participants(nodeB, channel)];
        expect(onB).toEqual(onA);
        if (onA.includes(ann.id)) seated.push(channel);
      }
      expect(seated, `round ${round}`).toHaveLength(1);
      await vi.waitFor(() => expect(seatsShown(watching, ann), `round ${round}`).toEqual(seated), {
        timeout: 5_000,
        interval: 20,
      });
    }
  });

  it('takes out a participant whose only connection, to another node, closed, after the grace period', async () => {
    const [ann, ben] = [await person('ann'), await person('ben')];
    const channel = await voiceChannel();
    const annOnA = await live(nodeA, ann);
    const benOnB = await live(nodeB, ben);
    await join(nodeA, ann, channel);
    await join(nodeB, ben, channel);

    benOnB.close();
    await annOnA.waitFor(leftEvent(ben.id, channel), WAIT_MS);
    expect(await participants(nodeA, channel)).toEqual([ann.id]);
    expect(await participants(nodeB, channel)).toEqual([ann.id]);
  });

  it('takes out a participant whose last connection was on a node killed outright', async () => {
    const [ann, ben, vic] = [await person('ann'), await person('ben'), await person('vic')];
    const channel = await voiceChannel();
    const nodeC = await startNode('node C');
    const annOnA = await live(nodeA, ann);
    const benOnB = await live(nodeB, ben);
    await join(nodeA, ann, channel);
    await join(nodeB, ben, channel);
    // Vic is connected to node B and node C, and joins through node C.
    const vicOnB = await live(nodeB, vic);
    await live(nodeC, vic);
    await join(nodeC, vic, channel);
    await annOnA.waitFor(joinedEvent(vic.id, channel), WAIT_MS);

    // His connection to node B closes; once node B's grace is over (it no longer holds him), he is
    // still in the channel: node C holds a connection of his. Each node writes its row after the
    // connection is up, and rewrites it after a late heartbeat got it swept (a busy machine): waited for.
    await vi.waitFor(async () => expect(await nodesHolding(vic)).toBe(2), { timeout: WAIT_MS, interval: 50 });
    vicOnB.close();
    await vi.waitFor(async () => expect(await nodesHolding(vic)).toBe(1), { timeout: WAIT_MS, interval: 50 });
    expect(await participants(nodeA, channel)).toEqual([ann.id, ben.id, vic.id]);

    // Node C dies with his last connection (SIGKILL: no goodbye). A change made after the kill is
    // told before he leaves: he stayed until the node was found dead, then the survivors took him out.
    expect((await nodeC.process.kill()).signal).toBe('SIGKILL');
    await nodeA.api.post(`/voice/channels/${channel}/mute-state`, { is_muted: true, is_deafened: false }, ann.token);
    const isMarker = about('voice_user_mute_state_update', (d) => d.user_id === ann.id && d.is_muted);
    for (const client of [annOnA, benOnB]) {
      const marker = await client.waitFor(isMarker, WAIT_MS);
      const left = await client.waitFor(leftEvent(vic.id, channel), WAIT_MS);
      expect(left.seq).toBeGreaterThan(marker.seq!);
      expect(client.frames.filter(leftEvent(vic.id, channel))).toHaveLength(1);
    }
    expect(await participants(nodeA, channel)).toEqual([ann.id, ben.id]);
    expect(await participants(nodeB, channel)).toEqual([ann.id, ben.id]);
  });

  it('rings a friend on another node, who answers from there', async () => {
    const [ann, ben] = [await person('ann'), await person('ben')];
    const request = await nodeA.api.post('/friends/request', { username: ben.username }, ann.token);
    expect(request.status, JSON.stringify(request.body)).toBe(201);
    const accepted = await nodeB.api.post(`/friends/${request.body.friendship_id}/accept`, undefined, ben.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const channel = await voiceChannel();
    const annOnA = await live(nodeA, ann);
    const benOnB = await live(nodeB, ben);
    await join(nodeA, ben, channel); // Ben sits in a voice channel, joined through node A

    const started = await nodeA.api.post('/voice/dm/call/start', { recipient_id: ben.id }, ann.token);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const callId: string = started.body.call_id;
    const ringing = await benOnB.waitFor(
      about('dm_call_incoming', (d) => d.call_id === callId),
      WAIT_MS,
    );
    expect(ringing.data).toMatchObject({
      status: 'ringing',
      caller: { user_id: ann.id, username: ann.username },
      recipient: { user_id: ben.id },
    });

    // Ben answers through node B: Ann on node A is told, and he is out of the voice channel.
    const answered = await nodeB.api.post('/voice/dm/call/action', { call_id: callId, action: 'answer' }, ben.token);
    expect(answered.body).toMatchObject({ call_id: callId, status: 'answered' });
    const told = await annOnA.waitFor(
      about('dm_call_answered', (d) => d.call_id === callId),
      WAIT_MS,
    );
    expect(told.data).toMatchObject({
      status: 'answered',
      caller: { user_id: ann.id },
      recipient: { user_id: ben.id },
    });
    await annOnA.waitFor(leftEvent(ben.id, channel), WAIT_MS);
    expect(await participants(nodeA, channel)).toEqual([]);

    // Signals cross the nodes both ways; the call ends for both.
    annOnA.send({
      type: 'dm_call_signal',
      call_id: callId,
      target_user_id: ben.id,
      signal_type: 'offer',
      signal_data: 1,
    });
    await benOnB.waitFor(
      about('dm_call_signal', (d) => d.from_user_id === ann.id && d.signal_data === 1),
      WAIT_MS,
    );
    benOnB.send({
      type: 'dm_call_signal',
      call_id: callId,
      target_user_id: ann.id,
      signal_type: 'answer',
      signal_data: 2,
    });
    await annOnA.waitFor(
      about('dm_call_signal', (d) => d.from_user_id === ben.id && d.signal_data === 2),
      WAIT_MS,
    );
    const ended = await nodeB.api.post('/voice/dm/call/action', { call_id: callId, action: 'end' }, ben.token);
    expect(ended.body).toMatchObject({ status: 'ended', end_reason: 'ended' });
    await annOnA.waitFor(
      about('dm_call_ended', (d) => d.call_id === callId),
      WAIT_MS,
    );
  });
});
