import { describe, expect, it } from 'vitest';
import { CLOSE, MESSAGE_REMOVED_BY_ADMIN, TEXT } from '@hearth/protocol';
import { Api, LiveClient, uniqueName, type Frame } from './client.js';
import { startTestServer } from './harness.js';
import { admin, api, connectLive, live, server, serverForFile } from './test-server.js';

serverForFile();

const user = async (prefix = 'u') => {
  const r = await api.register(uniqueName(prefix));
  return { token: r.token, id: r.user.id, refresh: r.refresh_token, username: r.user.username };
};
const newGroupWithChannel = async () => {
  const group = (await api.post('/group', { name: uniqueName('g') }, admin.token)).body;
  const channel = (await api.post('/channel', { name: 'chat', group_id: group.id }, admin.token)).body;
  return { groupId: group.id as number, channelId: channel.id as number };
};
const contents = (c: LiveClient) => c.ofType('message').map((f) => f.data.content as string);
const isMessage = (content: string) => (f: Frame) => f.type === 'message' && f.data.content === content;

describe('connecting', () => {
  it('answers auth with ready, and ping with pong', async () => {
    const u = await user();
    const c = await connectLive();
    c.send({ type: 'auth', token: u.token, user_id: u.id });
    const ready = await c.waitFor((f) => f.type === 'ready');
    expect(ready.data).toMatchObject({ heartbeat_interval: 30_000, user: { id: u.id } });
    expect(typeof ready.data.session_id).toBe('string');
    expect(typeof ready.seq).toBe('number');
    c.send({ type: 'ping', timestamp: 123 });
    const pong = await c.waitFor((f) => f.type === 'pong');
    expect(pong).toMatchObject({ seq: null, data: { timestamp: 123 } });
  });

  it('refuses a bad token with auth_error and closes', async () => {
    const c = await LiveClient.connect(server.url);
    c.send({ type: 'auth', token: 'not-a-token' });
    expect((await c.waitFor((f) => f.type === 'auth_error')).data.detail).toBe(TEXT.wsAuthFailed);
    expect((await c.waitForClose()).code).toBe(CLOSE.authFailed);
  });

  it('answers bad frames with an error and keeps the connection', async () => {
    const u = await user();
    const c = await connectLive();
    c.send('{not json');
    c.send({ no: 'type' });
    c.send({ type: 'teleport' });
    c.send({ type: 'message', channel_id: 1, content: 'too early' });
    await c.waitFor(() => c.ofType('error').length === 4);
    expect(c.ofType('error').map((f) => f.data.detail)).toEqual([
      TEXT.wsBadFrame,
      TEXT.wsBadFrame,
      TEXT.wsUnknownType,
      TEXT.wsNotAuthenticated,
    ]);
    c.send({ type: 'auth', token: u.token });
    await c.waitFor((f) => f.type === 'ready');
    c.send({ type: 'message', channel_id: 1, content: 42, nonce: 'n1' });
    c.send({ type: 'message', channel_id: 99999, content: 'x', nonce: 'n2' });
    c.send({ type: 'message', channel_id: 1, content: 'y'.repeat(4001), nonce: 'n3' });
    await c.waitFor(() => c.ofType('error').length === 7);
    const errors = c.ofType('error').slice(4);
    expect(errors.map((f) => f.data.nonce)).toEqual(['n1', 'n2', 'n3']);
    // A field that is there but wrong is not called missing, and reads as POST /message says it.
    const rest = await api.post('/message', { channel_id: 1, content: 42 }, u.token);
    expect(rest.status).toBe(400);
    expect(errors[0]!.data.detail).toBe(rest.body.detail);
    expect(errors[0]!.data.detail).not.toMatch(/required/);
    expect(errors[1]!.data.detail).toBe(TEXT.channelNotFound);
    expect(errors[2]!.data.detail).toBe(TEXT.messageTooLong);
  });

  it('refuses a token of the same user on another device', async () => {
    const u = await user();
    const c = await live(u.token);
    const elsewhere = await api.post('/auth/login', { username: u.username, password: 'secret1' });
    expect(elsewhere.status).toBe(200);
    c.send({ type: 'token_refresh', token: elsewhere.body.access_token });
    await c.waitFor((f) => f.type === 'auth_error');
    expect((await c.waitForClose()).code).toBe(CLOSE.authFailed);
  });

  it('accepts a refreshed token for the same user only', async () => {
    const u = await user();
    const c = await live(u.token);
    const fresh = await api.post('/auth/refresh', { refresh_token: u.refresh });
    c.send({ type: 'token_refresh', token: fresh.body.access_token });
    const ok = await c.waitFor((f) => f.type === 'token_refreshed');
    expect(ok.data.expires_at).toBeGreaterThan(Date.now());
    const other = await user();
    c.send({ type: 'token_refresh', token: other.token });
    await c.waitFor((f) => f.type === 'auth_error');
    expect((await c.waitForClose()).code).toBe(CLOSE.authFailed);
  });

  it('closes a connection that floods frames', async () => {
    const c = await LiveClient.connect(server.url);
    for (let i = 0; i < 301; i++) c.send({ type: 'ping' });
    expect((await c.waitForClose()).code).toBe(CLOSE.slowConsumer);
    expect(c.ofType('pong').length).toBeLessThanOrEqual(300);
  });

  it('closes a connection that sends a frame over the size limit', async () => {
    const c = await LiveClient.connect(server.url);
    c.send({ type: 'ping', pad: 'x'.repeat(70 * 1024) });
    expect((await c.waitForClose()).code).toBe(CLOSE.frameTooLarge);
  });
});

