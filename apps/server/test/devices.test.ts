import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLOSE, DEVICE_TEXT, TEXT, type Device } from '@hearth/protocol';
import type { RunningApp } from '../src/app.js';
import { Api, LiveClient, uniqueName } from './client.js';
import { createTestDatabase, startTestServer } from './harness.js';

/*
 * The devices list and revocation (spec 3 §2 Devices, §4, §7): GET /auth/devices, DELETE
 * /auth/devices/{id}, POST /auth/devices/revoke-others. A revoked device is cut off at once: its
 * access token is refused on the next request and its live connections are told and closed, also on
 * another node of a cluster (two in-process nodes sharing one database and one Redis).
 */

const REDIS_URL = inject('testRedisUrl');
const prefix = `test:${randomBytes(6).toString('hex')}:`;
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

let nodeA: RunningApp;
let nodeB: RunningApp;
let api: Api;
let apiB: Api;
const open: LiveClient[] = [];

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  const cluster = { databaseUrl, redisUrl: REDIS_URL, redisPrefix: prefix };
  // One after the other: the second finds the first's migrations done.
  nodeA = await startTestServer(cluster);
  nodeB = await startTestServer(cluster);
  api = new Api(nodeA.url);
  apiB = new Api(nodeB.url);
});

afterAll(async () => {
  for (const c of open) c.socket.terminate();
  await nodeA?.close();
  await nodeB?.close();
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 3 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
});

interface Session {
  token: string;
  refresh: string;
  deviceId: number;
}

/** Signs in as a person would from a browser: a User-Agent, and a fingerprint unless told otherwise. */
async function signIn(
  name: string,
  { userAgent = CHROME_LINUX, fingerprint, via = api }: { userAgent?: string; fingerprint?: string; via?: Api } = {},
): Promise<Session> {
  const headers: Record<string, string> = { 'user-agent': userAgent };
  if (fingerprint !== undefined) headers['x-device-fingerprint'] = fingerprint;
  const res = await via.request('POST', '/auth/login', { username: name, password: 'secret1' }, undefined, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: res.body.access_token, refresh: res.body.refresh_token, deviceId: await deviceOf(res.body) };
}

async function deviceOf(answer: { access_token: string }): Promise<number> {
  const claims = await nodeA.ctx.tokens.verify(answer.access_token);
  return claims!.deviceId;
}

/** A new user and its first device (the registration). */
async function newUser(prefixName = 'dev'): Promise<{ name: string; id: number; first: Session }> {
  const name = uniqueName(prefixName);
  const r = await api.register(name);
  return {
    name,
    id: r.user.id,
    first: { token: r.access_token, refresh: r.refresh_token, deviceId: await deviceOf(r) },
  };
}

