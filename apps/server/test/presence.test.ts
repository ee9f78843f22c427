import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveClient, Person } from './client.js';
import { admin, api, live, server, serverForFile } from './test-server.js';

const GRACE_MS = 400;

serverForFile({ config: { presenceOfflineGraceMs: GRACE_MS } });
beforeAll(async () => {
  await server.ctx.db.query(`UPDATE users SET role = 'ADMIN' WHERE id = $1`, [admin.id]);
});

const all = async (viewer: Person) => (await api.get('/user/presence/all', viewer.token)).body as any[];
const seen = async (viewer: Person, of: Person) => (await all(viewer)).find((p) => p.user_id === of.id);
/** What a client was told of a user's presence, one by one or in batches, in order. */
const presencesOf = (c: LiveClient, of: Person) =>
  c.frames
    .flatMap((f) => (f.type !== 'presence_update' ? [] : f.data.presences ? (f.data.presences as any[]) : [f.data]))
    .filter((p) => p.user_id === of.id && !('is_invisible' in p));
const updatesAbout = presencesOf;
/** Waits until the client was told something about the user that matches. */
async function told(c: LiveClient, of: Person, match: (p: any) => boolean = () => true, timeoutMs = 5_000) {
  await c.waitFor(() => presencesOf(c, of).some(match), timeoutMs);
  return presencesOf(c, of).findLast(match);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A user who shares no group with anyone: every group hidden from them. */
async function isolated(): Promise<Person> {
  const p = await api.person('lone');
  const groups = (await api.get('/group', admin.token)).body as { id: number }[];
  for (const g of groups)
    await api.put(`/admin/groups/${g.id}/permissions/${p.id}`, { permissions: { can_view: false } }, admin.token);
  return p;
}

describe('being connected', () => {
  it('shows online on connect and offline only after the grace, without flicker on a quick reconnect', async () => {
    const watcher = await api.person('watch');
    const a = await api.person('a');
    const lw = await live(watcher);
    expect(await seen(watcher, a)).toBeUndefined();

    const la = await live(a);
    const online = await told(lw, a);
    expect(online).toEqual({ user_id: a.id, presence_status: 'online', is_online: true, last_seen: null });
    expect(await seen(watcher, a)).toMatchObject({ presence_status: 'online', is_online: true });
    // The user's own sessions get their whole presence.
    const own = await la.waitFor((f) => f.type === 'presence_update');
    expect(own.data).toMatchObject({ is_invisible: false, presence_manually_set: false, is_online: true });

    // A reload: the connection goes and a new one comes within the grace: nobody is told anything.
    la.close();
    await sleep(GRACE_MS / 4);
    const reloaded = await live(a);
    await sleep(GRACE_MS * 2);
    expect(updatesAbout(lw, a)).toHaveLength(1);
    expect(await seen(watcher, a)).toBeDefined();

    reloaded.close();
    const offline = await told(lw, a, (p) => !p.is_online, GRACE_MS * 10);
    expect(offline.presence_status).toBe('offline');
    expect(offline.last_seen).not.toBeNull();
    expect(await seen(watcher, a)).toBeUndefined();
  });

  it('tells friends and people sharing a group, and no one else', async () => {
    const subject = await isolated();
    const friend = await isolated();
    const stranger = await isolated();
    const sharer = await api.person('sharer');
    const { body } = await api.post('/friends/request', { username: friend.username }, subject.token);
    await api.post(`/friends/${body.friendship_id}/accept`, undefined, friend.token);
    const [lf, ls, lsh] = [await live(friend), await live(stranger), await live(sharer)];
    await live(subject);
    await told(lf, subject);
    await sleep(600);
    expect(updatesAbout(ls, subject)).toEqual([]);
    // Everything is hidden from the subject, so the sharer shares nothing with them either.
    expect(updatesAbout(lsh, subject)).toEqual([]);
    expect(await seen(stranger, subject)).toBeUndefined();
    expect(await seen(friend, subject)).toBeDefined();

    // Someone who can view a group with them is told.
    const groups = (await api.get('/group', admin.token)).body as { id: number }[];
    await api.put(
      `/admin/groups/${groups[0]!.id}/permissions/${subject.id}`,
      { permissions: { can_view: true } },
      admin.token,
    );
    await api.put('/user/presence', { status: 'busy', is_manual: true }, subject.token);
    const busy = await told(lsh, subject);
    expect(busy).toMatchObject({ presence_status: 'busy', is_online: true });
    expect(await seen(sharer, subject)).toMatchObject({ presence_status: 'busy' });
  });
});

describe('choosing a status', () => {
  it('keeps a manual status against automatic changes; plain Online hands it back', async () => {
    const a = await api.person('a');
    await live(a);
    const put = (body: object) => api.put('/user/presence', body, a.token);
    expect((await put({ status: 'away' })).body).toMatchObject({
      presence_status: 'away',
      presence_manually_set: false,
    });
    expect((await put({ status: 'online' })).body.presence_status).toBe('online');
    expect((await put({ status: 'busy', is_manual: true })).body).toMatchObject({
      presence_status: 'busy',
      presence_manually_set: true,
    });
    expect((await put({ status: 'away' })).body.presence_status).toBe('busy');
    expect((await put({ status: 'online', is_manual: true })).body).toMatchObject({
      presence_status: 'online',
      presence_manually_set: false,
    });
    expect((await put({ status: 'away' })).body.presence_status).toBe('away');
    for (const bad of [
      { status: 'busy' },
      { status: 'online', is_invisible: true },
      { status: 'asleep', is_manual: true },
    ]) {
      const res = await put(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await api.get('/user/presence', a.token)).body).toMatchObject({ presence_status: 'away', is_online: true });
    expect((await api.post('/user/presence/heartbeat', undefined, a.token)).body.user_id).toBe(a.id);
  });

  it('shows an invisible user as offline to everyone else, never revealing the flag', async () => {
    const watcher = await api.person('watch');
    const a = await api.person('a');
    const lw = await live(watcher);
    const la = await live(a);
    await told(lw, a);
    await api.put('/user/presence', { status: 'online', is_invisible: true, is_manual: true }, a.token);
    const gone = await told(lw, a, (p) => !p.is_online);
    expect(gone).toEqual({ user_id: a.id, presence_status: 'offline', is_online: false, last_seen: gone.last_seen });
    // Nothing another user's session got about them says they are invisible.
    const aboutA = lw.frames
      .flatMap((f) => (f.type !== 'presence_update' ? [] : f.data.presences ? f.data.presences : [f.data]))
      .filter((p: any) => p.user_id === a.id);
    expect(aboutA.some((p: any) => 'is_invisible' in p)).toBe(false);
    expect(await seen(watcher, a)).toBeUndefined();
    // The user knows the truth.
    const own = (await all(a)).find((p) => p.user_id === a.id);
    expect(own).toMatchObject({ is_invisible: true, is_online: true });
    await la.waitFor((f) => f.type === 'presence_update' && f.data.is_invisible === true);
    // Visible again: others see them online.
    const count = presencesOf(lw, a).length;
    await api.put('/user/presence', { status: 'online', is_manual: true }, a.token);
    await told(lw, a, (p) => p.is_online && presencesOf(lw, a).indexOf(p) >= count);
  });
});
