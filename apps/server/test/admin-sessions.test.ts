import { describe, expect, it } from 'vitest';
import { ADMIN_TEXT, CLOSE, DELETED_USER_NAME, TEXT, type AuditEntry } from '@hearth/protocol';
import { uniqueName } from './client.js';
import { admin, api, betweenSignInChecks, connectLive, live, server, serverForFile } from './test-server.js';

/*
 * The session lifecycle an admin drives (spec 3 §4, §8): suspension cuts the user off at once (live
 * connections told with `suspended` and closed, access and refresh tokens refused, sign-in refused with
 * the reason) until it is lifted; termination (the admin deletes the account) tells and closes the live
 * connections and erases the account as its owner's own deletion does. admin-cluster.test.ts does the
 * same across the nodes of a cluster.
 */

serverForFile({ adminName: 'boss' });

const login = (username: string, password = 'secret1') => api.post('/auth/login', { username, password });

/** A user signed in on two devices (the registration, then a login), each with its tokens. */
async function twoDevices(prefix: string) {
  const username = uniqueName(prefix);
  const first = await api.register(username);
  const second = (await login(username)).body;
  return {
    id: first.user.id,
    username,
    devices: [
      { token: first.access_token, refresh: first.refresh_token },
      { token: second.access_token as string, refresh: second.refresh_token as string },
    ],
  };
}

async function latestAudit(): Promise<AuditEntry> {
  return (await api.get<{ entries: AuditEntry[] }>('/admin/audit?limit=1', admin.token)).body.entries[0]!;
}

describe('suspension', () => {
  it('refuses an empty or blank reason', async () => {
    const p = await api.person('noreason');
    for (const body of [{ reason: '' }, { reason: '   ' }, { reason: '\n\t' }, {}])
      expect(await api.post(`/admin/users/${p.id}/suspend`, body, admin.token)).toMatchObject({
        status: 400,
        body: { detail: ADMIN_TEXT.reasonEmpty },
      });
    expect((await api.get(`/admin/users/${p.id}/activity`, admin.token)).body.is_suspended).toBe(false);
  });

  it('tells and closes every live connection, refuses the tokens, and refuses sign-in with the reason', async () => {
    const u = await twoDevices('susp');
    const connections = await Promise.all(u.devices.map((d) => live(d.token)));
    const bystander = await live((await api.person('bystander')).token);

    const res = await api.post(`/admin/users/${u.id}/suspend`, { reason: '  spamming links  ' }, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: ADMIN_TEXT.suspended(u.id),
      user: { id: u.id, username: u.username, role: 'USER', is_suspended: true },
    });

    for (const c of connections) {
      const frame = await c.waitFor((f) => f.type === 'suspended');
      expect(frame.data).toEqual({ reason: 'spamming links', message: ADMIN_TEXT.suspendedNotice('spamming links') });
      expect(await c.waitForClose()).toEqual({ code: CLOSE.sessionRevoked, reason: TEXT.sessionRevoked });
      // The notice was the last frame.
      expect(c.frames.at(-1)!.type).toBe('suspended');
    }
    // Nobody else hears of it.
    await new Promise((r) => setTimeout(r, 100));
    expect(bystander.ofType('suspended')).toEqual([]);
    expect(bystander.closed).toBeNull();

    const notice = { reason: 'spamming links', message: ADMIN_TEXT.suspendedNotice('spamming links') };
    for (const d of u.devices) {
      // A page that loads now, before its live connection is up, is told why its tokens stopped working.
      const me = await api.get('/auth/me', d.token);
      expect([me.status, me.body]).toEqual([403, { detail: notice.message }]);
      expect(decodeURIComponent(me.headers.get('hearth-suspended-reason')!)).toBe('spamming links');
      expect((await api.post('/auth/refresh', { refresh_token: d.refresh })).status).toBe(401);
      // A new live connection with the old token hears the suspension, as a live session did, and is closed.
      const again = await connectLive();
      again.send({ type: 'auth', token: d.token });
      expect(await again.waitForClose()).toEqual({ code: CLOSE.sessionRevoked, reason: TEXT.sessionRevoked });
      expect(again.frames.map((f) => [f.type, f.data])).toEqual([['suspended', notice]]);
    }
    // A token that does not verify learns nothing of anyone's suspension.
    expect(await api.get('/auth/me', `${u.devices[0]!.token}x`)).toMatchObject({
      status: 401,
      body: { detail: TEXT.notAuthenticated },
    });
    // The right password learns the reason (403); a wrong one learns nothing of the suspension.
    expect(await login(u.username)).toMatchObject({
      status: 403,
      body: { detail: ADMIN_TEXT.loginSuspended('spamming links') },
    });
    expect(await login(u.username, 'wrong-password')).toMatchObject({
      status: 401,
      body: { detail: TEXT.invalidCredentials },
    });

    expect(await latestAudit()).toMatchObject({
      action: 'suspend',
      admin_id: admin.id,
      target_user_id: u.id,
      details: { reason: 'spamming links' },
    });
    expect(await api.post(`/admin/users/${u.id}/suspend`, { reason: 'again' }, admin.token)).toMatchObject({
      status: 400,
      body: { detail: ADMIN_TEXT.alreadySuspended },
    });
    const listed = (await api.get('/admin/users', admin.token)).body.users.find((x: { id: number }) => x.id === u.id);
    expect(listed.is_suspended).toBe(true);
  });

  it('is lifted by unsuspend: the user signs in again (the old sessions stay ended)', async () => {
    const u = await twoDevices('lifted');
    expect((await api.post(`/admin/users/${u.id}/suspend`, { reason: 'cool down' }, admin.token)).status).toBe(200);
    const res = await api.post(`/admin/users/${u.id}/unsuspend`, undefined, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: ADMIN_TEXT.unsuspended(u.id),
      user: { id: u.id, username: u.username, role: 'USER', is_suspended: false },
    });
    expect(await latestAudit()).toMatchObject({ action: 'unsuspend', target_user_id: u.id });
    expect((await api.get(`/admin/users/${u.id}/activity`, admin.token)).body).toMatchObject({
      is_suspended: false,
      suspend_reason: null,
    });
    // Suspension signed every device out: lifting it brings no old token back.
    expect((await api.get('/auth/me', u.devices[0]!.token)).status).toBe(401);
    expect((await api.post('/auth/refresh', { refresh_token: u.devices[1]!.refresh })).status).toBe(401);
    const back = await login(u.username);
    expect(back.status).toBe(200);
    expect((await api.get('/auth/me', back.body.access_token)).status).toBe(200);
    expect(await api.post(`/admin/users/${u.id}/unsuspend`, undefined, admin.token)).toMatchObject({
      status: 400,
      body: { detail: ADMIN_TEXT.notSuspended },
    });
  });

  it('refuses the tokens of a suspended user by the mark alone', async () => {
    // As for a sign-in that raced the suspension: its device was not among those signed out.
    const p = await api.person('marked');
    await server.ctx.db.query(`UPDATE users SET is_suspended = true, suspend_reason = 'x' WHERE id = $1`, [p.id]);
    expect((await api.get('/auth/me', p.token)).status).toBe(403);
    await server.ctx.db.query(`UPDATE users SET is_suspended = false, suspend_reason = NULL WHERE id = $1`, [p.id]);
    expect((await api.get('/auth/me', p.token)).status).toBe(200);
  });

  it('reaches a live connection whose sign-in was checked just before the suspension was announced', async () => {
    // The race the gateway closes: the token passes its check, then the suspension commits and its
    // event reaches this node, and only then does the new session start hearing events.
    const p = await api.person('racing');
    const client = await connectLive();
    const suspended = async () =>
      void expect((await api.post(`/admin/users/${p.id}/suspend`, { reason: 'raced' }, admin.token)).status).toBe(200);
    const raced = await betweenSignInChecks(p.id, suspended, async () => {
      client.send({ type: 'auth', token: p.token });
      expect(await client.waitForClose()).toEqual({ code: CLOSE.sessionRevoked, reason: TEXT.sessionRevoked });
    });
    expect(raced).toBe(true);
    expect(client.frames.map((f) => [f.type, f.data])).toEqual([
      ['suspended', { reason: 'raced', message: ADMIN_TEXT.suspendedNotice('raced') }],
    ]);
  });
});