async function devices(token: string, via = api): Promise<Device[]> {
  const res = await via.get<{ devices: Device[] }>('/auth/devices', token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.devices;
}

async function live(token: string, node: RunningApp = nodeA): Promise<LiveClient> {
  const client = await LiveClient.authed(node.url, token);
  open.push(client);
  return client;
}

describe('GET /auth/devices', () => {
  it("names a device whose browser sent no or an unreadable User-Agent 'Unknown device', never blank", async () => {
    const { name } = await newUser('blank');
    const empty = await signIn(name, { userAgent: '' });
    const spaces = await signIn(name, { userAgent: '\t ' });
    const controls = await signIn(name, { userAgent: '\u00a0\u00a0' });
    const named = new Map((await devices(empty.token)).map((d) => [d.id, d.device_name]));
    for (const session of [empty, spaces, controls]) expect(named.get(session.deviceId)).toBe('Unknown device');
  });

  it("lists the caller's signed-in devices, most recently used first, with what the client sent", async () => {
    const { name, first } = await newUser();
    const laptop = await signIn(name, { fingerprint: 'fp-laptop-1' });
    const phone = await signIn(name, { userAgent: FIREFOX_WINDOWS, fingerprint: 'fp-phone-1' });
    // Someone else's devices never show.
    const other = await newUser('other');
    await signIn(other.name, { fingerprint: 'fp-other' });

    const list = await devices(laptop.token);
    expect(list.map((d) => d.id)).toEqual([laptop.deviceId, phone.deviceId, first.deviceId]);
    const [here, firefox, registration] = list;
    expect(here).toEqual({
      id: laptop.deviceId,
      device_name: 'Chrome on Linux',
      device_fingerprint: 'fp-laptop-1',
      ip_address: '127.0.0.1',
      last_used_at: expect.any(String),
      created_at: expect.any(String),
      is_active: true,
    });
    expect(firefox).toMatchObject({ device_name: 'Firefox on Windows', device_fingerprint: 'fp-phone-1' });
    // Registered through the test client: no fingerprint, and no browser to name.
    expect(registration!.device_fingerprint).toBeNull();
    // Listing counts as using the calling device.
    expect(Date.now() - Date.parse(here!.last_used_at)).toBeLessThan(5_000);
  });

  it('ignores a malformed fingerprint rather than refusing the sign-in', async () => {
    const { name } = await newUser();
    for (const fingerprint of ['', 'has space', 'x'.repeat(129), 'tab\there']) {
      const res = await api.request('POST', '/auth/login', { username: name, password: 'secret1' }, undefined, {
        'x-device-fingerprint': fingerprint,
      });
      expect(res.status, fingerprint).toBe(200);
    }
    const list = await devices((await signIn(name)).token);
    expect(list.every((d) => d.device_fingerprint === null)).toBe(true);
  });

  it('moves last_used_at and the address on a refresh, and fills in a fingerprint the device never sent', async () => {
    const { first } = await newUser();
    await nodeA.ctx.db.query(`UPDATE devices SET last_used_at = now() - interval '1 hour' WHERE id = $1`, [
      first.deviceId,
    ]);
    const refreshed = await api.request('POST', '/auth/refresh', { refresh_token: first.refresh }, undefined, {
      'x-device-fingerprint': 'fp-late',
    });
    expect(refreshed.status).toBe(200);
    const { rows } = await nodeA.ctx.db.query<{ last_used_at: Date; device_fingerprint: string }>(
      'SELECT last_used_at, device_fingerprint FROM devices WHERE id = $1',
      [first.deviceId],
    );
    expect(Date.now() - rows[0]!.last_used_at.getTime()).toBeLessThan(60_000);
    expect(rows[0]!.device_fingerprint).toBe('fp-late');
  });

  it('leaves out logged-out devices and those whose refresh tokens have all expired', async () => {
    const { name, first } = await newUser();
    const gone = await signIn(name);
    await api.post('/auth/logout', {}, gone.token);
    const stale = await signIn(name);
    await nodeA.ctx.db.query(
      `UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE device_id = $1`,
      [stale.deviceId],
    );
    expect((await devices(first.token)).map((d) => d.id)).toEqual([first.deviceId]);
  });

  it('needs a signed-in caller', async () => {
    expect((await api.get('/auth/devices')).status).toBe(401);
  });
});

describe('DELETE /auth/devices/{id}', () => {
  it('revokes one of the caller’s devices at once: tokens refused, live connection told and closed, listed as pending', async () => {
    const { name, first } = await newUser();
    const phone = await signIn(name, { fingerprint: 'fp-phone' });
    const onPhone = await live(phone.token);
    const onFirst = await live(first.token);

    const res = await api.delete(`/auth/devices/${phone.deviceId}`, first.token);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();

    // The access token, still unexpired, is refused from the next request on.
    const me = await api.get('/auth/me', phone.token);
    expect(me.status).toBe(401);
    expect(me.body.detail).toBe(TEXT.notAuthenticated);
    expect((await api.post('/auth/refresh', { refresh_token: phone.refresh })).status).toBe(401);
    const told = await onPhone.waitFor((f) => f.type === 'device_revoked');
    // Another device asked: the phone shows Device Access Revoked.
    expect(told.data).toEqual({ device_id: phone.deviceId, reason: 'revoked', by_this_device: false });
    expect((await onPhone.waitForClose()).code).toBe(CLOSE.sessionRevoked);
    // A new connection with that token is refused too.
    const retry = await LiveClient.connect(nodeA.url);
    open.push(retry);
    retry.send({ type: 'auth', token: phone.token });
    await retry.waitFor((f) => f.type === 'auth_error');

    // The caller's own device carries on.
    expect((await api.get('/auth/me', first.token)).status).toBe(200);
    expect(onFirst.closed).toBeNull();
    expect(onFirst.ofType('device_revoked')).toEqual([]);

    // Pending revocation for one access-token lifetime, then no longer listed.
    const list = await devices(first.token);
    expect(list.find((d) => d.id === phone.deviceId)).toMatchObject({ is_active: false });
    await nodeA.ctx.db.query(`UPDATE devices SET revoked_at = now() - interval '16 minutes' WHERE id = $1`, [
      phone.deviceId,
    ]);
    expect((await devices(first.token)).map((d) => d.id)).toEqual([first.deviceId]);
  });

  it("refuses another user's device and an unknown id with 404, and changes nothing", async () => {
    const alice = await newUser('alice');
    const bob = await newUser('bob');
    for (const id of [bob.first.deviceId, 999_999_999]) {
      const res = await api.delete(`/auth/devices/${id}`, alice.first.token);
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe(DEVICE_TEXT.deviceNotFound);
    }
    expect((await api.get('/auth/me', bob.first.token)).status).toBe(200);
    expect((await api.delete('/auth/devices/abc', alice.first.token)).status).toBe(400);
    expect((await api.delete(`/auth/devices/${alice.first.deviceId}`)).status).toBe(401);
  });

  it('answers 204 again for a device already revoked, without telling anyone twice', async () => {
    const { name, first } = await newUser();
    const phone = await signIn(name);
    const told: unknown[] = [];
    nodeA.ctx.events.subscribe((event) => {
      const data = JSON.parse(event.data) as { device_id?: number };
      if (event.type === 'device_revoked' && data.device_id === phone.deviceId) told.push(data);
    });
    const phoneLive = await LiveClient.authed(nodeB.url, phone.token);
    open.push(phoneLive);

    expect((await api.delete(`/auth/devices/${phone.deviceId}`, first.token)).status).toBe(204);
    await phoneLive.waitFor((f) => f.type === 'device_revoked');
    expect(await phoneLive.waitForClose()).toEqual({ code: CLOSE.sessionRevoked, reason: TEXT.sessionRevoked });
    expect((await api.delete(`/auth/devices/${phone.deviceId}`, first.token)).status).toBe(204);
    // A second announcement would have reached this node's log by now, as the first did.
    await new Promise((r) => setTimeout(r, 300));
    expect(told).toEqual([{ device_id: phone.deviceId, reason: 'revoked', by_this_device: false }]);
    expect(phoneLive.ofType('device_revoked')).toHaveLength(1);
    const { rows } = await nodeA.ctx.db.query('SELECT revoke_reason FROM devices WHERE id = $1', [phone.deviceId]);
    expect(rows[0].revoke_reason).toBe('revoked');
  });
});

describe('POST /auth/devices/revoke-others', () => {
  it('needs the refresh token of the calling device', async () => {
    const { name, first } = await newUser();
    const phone = await signIn(name);
    const cases: [unknown, string][] = [
      [{}, DEVICE_TEXT.noRefreshToken],
      [{ refresh_token: '' }, DEVICE_TEXT.noRefreshToken],
      [{ refresh_token: 'not-a-token' }, DEVICE_TEXT.invalidRefreshToken],
      [{ refresh_token: phone.refresh }, DEVICE_TEXT.otherDevicesToken],
    ];
    for (const [body, detail] of cases) {
      const res = await api.post('/auth/devices/revoke-others', body, first.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    const noBody = await api.request('POST', '/auth/devices/revoke-others', undefined, first.token);
    expect(noBody.status).toBe(400);
    expect(noBody.body.detail).toBe(DEVICE_TEXT.noRefreshToken);
    // A token spent long ago (outside the reuse grace) is no proof either.
    const rotated = (await api.post('/auth/refresh', { refresh_token: first.refresh })).body;
    await nodeA.ctx.db.query(
      `UPDATE refresh_tokens SET used_at = now() - interval '1 minute' WHERE used_at IS NOT NULL AND device_id = $1`,
      [first.deviceId],
    );
    const spent = await api.post('/auth/devices/revoke-others', { refresh_token: first.refresh }, rotated.access_token);
    expect(spent.body.detail).toBe(DEVICE_TEXT.invalidRefreshToken);
    // Nothing was revoked by any of these.
    expect((await api.get('/auth/me', phone.token)).status).toBe(200);
  });

  it('signs out every other device at once, pending ones included, and keeps the caller', async () => {
    const { name, first } = await newUser();
    const laptop = await signIn(name);
    const phone = await signIn(name);
    const tablet = await signIn(name);
    await api.delete(`/auth/devices/${tablet.deviceId}`, laptop.token); // pending
    const onPhone = await live(phone.token);
    const onFirst = await live(first.token);
    const onLaptop = await live(laptop.token);

    const res = await api.post('/auth/devices/revoke-others', { refresh_token: laptop.refresh }, laptop.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked_count: 2 });

    for (const [client, session] of [
      [onPhone, phone],
      [onFirst, first],
    ] as const) {
      expect((await client.waitFor((f) => f.type === 'device_revoked')).data).toEqual({
        device_id: session.deviceId,
        reason: 'revoke_others',
        by_this_device: false,
      });
      expect((await client.waitForClose()).code).toBe(CLOSE.sessionRevoked);
      expect((await api.get('/auth/me', session.token)).status).toBe(401);
      expect((await api.post('/auth/refresh', { refresh_token: session.refresh })).status).toBe(401);
    }
    expect((await devices(laptop.token)).map((d) => [d.id, d.is_active])).toEqual([[laptop.deviceId, true]]);
    expect(onLaptop.closed).toBeNull();
    // The caller's refresh token still works.
    expect((await api.post('/auth/refresh', { refresh_token: laptop.refresh })).status).toBe(200);
  });

  it('accepts the refresh token the calling device has just rotated (another tab refreshed)', async () => {
    const { name, first } = await newUser();
    await signIn(name);
    const rotated = (await api.post('/auth/refresh', { refresh_token: first.refresh })).body;
    const res = await api.post('/auth/devices/revoke-others', { refresh_token: first.refresh }, rotated.access_token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ revoked_count: 1 });
  });
});

describe('revocation across two nodes', () => {
  it('reaches a live connection on the other node, and the access token is refused there at once', async () => {
    const { name, first } = await newUser();
    const phone = await signIn(name, { via: apiB });
    const onPhone = await live(phone.token, nodeB);
    expect((await apiB.get('/auth/me', phone.token)).status).toBe(200);

    expect((await api.delete(`/auth/devices/${phone.deviceId}`, first.token)).status).toBe(204);

    expect((await apiB.get('/auth/me', phone.token)).status).toBe(401);
    const told = await onPhone.waitFor((f) => f.type === 'device_revoked', 10_000);
    expect(told.data).toEqual({ device_id: phone.deviceId, reason: 'revoked', by_this_device: false });
    expect((await onPhone.waitForClose(10_000)).code).toBe(CLOSE.sessionRevoked);
  });

  it('revoke-others on one node closes the other devices’ connections on both', async () => {
    const { name, first } = await newUser();
    const onA = await signIn(name);
    const onB = await signIn(name, { via: apiB });
    const clientA = await live(onA.token, nodeA);
    const clientB = await live(onB.token, nodeB);
    const keeper = await live(first.token, nodeB);
    const res = await apiB.post('/auth/devices/revoke-others', { refresh_token: first.refresh }, first.token);
    expect(res.body).toEqual({ revoked_count: 2 });
    expect((await clientA.waitForClose(10_000)).code).toBe(CLOSE.sessionRevoked);
    expect((await clientB.waitForClose(10_000)).code).toBe(CLOSE.sessionRevoked);
    expect(clientA.ofType('device_revoked')).toHaveLength(1);
    expect(clientB.ofType('device_revoked')).toHaveLength(1);
    expect(keeper.closed).toBeNull();
  });
});
