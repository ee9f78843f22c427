import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { Api, LiveClient, type Frame, type Person } from './client.js';
import { createTestDatabase, startTestServer } from './harness.js';
import type { RunningApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { sweepSeats } from '../src/voice/seat-sweep.js';
import { useProcessCluster } from './support/process-cluster.js';

/*
 * Seats nobody holds a live connection for: one taken over REST alone, and one a previous run of the
 * server left in the database. Both are freed (the first after VOICE_SEAT_TIMEOUT_MS, shortened here;
 * the second as the server starts), while a user who is connected keeps their seat.
 */

const SEAT_TIMEOUT_MS = 1_000;

const cluster = useProcessCluster({
  VOICE_SEAT_TIMEOUT_MS: String(SEAT_TIMEOUT_MS),
  // Every user here registers from one address.
  RATE_LIMIT_SCALE: '100',
  // A stand-in external relay: voice needs one to seat anyone; no node starts a coturn.
  TURN_URLS: 'turn:127.0.0.1:3478?transport=udp',
  TURN_SECRET: 'hearth-test-turn-secret',
  LOCAL_COTURN: 'false',
});

const servers: RunningApp[] = [];
const clients: LiveClient[] = [];
afterAll(async () => {
  for (const c of clients) c.socket.terminate();
  for (const s of servers) await s.close();
});

async function start(voiceSeatTimeoutMs: number, databaseUrl?: string): Promise<RunningApp> {
  const app = await startTestServer({
    voiceSeatTimeoutMs,
    presenceOfflineGraceMs: 300,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  servers.push(app);
  return app;
}

async function connect(app: RunningApp, p: Person): Promise<LiveClient> {
  const client = await LiveClient.authed(app.url, p.token);
  clients.push(client);
  return client;
}

/** An admin (the first account), their group and a voice channel in it. */
async function setUp(api: Api) {
  const admin = await api.person('admin');
  const group = await api.post('/group', { name: 'Seats' }, admin.token);
  expect(group.status).toBe(201);
  const channel = await api.post(
    '/channel',
    { name: 'talk', channel_type: 'voice', group_id: group.body.id },
    admin.token,
  );
  expect(channel.status, JSON.stringify(channel.body)).toBe(201);
  return { admin, channelId: channel.body.id as number };
}

async function join(api: Api, p: Person, channelId: number): Promise<void> {
  const res = await api.post(`/voice/channels/${channelId}/join`, { peer_id: `peer-${p.id}` }, p.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const seated = async (app: RunningApp) =>
  (await app.ctx.db.query<{ user_id: string }>('SELECT user_id FROM voice_participants ORDER BY user_id')).rows.map(
    (r) => Number(r.user_id),
  );

describe('voice seats without a live connection', () => {
  it('waits 30 s by default', () => {
    expect(loadConfig({}).voiceSeatTimeoutMs).toBe(30_000);
  });

  it('frees a seat taken over REST by a user with no live connection, and keeps a connected user’s', async () => {
    const app = await start(SEAT_TIMEOUT_MS);
    const api = new Api(app.url);
    const { admin, channelId } = await setUp(api);
    const watcher = await connect(app, admin);
    const [rest, connected] = [await api.person('rest'), await api.person('live')];
    await connect(app, connected);
    // The connected user's seat is the older: once the other is freed, its timeout has passed too.
    await join(api, connected, channelId);
    await join(api, rest, channelId);
    // Not at once: the timeout runs from the join.
    await sweepSeats(app.ctx);
    expect(await seated(app)).toEqual([rest.id, connected.id].sort((a, b) => a - b));

    const left = await watcher.waitFor(
      (f) => f.type === 'voice_user_left' && f.data.user_id === rest.id,
      SEAT_TIMEOUT_MS + 15_000,
    );
    expect(left.data).toMatchObject({ channel_id: channelId, user_id: rest.id });
    // A sweep now would free the connected user's seat too, were it not for the connection.
    await sweepSeats(app.ctx);
    expect(await seated(app)).toEqual([connected.id]);
    const listed = await api.get(`/voice/channels/${channelId}/participants`, admin.token);
    expect(listed.body.participants.map((p: { user_id: number }) => p.user_id)).toEqual([connected.id]);
  });

  it('clears, as the server starts, a seat left in the database by a connection that no longer exists', async () => {
    const databaseUrl = await createTestDatabase();
    // The default timeout here: a restart takes longer than the short one.
    const first = await start(30_000, databaseUrl);
    const api = new Api(first.url);
    const { channelId } = await setUp(api);
    const [gone, back] = [await api.person('gone'), await api.person('back')];
    await join(api, gone, channelId);
    await join(api, back, channelId);
    await first.close();
    servers.splice(servers.indexOf(first), 1);
    // The one left an hour ago: its holder has been gone far longer than the timeout. The other was
    // held until the restart, and keeps its seat through it (its holder may yet come back).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(`UPDATE voice_participants SET attended_at = now() - interval '1 hour' WHERE user_id = $1`, [
      gone.id,
    ]);
    await db.end();

    const second = await start(30_000, databaseUrl);
    // Nothing waited for: the start itself cleared it, before the server took its first request.
    expect(await seated(second)).toEqual([back.id]);
  });

  it(
    'counts a live connection to another node of a cluster: that holder keeps the seat',
    { timeout: 180_000 },
    async () => {
      const [nodeA, nodeB] = await (await cluster.start()).startNodes('node A', 'node B');
      const api = nodeA.api;
      const { admin, channelId } = await setUp(api);
      const watcher = await LiveClient.authed(nodeA.url, admin.token);
      const [elsewhere, rest, later] = [
        await api.person('elsewhere'),
        await api.person('rest'),
        await api.person('later'),
      ];
      // Connected to node B only, seated through node A, whose sweep must find the connection on B.
      const onB = await LiveClient.authed(nodeB.url, elsewhere.token);
      clients.push(onB, watcher);
      await join(api, elsewhere, channelId);
      await join(api, rest, channelId);
      const leftOf = (p: Person) => (f: Frame) => f.type === 'voice_user_left' && f.data.user_id === p.id;
      await watcher.waitFor(leftOf(rest), SEAT_TIMEOUT_MS + 15_000);
      // One more seat freed, taken after the first was: by then every sweep that could free the
      // connected holder's (older) seat has run past its timeout.
      await join(api, later, channelId);
      await watcher.waitFor(leftOf(later), SEAT_TIMEOUT_MS + 15_000);
      const listed = await api.get(`/voice/channels/${channelId}/participants`, admin.token);
      expect(listed.body.participants.map((p: { user_id: number }) => p.user_id)).toEqual([elsewhere.id]);
    },
  );
});