describe('fan-out', () => {
  it('delivers a message sent live to every viewer, with the sender nonce and growing seqs', async () => {
    const { channelId } = await newGroupWithChannel();
    const a = await user('a');
    const b = await user('b');
    const ca = await live(a.token);
    const cb = await live(b.token);
    ca.send({ type: 'message', channel_id: channelId, content: 'first', nonce: 'k1' });
    ca.send({ type: 'message', channel_id: channelId, content: 'second', nonce: 'k2' });
    const got = await cb.waitFor(isMessage('second'));
    const first = await cb.waitFor(isMessage('first'));
    expect(got.seq!).toBeGreaterThan(first.seq!);
    expect(got.data).toMatchObject({ channel_id: channelId, user_id: a.id, nonce: 'k2' });
    // The live event is the stored message, exactly as history returns it.
    const history = (await api.get(`/message?channel_id=${channelId}`, b.token)).body;
    expect(history[1]).toEqual(got.data);
    expect((await ca.waitFor(isMessage('second'))).data.id).toBe(got.data.id);
  });

  it('stores messages sent in quick succession in the order they were sent', async () => {
    const { channelId } = await newGroupWithChannel();
    const u = await user('order');
    const c = await live(u.token);
    for (let i = 0; i < 30; i++) c.send({ type: 'message', channel_id: channelId, content: `n${i}`, nonce: `o${i}` });
    await c.waitFor(isMessage('n29'));
    const history = (await api.get(`/message?channel_id=${channelId}`, u.token)).body;
    expect(history.map((m: any) => m.content)).toEqual(Array.from({ length: 30 }, (_, i) => `n${i}`));
    expect(contents(c)).toEqual(Array.from({ length: 30 }, (_, i) => `n${i}`));
  });

  it('sends group events only to users who can view the group', async () => {
    const { groupId, channelId } = await newGroupWithChannel();
    const viewer = await user('view');
    const outsider = await user('out');
    await api.put(
      `/admin/groups/${groupId}/permissions/${outsider.id}`,
      { permissions: { can_view: false } },
      admin.token,
    );
    const cv = await live(viewer.token);
    const co = await live(outsider.token);
    const ca = await live(admin.token);

    await api.post('/message', { channel_id: channelId, content: 'secret' }, admin.token);
    await api.post('/channel', { name: 'more', group_id: groupId }, admin.token);
    await api.patch(`/group/${groupId}`, { name: 'Renamed' }, admin.token);
    // A marker everyone can see: once it arrives, earlier events would have arrived too.
    const other = await newGroupWithChannel();
    await api.post('/message', { channel_id: other.channelId, content: 'marker' }, admin.token);

    for (const c of [cv, co, ca]) await c.waitFor(isMessage('marker'));
    expect(contents(cv)).toEqual(['secret', 'marker']);
    expect(contents(ca)).toEqual(['secret', 'marker']);
    expect(contents(co)).toEqual(['marker']);
    const groupEvents = (c: LiveClient) =>
      c.frames.filter((f) => f.data?.group_id === groupId || f.data?.id === groupId).map((f) => f.type);
    expect(groupEvents(cv)).toEqual(['message', 'channel_created', 'group_updated']);
    expect(groupEvents(co)).toEqual([]);
  });

  it('tells only the affected user about permission changes, and follows them', async () => {
    const { groupId, channelId } = await newGroupWithChannel();
    const target = await user('t');
    const bystander = await user('by');
    const ct = await live(target.token);
    const cb = await live(bystander.token);
    const setView = (can_view: boolean) =>
      api.put(`/admin/groups/${groupId}/permissions/${target.id}`, { permissions: { can_view } }, admin.token);

    await setView(false);
    const revoked = await ct.waitFor((f) => f.type === 'permission_revoked' && f.data.permission === 'can_view');
    expect(revoked.data).toMatchObject({ group_id: groupId, user_id: target.id });
    expect(
      ct
        .ofType('permission_revoked')
        .map((f) => f.data.permission)
        .sort(),
    ).toEqual(['can_post', 'can_upload', 'can_view']);
    await api.post('/message', { channel_id: channelId, content: 'while away' }, admin.token);
    await setView(true);
    await ct.waitFor((f) => f.type === 'permission_granted' && f.data.permission === 'can_view');
    await api.post('/message', { channel_id: channelId, content: 'welcome back' }, admin.token);
    await ct.waitFor(isMessage('welcome back'));
    await cb.waitFor(isMessage('welcome back'));
    expect(contents(ct)).toEqual(['welcome back']);
    expect(contents(cb)).toEqual(['while away', 'welcome back']);
    expect(cb.ofType('permission_revoked')).toEqual([]);
  });

  it('delivers edits, deletes and admin deletes', async () => {
    const { channelId } = await newGroupWithChannel();
    const author = await user('auth');
    const watcher = await live((await user('w')).token);
    const m1 = (await api.post('/message', { channel_id: channelId, content: 'one' }, author.token)).body;
    const m2 = (await api.post('/message', { channel_id: channelId, content: 'two' }, author.token)).body;
    await api.put(`/message/${m1.id}`, { content: 'one!' }, author.token);
    await api.delete(`/message/${m1.id}`, author.token);
    await api.delete(`/message/${m2.id}`, admin.token);
    const updated = await watcher.waitFor((f) => f.type === 'message_updated');
    expect(updated.data).toMatchObject({ id: m1.id, content: 'one!' });
    expect(updated.data.edited_at).not.toBeNull();
    expect((await watcher.waitFor((f) => f.type === 'message_delete')).data).toEqual({
      id: m1.id,
      channel_id: channelId,
      group_id: expect.any(Number),
    });
    const removed = await watcher.waitFor((f) => f.type === 'message_admin_delete');
    expect(removed.data).toMatchObject({ id: m2.id, content: MESSAGE_REMOVED_BY_ADMIN });
  });
});

