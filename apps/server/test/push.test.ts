import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPublicKey } from 'node:crypto';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_MAX_PER_USER, PUSH_TEXT } from '@hearth/protocol';
import type { RunningApp } from '../src/app.js';
import { startApp } from '../src/app.js';
import { Api, LiveClient, type Person } from './client.js';
import { startTestServer } from './harness.js';
import { PushServiceStandIn, type FakeBrowserSubscription } from '../src/testing/push-stand-in.js';
import { FcmStandIn } from './support/fcm-stand-in.js';

let pushService: PushServiceStandIn;
let fcm: FcmStandIn;
let server: RunningApp;
let api: Api;

beforeAll(async () => {
  pushService = await PushServiceStandIn.start();
  fcm = await FcmStandIn.start();
  const accountFile = path.join(mkdtempSync(path.join(tmpdir(), 'hearth-fcm-')), 'service-account.json');
  writeFileSync(accountFile, JSON.stringify(fcm.serviceAccount));
  server = await startTestServer({
    pushEndpointOrigins: [pushService.origin],
    fcmServiceAccount: accountFile,
    fcmApiUrl: fcm.url,
  });
  api = new Api(server.url);
});
afterAll(async () => {
  await server.close();
  await pushService.close();
  await fcm.close();
});

const webRegistration = (subscription: FakeBrowserSubscription) => ({
  token: JSON.stringify(subscription.toJSON()),
  platform: 'web',
  device_info: { platform: 'Linux x86_64', app_version: '0.2.4' },
});

