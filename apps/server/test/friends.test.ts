import { beforeAll, describe, expect, it } from 'vitest';
import { FRIEND_TEXT } from '@hearth/protocol';
import type { Person } from './client.js';
import { api, live, server, serverForFile } from './test-server.js';

let guardianId: number;

serverForFile();
beforeAll(async () => {
  guardianId = (await server.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE role = 'SYSTEM' ORDER BY id`))
    .rows[0]!.id;
});

const request = (from: Person, to: Person | string) =>
  api.post('/friends/request', { username: typeof to === 'string' ? to : to.username }, from.token);
const status = async (me: Person, other: Person) => (await api.get(`/friends/status/${other.id}`, me.token)).body;
const privacy = (p: Person, changes: Record<string, unknown>) => api.put('/privacy/settings', changes, p.token);

/** Two people in a given relation, as the spec names it from the first one's side. */
async function pairIn(relation: string): Promise<[Person, Person, number | null]> {
  const a = await api.person('a');
  const b = await api.person('b');
  let id: number | null = null;
  if (relation === 'request_sent' || relation === 'friends') id = (await request(a, b)).body.friendship_id;
  if (relation === 'request_received') id = (await request(b, a)).body.friendship_id;
  if (relation === 'friends') await api.post(`/friends/${id}/accept`, undefined, b.token);
  if (relation === 'blocked_by_you') await api.post(`/friends/block/${b.id}`, undefined, a.token);
  if (relation === 'blocked_by_them') await api.post(`/friends/block/${a.id}`, undefined, b.token);
  return [a, b, id];
}

describe('relation × action', () => {
  // What sending a request answers, from each relation the sender may be in.
  const table: [string, number, string, string][] = [
    ['none', 201, FRIEND_TEXT.sent, 'request_sent'],
    ['request_sent', 409, FRIEND_TEXT.alreadySent, 'request_sent'],
    ['request_received', 200, FRIEND_TEXT.accepted, 'friends'],
    ['friends', 409, FRIEND_TEXT.alreadyFriends, 'friends'],
    ['blocked_by_you', 403, FRIEND_TEXT.youBlocked, 'blocked_by_you'],
    ['blocked_by_them', 403, FRIEND_TEXT.blockedYou, 'blocked_by_them'],
  ];
  for (const [relation, code, text, after] of table) {
    it(`sending a request when ${relation}: ${code}, then ${after}`, async () => {
      const [a, b] = await pairIn(relation);
      expect((await status(a, b)).status).toBe(relation);
      const res = await request(a, b);
      expect(res.status).toBe(code);
      expect(code < 300 ? res.body.message : res.body.detail).toBe(text);
      expect((await status(a, b)).status).toBe(after);
    });
  }

  it('shows each relation from both sides', async () => {
    const [a, b] = await pairIn('request_sent');
    expect((await status(b, a)).status).toBe('request_received');
    const [c, d] = await pairIn('blocked_by_you');
    expect((await status(d, c)).status).toBe('blocked_by_them');
    expect((await status(c, c)).status).toBe('self');
    expect((await api.get('/friends/status/99999999', c.token)).status).toBe(404);
  });

  it('accepts, declines and cancels only as the right side of a pending request', async () => {
    const [a, b, id] = await pairIn('request_sent');
    // The sender cannot accept or decline their own request; the addressee cannot cancel it.
    expect((await api.post(`/friends/${id}/accept`, undefined, a.token)).status).toBe(404);
    expect((await api.post(`/friends/${id}/decline`, undefined, a.token)).status).toBe(404);
    expect((await api.post(`/friends/${id}/cancel`, undefined, b.token)).status).toBe(404);
    const outsider = await api.person('x');
    expect((await api.post(`/friends/${id}/accept`, undefined, outsider.token)).status).toBe(404);
    expect((await api.post(`/friends/${id}/cancel`, undefined, a.token)).body).toEqual({
      message: FRIEND_TEXT.cancelled,
      friendship_id: id,
    });
    expect((await status(a, b)).status).toBe('none');
    expect((await api.post(`/friends/${id}/accept`, undefined, b.token)).status).toBe(404);
  });

  it('removes a friend for both, and says so when they were not friends', async () => {
    const [a, b] = await pairIn('friends');
    const bLive = await live(b);
    expect((await api.delete(`/friends/${b.id}`, a.token)).body.message).toBe(FRIEND_TEXT.removed);
    expect((await status(b, a)).status).toBe('none');
    expect((await bLive.waitFor((f) => f.type === 'friend_removed')).data).toEqual({ user_id: a.id });
    const again = await api.delete(`/friends/${b.id}`, a.token);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: FRIEND_TEXT.notFriends });
  });
});

describe('requests', () => {
  it('refuses requests to yourself, to Guardian and to nobody', async () => {
    const a = await api.person('a');
    expect((await request(a, a)).body).toEqual({ detail: FRIEND_TEXT.notYourself });
    expect((await request(a, 'guardian')).body).toEqual({ detail: FRIEND_TEXT.notSystem });
    expect((await request(a, 'nobody_here_at_all')).status).toBe(404);
    expect((await request(a, '  ')).status).toBe(400);
    expect((await api.post(`/friends/block/${guardianId}`, undefined, a.token)).body).toEqual({
      detail: FRIEND_TEXT.cannotBlockSystem,
    });
    expect((await api.post(`/friends/block/${a.id}`, undefined, a.token)).status).toBe(400);
  });

  it('finds the target in any case of their name', async () => {
    const a = await api.person('a');
    const b = await api.person('b');
    expect((await request(a, b.username.toUpperCase())).status).toBe(201);
  });

  it('follows the target’s audience: anyone, friends of friends, none', async () => {
    const [a, b] = await pairIn('none');
    await privacy(b, { friend_request_privacy: 'none' });
    const refused = await request(a, b);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(FRIEND_TEXT.notAccepting);
    expect(refused.body.detail).toContain('not accepting friend requests');

    await privacy(b, { friend_request_privacy: 'friends_of_friends' });
    expect((await request(a, b)).status).toBe(403);
    // A friend in common opens the door.
    const [c] = await pairIn('none');
    const toA = (await request(c, a)).body.friendship_id;
    await api.post(`/friends/${toA}/accept`, undefined, a.token);
    // b asks c (b's own audience rule is about requests made to b).
    const fromB = (await request(b, c)).body.friendship_id;
    await api.post(`/friends/${fromB}/accept`, undefined, c.token);
    expect((await request(a, b)).status).toBe(201);

    const [d, e] = await pairIn('none');
    await privacy(e, { friend_request_privacy: 'anyone' });
    expect((await request(d, e)).status).toBe(201);
  });

  it('waits 7 days after a decline when the decliner has the cooldown on', async () => {
    const [a, b, id] = await pairIn('request_sent');
    expect((await api.post(`/friends/${id}/decline`, undefined, b.token)).body.message).toBe(FRIEND_TEXT.declined);
    const soon = await request(a, b);
    expect(soon.status).toBe(429);
    expect(soon.body.detail).toBe(FRIEND_TEXT.cooldown(7));
    // Six days later: one day left.
    await server.ctx.db.query(
      `UPDATE friend_declines SET declined_at = now() - interval '6 days' WHERE decliner_id = $1`,
      [b.id],
    );
    expect((await request(a, b)).body.detail).toBe(FRIEND_TEXT.cooldown(1));
    // The decliner may ask themselves, and a decliner without the cooldown can be asked again at once.
    await privacy(b, { friend_request_cooldown_enabled: false });
    expect((await request(a, b)).status).toBe(201);
  });

  it('blocks: the friendship and pending requests go, neither can ask, unblocking lifts it', async () => {
    const [a, b] = await pairIn('friends');
    const bLive = await live(b);
    expect((await api.post(`/friends/block/${b.id}`, undefined, a.token)).body.message).toBe(FRIEND_TEXT.blocked);
    await bLive.waitFor((f) => f.type === 'friend_removed' && f.data.user_id === a.id);
    expect((await api.get('/friends', a.token)).body).toEqual([]);
    expect((await request(b, a)).status).toBe(403);
    expect((await api.get('/friends/blocked', a.token)).body.map((x: any) => x.user.id)).toEqual([b.id]);
    expect((await api.delete(`/friends/block/${b.id}`, a.token)).body.message).toBe(FRIEND_TEXT.unblocked);
    expect((await api.delete(`/friends/block/${b.id}`, a.token)).status).toBe(404);
    expect((await status(a, b)).status).toBe('none');

    const [c, d] = await pairIn('request_received');
    await api.post(`/friends/block/${d.id}`, undefined, c.token);
    expect((await api.get('/friends/requests/incoming', c.token)).body).toEqual([]);
    expect((await api.get('/friends/requests/outgoing', d.token)).body).toEqual([]);
  });

  it('lists friends and requests, and tells both sides live', async () => {
    const [a, b] = await pairIn('none');
    const [aLive, bLive] = await Promise.all([live(a), live(b)]);
    const sent = await request(a, b);
    const received = await bLive.waitFor((f) => f.type === 'friend_request_received');
    expect(received.data).toMatchObject({ friendship_id: sent.body.friendship_id, user: { id: a.id } });
    expect((await api.get('/friends/requests/outgoing', a.token)).body).toEqual([
      expect.objectContaining({ friendship_id: sent.body.friendship_id, user: expect.objectContaining({ id: b.id }) }),
    ]);
    const incoming = (await api.get('/friends/requests/incoming', b.token)).body;
    expect(incoming.map((r: any) => r.user.username)).toEqual([a.username]);
    await api.post(`/friends/${sent.body.friendship_id}/accept`, undefined, b.token);
    await aLive.waitFor((f) => f.type === 'friend_request_accepted' && f.data.user.id === b.id);
    await aLive.waitFor((f) => f.type === 'friend_added' && f.data.user.id === b.id);
    await bLive.waitFor((f) => f.type === 'friend_added' && f.data.user.id === a.id);
    expect((await api.get('/friends', a.token)).body).toEqual([
      expect.objectContaining({ friendship_id: sent.body.friendship_id, user: expect.objectContaining({ id: b.id }) }),
    ]);
  });
});

describe('privacy settings', () => {
  it('reads the defaults and saves each change at once', async () => {
    const a = await api.person('a');
    expect((await api.get('/privacy/settings', a.token)).body).toEqual({
      friend_request_privacy: 'anyone',
      profile_blur_enabled: false,
      friend_request_cooldown_enabled: true,
      data_collection_enabled: true,
      login_alerts_enabled: false,
      email: null,
    });
    expect((await privacy(a, { profile_blur_enabled: true })).body.profile_blur_enabled).toBe(true);
    expect((await privacy(a, { friend_request_privacy: 'everyone' })).status).toBe(400);
    expect((await privacy(a, {})).status).toBe(400);
    expect((await api.get('/privacy/settings', a.token)).body).toMatchObject({ profile_blur_enabled: true });
  });
});