describe('resume', () => {
  it('replays every missed event once, in order, then continues live', async () => {
    const { channelId } = await newGroupWithChannel();
    const reader = await user('r');
    const writer = await user('w');
    const steady = await live((await user('s')).token); // stays connected: the reference
    const c1 = await live(reader.token);
    const sessionId = c1.frames[0]!.data.session_id as string;

    for (let i = 0; i < 5; i++)
      await api.post('/message', { channel_id: channelId, content: `before${i}` }, writer.token);
    await c1.waitFor(isMessage('before4'));
    const lastSeq = Math.max(...c1.frames.map((f) => f.seq ?? 0));
    c1.socket.terminate(); // a dropped connection, no goodbye
    await c1.waitForClose();

    for (let i = 0; i < 20; i++)
      await api.post('/message', { channel_id: channelId, content: `during${i}` }, writer.token);
    const c2 = await connectLive();
    c2.send({ type: 'resume', session_id: sessionId, seq: lastSeq });
    const resumed = await c2.waitFor((f) => f.type === 'resumed');
    // The 20 messages, and whatever else the session was due meanwhile (a presence update of the
    // group's members, gathered each second, may fall in the gap on a busy machine); which messages,
    // once each and in order, is checked against the steady client below.
    expect(resumed.data.session_id).toBe(sessionId);
    expect(resumed.data.replayed).toBeGreaterThanOrEqual(20);
    expect(c2.frames.filter((f) => f.type === 'message')).toHaveLength(20);
    await api.post('/message', { channel_id: channelId, content: 'after' }, writer.token);
    await c2.waitFor(isMessage('after'));
    await steady.waitFor(isMessage('after'));

    const seen = [...contents(c1), ...contents(c2)];
    expect(seen).toEqual(contents(steady));
    const seqs = [...c1.frames, ...c2.frames].filter((f) => f.seq !== null && f.type !== 'ready').map((f) => f.seq!);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
    // Replayed events come before the resumed marker, live ones after.
    const order = c2.frames.map((f) => (f.type === 'message' ? f.data.content : f.type));
    const resumedAt = order.indexOf('resumed');
    expect(resumedAt).toBe(resumed.data.replayed);
    expect(order.slice(0, resumedAt).filter((x) => /^during\d+$/.test(x))).toEqual(
      Array.from({ length: 20 }, (_, i) => `during${i}`),
    );
    expect(order.slice(resumedAt + 1)).toContain('after');
  });

  it('does not replay events of a group the user lost sight of while away', async () => {
    const secret = await newGroupWithChannel();
    const open1 = await newGroupWithChannel();
    const u = await user('perm');
    const c1 = await live(u.token);
    const sessionId = c1.frames[0]!.data.session_id as string;
    const seq = c1.frames[0]!.seq!;
    c1.socket.terminate();
    await c1.waitForClose();

    await api.post('/message', { channel_id: secret.channelId, content: 'visible then' }, admin.token);
    await api.put(
      `/admin/groups/${secret.groupId}/permissions/${u.id}`,
      { permissions: { can_view: false } },
      admin.token,
    );
    await api.post('/message', { channel_id: secret.channelId, content: 'hidden' }, admin.token);
    await api.post('/message', { channel_id: open1.channelId, content: 'public' }, admin.token);

    const c2 = await connectLive();
    c2.send({ type: 'resume', session_id: sessionId, seq });
    await c2.waitFor((f) => f.type === 'resumed');
    expect(contents(c2)).toEqual(['visible then', 'public']);
    expect(c2.ofType('permission_revoked').length).toBe(3);
  });

  it('answers invalid_session for an unknown session or a seq from the future', async () => {
    const u = await user();
    const c = await connectLive();
    c.send({ type: 'resume', session_id: 'nope', seq: 0 });
    await c.waitFor((f) => f.type === 'invalid_session');
    // After invalid_session the client authenticates from scratch on the same socket.
    c.send({ type: 'auth', token: u.token });
    await c.waitFor((f) => f.type === 'ready');
  });

  it('refuses to resume the session of a logged-out device', async () => {
    const u = await user();
    const c1 = await live(u.token);
    const sessionId = c1.frames[0]!.data.session_id as string;
    await api.post('/auth/logout', {}, u.token);
    const revoked = await c1.waitFor((f) => f.type === 'device_revoked');
    // Its own logout: its other tabs know it was not revoked from elsewhere.
    expect(revoked.data).toEqual({ device_id: expect.any(Number), reason: 'logout', by_this_device: true });
    expect((await c1.waitForClose()).code).toBe(CLOSE.sessionRevoked);
    const c2 = await connectLive();
    c2.send({ type: 'resume', session_id: sessionId, seq: c1.frames[0]!.seq });
    await c2.waitFor((f) => f.type === 'invalid_session');
  });

  it("leaves the user's other devices signed in and connected when one logs out", async () => {
    const name = uniqueName('two');
    const laptop = await api.register(name);
    const phone = await api.post('/auth/login', { username: name, password: 'secret1' });
    const onLaptop = await live(laptop.token);
    const onPhone = await live(phone.body.access_token);
    await api.post('/auth/logout', {}, phone.body.access_token);
    expect((await onPhone.waitForClose()).code).toBe(CLOSE.sessionRevoked);
    // A marker every session sees: by the time it arrives, a revocation would have arrived too.
    const { channelId } = await newGroupWithChannel();
    await api.post('/message', { channel_id: channelId, content: 'still here' }, admin.token);
    await onLaptop.waitFor(isMessage('still here'));
    expect(onLaptop.ofType('device_revoked')).toEqual([]);
    expect(onLaptop.closed).toBeNull();
  });
});