async function registerBrowser(person: Person): Promise<FakeBrowserSubscription> {
  const subscription = pushService.subscription();
  const res = await api.post('/push-notifications/register', webRegistration(subscription), person.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return subscription;
}

describe('VAPID keys', () => {
  it('are made on the first start, kept in the database and shared by another node on it', async () => {
    const person = await api.person('vap');
    const first = await api.get('/push-notifications/vapid-public-key', person.token);
    expect(first.status).toBe(200);
    // An uncompressed P-256 point: 65 bytes, 87 characters of base64url.
    expect(Buffer.from(first.body.public_key, 'base64url')).toHaveLength(65);
    const other = await startApp({ ...server.ctx.config, port: 0 });
    try {
      const again = await new Api(other.url).get('/push-notifications/vapid-public-key', person.token);
      expect(again.body.public_key).toBe(first.body.public_key);
    } finally {
      await other.close();
    }
  });

  it('are asked for with a signed-in token only', async () => {
    expect((await api.get('/push-notifications/vapid-public-key')).status).toBe(401);
  });
});

describe('Web Push', () => {
  it('sends a test push the browser can decrypt, signed with the server key', async () => {
    const person = await api.person('wp');
    const subscription = await registerBrowser(person);
    const res = await api.post('/push-notifications/test', {}, person.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PUSH_TEXT.testSent(1), sent: 1, failed: 0 });
    expect(res.body.message).toBe('Test push notification sent to 1 device');

    const [push] = pushService.to(subscription);
    expect(push).toBeDefined();
    expect(subscription.read(push!.body)).toEqual({
      title: 'Hearth',
      body: 'Push notifications are working.',
      tag: 'hearth-test',
      data: { type: 'test' },
    });
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const vapidKey = (await api.get('/push-notifications/vapid-public-key', person.token)).body.public_key;
    expect(push!.headers.authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${vapidKey}$`));
  });

  it('reaches every registered browser of the user and no one else', async () => {
    const [ann, bob] = [await api.person('wpa'), await api.person('wpb')];
    const annPhone = await registerBrowser(ann);
    const annLaptop = await registerBrowser(ann);
    const bobs = await registerBrowser(bob);
    const res = await api.post('/push-notifications/test', {}, ann.token);
    expect(res.body).toMatchObject({ sent: 2, failed: 0, message: 'Test push notification sent to 2 devices' });
    expect(pushService.to(annPhone)).toHaveLength(1);
    expect(pushService.to(annLaptop)).toHaveLength(1);
    expect(pushService.to(bobs)).toHaveLength(0);
  });

  it('answers 400 with no registered device', async () => {
    const person = await api.person('wpn');
    const res = await api.post('/push-notifications/test', {}, person.token);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(PUSH_TEXT.noDevices);
  });

  it('refuses a token that is not a subscription, and endpoints off the known push services', async () => {
    const person = await api.person('wpx');
    const cases: [unknown, string][] = [
      [{ token: 'not json', platform: 'web' }, PUSH_TEXT.invalidSubscription],
      [
        { token: JSON.stringify({ endpoint: `${pushService.origin}/x` }), platform: 'web' },
        PUSH_TEXT.invalidSubscription,
      ],
      [{ token: '', platform: 'web' }, PUSH_TEXT.invalidToken],
      [{ token: 'x', platform: 'ios' }, "platform must be 'web' or 'android'"],
    ];
    const keys = pushService.subscription().toJSON().keys;
    for (const endpoint of [
      'http://127.0.0.1:6379/', // the server's own network: never
      'https://evil.example.com/push',
      'http://fcm.googleapis.com/fcm/send/abc', // a known host, but not over HTTPS
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
    ])
      cases.push([{ token: JSON.stringify({ endpoint, keys }), platform: 'web' }, PUSH_TEXT.endpointNotAllowed]);
    for (const [body, detail] of cases) {
      const res = await api.post('/push-notifications/register', body, person.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    // Keys of the right characters that nothing can encrypt to: not a point of the curve, a short secret.
    const offCurve = Buffer.from(keys.p256dh, 'base64url');
    offCurve[40]! ^= 1;
    for (const bad of [
      { p256dh: offCurve.toString('base64url'), auth: keys.auth },
      { p256dh: keys.p256dh, auth: 'A'.repeat(16) },
    ]) {
      const token = JSON.stringify({ endpoint: `${pushService.origin}/push/bad`, keys: bad });
      const res = await api.post('/push-notifications/register', { token, platform: 'web' }, person.token);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(PUSH_TEXT.invalidSubscription);
    }
    const known = JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', keys });
    expect(
      (await api.post('/push-notifications/register', { token: known, platform: 'web' }, person.token)).status,
    ).toBe(200);
  });

  it('drops a subscription the push service calls gone', async () => {
    const person = await api.person('wpg');
    const subscription = await registerBrowser(person);
    pushService.gone.add(new URL(subscription.endpoint).pathname);
    const res = await api.post('/push-notifications/test', {}, person.token);
    expect(res.body).toMatchObject({ sent: 0, failed: 1 });
    const again = await api.post('/push-notifications/test', {}, person.token);
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe(PUSH_TEXT.noDevices);
  });

  it('drops a stored subscription nothing can be encrypted to, and still reaches the others', async () => {
    const person = await api.person('wpk');
    const good = await registerBrowser(person);
    const broken = await registerBrowser(person);
    // As if stored before keys were checked: a p256dh that is not a point of the curve.
    const offCurve = Buffer.from(broken.toJSON().keys.p256dh, 'base64url');
    offCurve[40]! ^= 1;
    await server.ctx.db.query(
      `UPDATE push_registrations SET keys = jsonb_set(keys, '{p256dh}', to_jsonb($2::text)) WHERE token = $1`,
      [broken.endpoint, offCurve.toString('base64url')],
    );
    const res = await api.post('/push-notifications/test', {}, person.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sent: 1, failed: 1 });
    expect(pushService.to(good)).toHaveLength(1);
    expect((await api.post('/push-notifications/test', {}, person.token)).body).toMatchObject({ sent: 1, failed: 0 });
  });

  it('stops on unregister, with the subscription JSON or its endpoint', async () => {
    const person = await api.person('wpu');
    const first = await registerBrowser(person);
    const second = await registerBrowser(person);
    await api.post('/push-notifications/unregister', { token: JSON.stringify(first.toJSON()) }, person.token);
    await api.post('/push-notifications/unregister', { token: second.endpoint }, person.token);
    const res = await api.post('/push-notifications/test', {}, person.token);
    expect(res.status).toBe(400);
    expect(pushService.to(first)).toHaveLength(0);
    expect(pushService.to(second)).toHaveLength(0);
  });

  it('sends nothing to a browser that signed out', async () => {
    const person = await api.person('wpo');
    const login = await api.post('/auth/login', { username: person.username, password: 'secret1' });
    const other = { ...person, token: login.body.access_token as string };
    const signedOut = await registerBrowser(other);
    const stillIn = await registerBrowser(person);
    expect(
      (await api.post('/auth/logout', { refresh_token: login.body.refresh_token }, other.token)).status,
    ).toBeLessThan(300);
    const res = await api.post('/push-notifications/test', {}, person.token);
    expect(res.body).toMatchObject({ sent: 1, failed: 0 });
    expect(pushService.to(stillIn)).toHaveLength(1);
    expect(pushService.to(signedOut)).toHaveLength(0);
  });

  it('moves a subscription to whoever registers it last (another account signed in on that browser)', async () => {
    const [ann, bob] = [await api.person('wma'), await api.person('wmb')];
    const subscription = pushService.subscription();
    await api.post('/push-notifications/register', webRegistration(subscription), ann.token);
    await api.post('/push-notifications/register', webRegistration(subscription), bob.token);
    expect((await api.post('/push-notifications/test', {}, ann.token)).status).toBe(400);
    expect((await api.post('/push-notifications/test', {}, bob.token)).body).toMatchObject({ sent: 1 });
  });

  it(`keeps an account's ${PUSH_MAX_PER_USER} newest registrations`, async () => {
    const person = await api.person('wpc');
    const subscriptions: FakeBrowserSubscription[] = [];
    for (let i = 0; i <= PUSH_MAX_PER_USER; i++) subscriptions.push(await registerBrowser(person));
    const res = await api.post('/push-notifications/test', {}, person.token);
    expect(res.body).toMatchObject({ sent: PUSH_MAX_PER_USER });
    expect(pushService.to(subscriptions[0]!)).toHaveLength(0);
    expect(pushService.to(subscriptions.at(-1)!)).toHaveLength(1);
  });
});

describe('pushes for people who are away', () => {
  async function befriend(a: Person, b: Person) {
    const { body } = await api.post('/friends/request', { username: b.username }, a.token);
    await api.post(`/friends/${body.friendship_id}/accept`, undefined, b.token);
  }

  it('pushes a friend request and a direct message to a user connected nowhere', async () => {
    const [ann, bob] = [await api.person('awa'), await api.person('awb')];
    const bobs = await registerBrowser(bob);
    await befriend(ann, bob);
    await server.ctx.push.idle();
    expect(pushService.to(bobs).map((p) => bobs.read(p.body))).toEqual([
      {
        title: 'New Friend Request',
        body: `${ann.username} sent you a friend request`,
        tag: `friend-request-${ann.id}`,
        data: { type: 'friends' },
      },
    ]);

    const long = 'x'.repeat(150);
    expect((await api.post('/dm/send', { recipient_id: bob.id, content: long }, ann.token)).status).toBe(201);
    await server.ctx.push.idle();
    expect(bobs.read(pushService.to(bobs).at(-1)!.body)).toEqual({
      title: ann.username,
      body: `${'x'.repeat(99)}…`,
      tag: `dm-${ann.id}`,
      data: { type: 'dm', userId: ann.id },
    });
  });

  it('pushes nothing to a user who is connected, or who turned message notifications off', async () => {
    const [ann, bob, cat] = [await api.person('awc'), await api.person('awd'), await api.person('awe')];
    await befriend(ann, bob);
    await befriend(ann, cat);
    const bobs = await registerBrowser(bob);
    const cats = await registerBrowser(cat);
    const live = await LiveClient.authed(server.url, bob.token);
    try {
      await api.put('/user/notification-settings', { message_notifications_enabled: false }, cat.token);
      await api.post('/dm/send', { recipient_id: bob.id, content: 'hi bob' }, ann.token);
      await api.post('/dm/send', { recipient_id: cat.id, content: 'hi cat' }, ann.token);
      await server.ctx.push.idle();
      expect(pushService.to(bobs)).toHaveLength(0);
      expect(pushService.to(cats)).toHaveLength(0);
    } finally {
      live.close();
    }
  });
});

describe('mentions in channels', () => {
  it('push to the people named who are away, not to one who muted the channel or group, cannot see it, or is connected', async () => {
    const [owner, ann, bob, cat, dan, eve] = [
      await api.person('mna'),
      await api.person('mnb'),
      await api.person('mnc'),
      await api.person('mnd'),
      await api.person('mne'),
      await api.person('mnf'),
    ];
    await server.ctx.db.query(`UPDATE users SET role = 'ADMIN' WHERE id = $1`, [owner.id]);
    const group = (await api.post('/group', { name: 'Pushes' }, owner.token)).body.id as number;
    const channel = (await api.post('/channel', { name: 'plans', group_id: group }, owner.token)).body.id as number;
    const [bobs, cats, dans, eves] = [
      await registerBrowser(bob),
      await registerBrowser(cat),
      await registerBrowser(dan),
      await registerBrowser(eve),
    ];
    await api.post('/user/mute-channel', { channel_id: channel, is_muted: true }, cat.token);
    await api.put(`/admin/groups/${group}/permissions/${dan.id}`, { permissions: { can_view: false } }, owner.token);
    const live = await LiveClient.authed(server.url, eve.token);
    try {
      const content = `@${bob.username} @${cat.username} @${dan.username} @${eve.username} lunch at noon?`;
      expect((await api.post('/message', { channel_id: channel, content }, ann.token)).status).toBe(201);
      await server.ctx.push.idle();
      expect(pushService.to(bobs).map((p) => bobs.read(p.body))).toEqual([
        {
          title: `${ann.username} mentioned you in #plans`,
          body: content,
          tag: `channel-${channel}`,
          data: { type: 'channel', channelId: channel, groupId: group },
        },
      ]);
      expect([pushService.to(cats), pushService.to(dans), pushService.to(eves)]).toEqual([[], [], []]);

      // A whole group muted says nothing either; @everyone pushes to no one.
      await api.post('/user/mute-group', { group_id: group, is_muted: true }, bob.token);
      await api.post('/message', { channel_id: channel, content: `@${bob.username} again` }, ann.token);
      // Who is pushed to is worked out after the answer: done before the group is unmuted again.
      await server.ctx.push.idle();
      await api.post('/user/mute-group', { group_id: group, is_muted: false }, bob.token);
      await api.post('/message', { channel_id: channel, content: '@everyone meeting' }, owner.token);
      await server.ctx.push.idle();
      expect(pushService.to(bobs)).toHaveLength(1);
    } finally {
      live.close();
    }
  });
});

describe('FCM (Android)', () => {
  it('sends through FCM with an access token from a JWT signed by the service account', async () => {
    const person = await api.person('fcm');
    const reg = await api.post(
      '/push-notifications/register',
      { token: 'android-token-1', platform: 'android', device_info: { platform: 'android', app_version: '0.2.4' } },
      person.token,
    );
    expect(reg.body).toEqual({ message: 'Push notifications registered', platform: 'android' });
    const res = await api.post('/push-notifications/test', {}, person.token);
    expect(res.body).toMatchObject({ sent: 1, failed: 0 });

    const sent = fcm.messages.find((m) => m.message.token === 'android-token-1')!;
    expect(sent.projectPath).toBe('/v1/projects/hearth-test/messages:send');
    expect(sent.authorization).toBe('Bearer fcm-access-token');
    expect(sent.message.notification).toEqual({ title: 'Hearth', body: 'Push notifications are working.' });
    expect(sent.message.data).toEqual({ type: 'test' });

    const publicKey = createPublicKey(fcm.serviceAccount.private_key!);
    const { payload } = await jwtVerify(fcm.assertions.at(-1)!, publicKey, {
      issuer: fcm.serviceAccount.client_email,
      audience: fcm.serviceAccount.token_uri,
    });
    expect(payload.scope).toBe('https://www.googleapis.com/auth/firebase.messaging');
  });

  it('platform defaults to android (spec 3 §9) and an unregistered token is dropped', async () => {
    const person = await api.person('fcu');
    fcm.unregistered.add('android-token-gone');
    await api.post('/push-notifications/register', { token: 'android-token-gone' }, person.token);
    expect((await api.post('/push-notifications/test', {}, person.token)).body).toMatchObject({ sent: 0, failed: 1 });
    const again = await api.post('/push-notifications/test', {}, person.token);
    expect(again.body.detail).toBe(PUSH_TEXT.noDevices);
  });

  it('without a service account, an Android registration is kept and the test says push is not set up', async () => {
    const plain = await startTestServer();
    try {
      const plainApi = new Api(plain.url);
      const person = await plainApi.person('fcn');
      await plainApi.post('/push-notifications/register', { token: 'android-token-2' }, person.token);
      const res = await plainApi.post('/push-notifications/test', {}, person.token);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(PUSH_TEXT.notConfigured);
    } finally {
      await plain.close();
    }
  });
});