describe('termination', () => {
  it('tells and closes every live connection, and erases the account as its own deletion does', async () => {
    const u = await twoDevices('gone');
    const onlooker = await api.person('onlooker');
    const channels = await api.get('/channel/', admin.token);
    const general = channels.body.find((c: { name: string }) => c.name === 'general');
    const posted = await api.post(
      '/message',
      { channel_id: general.id, content: 'before I go', nonce: 'n-gone' },
      u.devices[0]!.token,
    );
    expect(posted.status).toBe(201);
    const connections = await Promise.all(u.devices.map((d) => live(d.token)));
    const watcher = await live(onlooker.token);

    const res = await api.delete(`/admin/users/${u.id}`, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: ADMIN_TEXT.deleted(u.username),
      user: { id: u.id, username: u.username, role: 'USER', is_suspended: false },
    });
    for (const c of connections) {
      expect((await c.waitFor((f) => f.type === 'account_terminated')).data).toEqual({
        message: ADMIN_TEXT.terminated,
      });
      expect((await c.waitForClose()).code).toBe(CLOSE.sessionRevoked);
      expect(c.ofType('device_revoked')).toEqual([]);
    }
    // Everyone else relabels the user's messages.
    const tombstone = await watcher.waitFor((f) => f.type === 'user_update' && f.data.user_id === u.id);
    expect(tombstone.data.username).toBe(DELETED_USER_NAME);

    // The account is gone: no sign-in, no tokens, not listed; the channel message stays, by 'Deleted User'.
    expect((await login(u.username)).status).toBe(401);
    expect((await api.get('/auth/me', u.devices[1]!.token)).status).toBe(401);
    const users = (await api.get('/admin/users', admin.token)).body.users as { id: number }[];
    expect(users.some((x) => x.id === u.id)).toBe(false);
    const history = (await api.get(`/message?channel_id=${general.id}&limit=50`, admin.token)).body;
    const kept = history.find((m: { id: number }) => m.id === posted.body.id);
    expect(kept).toMatchObject({ content: 'before I go', username: DELETED_USER_NAME });
    // The audit entry keeps who it was.
    expect(await latestAudit()).toMatchObject({
      action: 'delete_user',
      admin_id: admin.id,
      target_user_id: null,
      target_username: u.username,
      details: { user_id: u.id },
    });
    expect((await api.delete(`/admin/users/${u.id}`, admin.token)).status).toBe(404);
  });
});