describe('connection health', () => {
  it('closes connections that stop pinging, and keeps those that ping', async () => {
    const quick = await startTestServer({ liveIdleTimeoutMs: 600 });
    try {
      const qapi = new Api(quick.url);
      const u = await qapi.register(uniqueName('idle'));
      const silent = await LiveClient.authed(quick.url, u.token);
      const chatty = await LiveClient.authed(quick.url, u.token);
      const timer = setInterval(() => chatty.send({ type: 'ping' }), 150);
      expect((await silent.waitForClose(5_000)).code).toBe(CLOSE.idleTimeout);
      clearInterval(timer);
      expect(chatty.closed).toBeNull();
      chatty.close();
    } finally {
      await quick.close();
    }
  });

  it('closes a consumer that stops reading without holding up the others', async () => {
    const small = await startTestServer({ liveMaxBufferedBytes: 256 * 1024 });
    try {
      const sapi = new Api(small.url);
      const adm = await sapi.register(uniqueName('adm'));
      const channel = (await sapi.get('/channel/', adm.token)).body[0].id;
      const slow = await LiveClient.authed(small.url, adm.token);
      const fast = await LiveClient.authed(small.url, adm.token);
      // Stop reading: once the kernel's buffers for it are full (a few MB on loopback), the server's queue grows.
      (slow.socket as any)._socket.pause();
      const big = 'z'.repeat(3_990);
      const total = 1_600;
      for (let i = 0; i < total; i += 16) {
        await Promise.all(
          Array.from({ length: 16 }, (_, j) =>
            sapi.post('/message', { channel_id: channel, content: `${i + j} ${big}` }, adm.token),
          ),
        );
      }
      await fast.waitFor(() => fast.ofType('message').length === total, 20_000);
      const deadline = Date.now() + 5_000;
      while (small.gateway.connectionCount > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(small.gateway.connectionCount).toBe(1);
      expect(fast.closed).toBeNull();
      fast.close();
    } finally {
      await small.close();
    }
  }, 60_000);
});

describe('sessions and their lifetime', () => {
  it('keeps no session for a connection that closed while authenticating', async () => {
    const u = await user('gone');
    const before = server.gateway.sessionCount;
    for (let i = 0; i < 10; i++) {
      const c = await LiveClient.connect(server.url);
      c.send({ type: 'auth', token: u.token });
      c.socket.terminate();
    }
    // Let the server finish the auth frames it had already received.
    const probe = await live(u.token);
    probe.send({ type: 'ping' });
    await probe.waitFor((f) => f.type === 'pong');
    await new Promise((r) => setTimeout(r, 200));
    expect(server.gateway.sessionCount).toBe(before + 1);
  });

  it('answers a live send that repeats a nonce with the stored message, to the sender only', async () => {
    const { channelId } = await newGroupWithChannel();
    const c = await live((await user('again')).token);
    const other = await live((await user('watch')).token);
    c.send({ type: 'message', channel_id: channelId, content: 'once', nonce: 'same' });
    const first = await c.waitFor((f) => f.type === 'message' && f.seq !== null);
    c.send({ type: 'message', channel_id: channelId, content: 'once', nonce: 'same' });
    const answer = await c.waitFor((f) => f.type === 'message' && f.seq === null);
    expect(answer.data).toEqual(first.data);
    await other.waitFor(isMessage('once'));
    expect(other.ofType('message')).toHaveLength(1);
    expect((await api.get(`/message?channel_id=${channelId}`, admin.token)).body).toHaveLength(1);
  });

  it('refuses text with a NUL character with a 400, not a 500', async () => {
    const { channelId } = await newGroupWithChannel();
    const res = await api.post('/message', { channel_id: channelId, content: 'nul\u0000here' }, admin.token);
    expect(res.status).toBe(400);
    const login = await api.post('/auth/login', { username: 'a\u0000b', password: 'whatever1' });
    expect(login.status).toBe(400);
  });
});
