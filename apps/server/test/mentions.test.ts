import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_REMOVED_BY_ADMIN, TEXT } from '@hearth/protocol';
import { uniqueName, type LiveClient, type Person } from './client.js';
import { admin, api, live, server, serverForFile } from './test-server.js';

let alice: Person;
let bob: Person;
/** Cannot view `hidden`. */
let carol: Person;
let groupId: number;
let hidden: number;

const person = (prefix: string) => api.person(prefix);

serverForFile();
beforeAll(async () => {
  alice = await person('alice');
  bob = await person('bob');
  carol = await person('carol');
  groupId = (await api.post('/group', { name: 'Mentions' }, admin.token)).body.id;
  hidden = (await api.post('/group', { name: 'Hidden' }, admin.token)).body.id;
  await api.put(`/admin/groups/${hidden}/permissions/${carol.id}`, { permissions: { can_view: false } }, admin.token);
});

const newChannel = async (group = groupId) =>
  (await api.post('/channel', { name: uniqueName('c'), group_id: group }, admin.token)).body.id as number;
const send = (token: string, channel_id: number, content: string) =>
  api.post('/message', { channel_id, content }, token);
const history = async (token: string, channel: number) =>
  (await api.get(`/message?channel_id=${channel}&limit=100`, token)).body as any[];
const named = (p: Person) => ({ id: p.id, username: p.username });
/** A later event every client receives, proving that earlier events had their chance to arrive. */
const barrier = async (...clients: LiveClient[]) => {
  const name = uniqueName('barrier');
  await api.post('/group', { name }, admin.token);
  for (const c of clients) await c.waitFor((f) => f.type === 'group_created' && f.data.name === name);
};
const notifications = (client: LiveClient, messageId: number) =>
  client.ofType('mention_notification').filter((f) => f.data.message.id === messageId);

describe('parsing', () => {
  it('stores the users named, any case, in order, with their usernames, and returns them everywhere', async () => {
    const channel = await newChannel();
    const bobLive = await live(bob.token);
    const text = `hi @${bob.username.toUpperCase()} and @${alice.username}, @nobody_here and @${bob.username} again`;
    const sent = await send(alice.token, channel, text);
    expect(sent.status).toBe(201);
    expect(sent.body.content).toBe(text);
    expect(sent.body.mentioned_users).toEqual([named(bob), named(alice)]);
    expect(sent.body.mentions_everyone).toBe(false);
    const event = await bobLive.waitFor((f) => f.type === 'message' && f.data.id === sent.body.id);
    expect(event.data.mentioned_users).toEqual([named(bob), named(alice)]);
    expect((await history(bob.token, channel))[0]).toEqual(sent.body);
  });

  it('finds no mention in code, link addresses, escapes, or the middle of a word', async () => {
    const channel = await newChannel();
    const b = bob.username;
    for (const text of [
      `\`@${b}\``,
      `\`\`\`\n@${b}\n\`\`\``,
      `mail ${b}@example.com`,
      `see https://example.com/@${b}`,
      `\\@${b}`,
      `x@${b}`,
    ]) {
      const sent = await send(alice.token, channel, text);
      expect(sent.body.mentioned_users, text).toEqual([]);
    }
    const formatted = await send(alice.token, channel, `**@${b}**, (@${b}) > @${b}`);
    expect(formatted.body.mentioned_users).toEqual([named(bob)]);
  });

  it('parses mentions sent on the live connection too', async () => {
    const channel = await newChannel();
    const aliceLive = await live(alice.token);
    aliceLive.send({ type: 'message', channel_id: channel, content: `@${bob.username} live`, nonce: 'live-1' });
    const frame = await aliceLive.waitFor((f) => f.type === 'message' && f.data.nonce === 'live-1');
    expect(frame.data.mentioned_users).toEqual([named(bob)]);
    expect((await history(alice.token, channel))[0].mentioned_users).toEqual([named(bob)]);
  });

  it('lets only an admin mention everyone; anyone else keeps the text and pings no one', async () => {
    const channel = await newChannel();
    const bobLive = await live(bob.token);
    const refused = await send(alice.token, channel, '@everyone look');
    expect(refused.status).toBe(201);
    expect(refused.body).toMatchObject({ content: '@everyone look', mentions_everyone: false, mentioned_users: [] });
    const allowed = await send(admin.token, channel, '@everyone look');
    expect(allowed.body.mentions_everyone).toBe(true);
    const frame = await bobLive.waitFor(
      (f) => f.type === 'mention_notification' && f.data.message.id === allowed.body.id,
    );
    expect(frame.data).toEqual({ type: 'everyone', channel_name: expect.any(String), message: allowed.body });
    await barrier(bobLive);
    expect(notifications(bobLive, refused.body.id)).toEqual([]);
    expect((await history(bob.token, channel)).map((m) => m.mentions_everyone)).toEqual([false, true]);
  });
});

describe('mention_notification', () => {
  it('reaches the users named who can see the channel, once, and no one else', async () => {
    const channel = await newChannel(hidden);
    const [aliceLive, bobLive, carolLive, adminLive] = await Promise.all([
      live(alice.token),
      live(bob.token),
      live(carol.token),
      live(admin.token),
    ]);
    const channelName = (await api.get(`/channel/${channel}`, admin.token)).body.name;
    const text = `@${bob.username} @${carol.username} @${alice.username} @${bob.username}`;
    const sent = (await send(alice.token, channel, text)).body;
    // Carol is named but cannot see the group: stored (the text names her), never told.
    expect(sent.mentioned_users).toEqual([named(bob), named(carol), named(alice)]);
    const frame = await bobLive.waitFor((f) => f.type === 'mention_notification');
    expect(frame.data).toEqual({ type: 'mention', channel_name: channelName, message: sent });
    await barrier(aliceLive, bobLive, carolLive, adminLive);
    expect(notifications(bobLive, sent.id)).toHaveLength(1);
    expect(notifications(carolLive, sent.id)).toEqual([]);
    expect(carolLive.ofType('message')).toEqual([]);
    // The author mentioning themself, and someone not named, are not told.
    expect(notifications(aliceLive, sent.id)).toEqual([]);
    expect(notifications(adminLive, sent.id)).toEqual([]);
  });

  it('sends @everyone to everyone who can view the group, and not to those who cannot', async () => {
    const channel = await newChannel(hidden);
    const [bobLive, carolLive] = await Promise.all([live(bob.token), live(carol.token)]);
    const sent = (await send(admin.token, channel, `@everyone and @${bob.username}`)).body;
    const frame = await bobLive.waitFor((f) => f.type === 'mention_notification' && f.data.message.id === sent.id);
    expect(frame.data.type).toBe('everyone');
    await barrier(bobLive, carolLive);
    // One notification per message, even for someone also named.
    expect(notifications(bobLive, sent.id)).toHaveLength(1);
    expect(notifications(carolLive, sent.id)).toEqual([]);
  });

  it('on an edit, pings only the users the edit adds, and carries the new mentions', async () => {
    const channel = await newChannel();
    const dave = await person('dave');
    const [bobLive, daveLive] = await Promise.all([live(bob.token), live(dave.token)]);
    const sent = (await send(alice.token, channel, `@${bob.username} hi`)).body;
    await bobLive.waitFor((f) => f.type === 'mention_notification' && f.data.message.id === sent.id);
    const edited = await api.put(
      `/message/${sent.id}`,
      { content: `@${bob.username} and @${dave.username}` },
      alice.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.mentioned_users).toEqual([named(bob), named(dave)]);
    const update = await daveLive.waitFor((f) => f.type === 'message_updated' && f.data.id === sent.id);
    expect(update.data.mentioned_users).toEqual([named(bob), named(dave)]);
    const daveFrame = await daveLive.waitFor((f) => f.type === 'mention_notification');
    expect(daveFrame.data.message.content).toBe(`@${bob.username} and @${dave.username}`);
    await barrier(bobLive, daveLive);
    expect(notifications(bobLive, sent.id)).toHaveLength(1);

    const dropped = await api.put(`/message/${sent.id}`, { content: 'no one' }, alice.token);
    expect(dropped.body.mentioned_users).toEqual([]);
    expect((await history(bob.token, channel))[0].mentioned_users).toEqual([]);
  });

  it('is not sent for a retried send that stores nothing', async () => {
    const channel = await newChannel();
    const bobLive = await live(bob.token);
    const body = { channel_id: channel, content: `@${bob.username}`, nonce: 'retry-me' };
    const first = (await api.post('/message', body, alice.token)).body;
    const again = await api.post('/message', body, alice.token);
    expect(again.status).toBe(200);
    expect(again.body.mentioned_users).toEqual([named(bob)]);
    await barrier(bobLive);
    expect(notifications(bobLive, first.id)).toHaveLength(1);
  });

  it('an admin removal takes the mentions away with the text', async () => {
    const channel = await newChannel();
    const sent = (await send(alice.token, channel, `@${bob.username}`)).body;
    const removed = await api.delete(`/message/${sent.id}`, admin.token);
    expect(removed.body.message).toMatchObject({
      content: MESSAGE_REMOVED_BY_ADMIN,
      mentioned_users: [],
      mentions_everyone: false,
    });
    expect((await history(bob.token, channel))[0].mentioned_users).toEqual([]);
  });
});

describe('GET /user/mention-suggestions', () => {
  const suggest = (token: string, params: Record<string, string | number>) =>
    api.get(
      `/user/mention-suggestions?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`,
      token,
    );

  it('lists users by the start of their username or nickname, any case, exact match first', async () => {
    const stem = uniqueName('sg').replace(/_.*/, '');
    const exact = await api.register(`${stem}x`);
    const longer = await api.register(`${stem}xa`);
    const other = await api.register(uniqueName('zz'));
    await server.ctx.db.query('UPDATE users SET nickname = $2 WHERE id = $1', [
      other.user.id,
      `${stem.toUpperCase()}XB nick`,
    ]);
    const res = await suggest(bob.token, { query: `@${stem.toUpperCase()}X` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        type: 'user',
        id: exact.user.id,
        username: exact.user.username,
        display_name: exact.user.username,
        profile_image_url: null,
        label: null,
      },
      expect.objectContaining({ id: longer.user.id }),
      expect.objectContaining({ id: other.user.id, display_name: `${stem.toUpperCase()}XB nick` }),
    ]);
    expect((await suggest(bob.token, { query: `${stem}x`, limit: 1 })).body.map((s: any) => s.id)).toEqual([
      exact.user.id,
    ]);
  });

  it('treats % and _ in the query as themselves, and never offers the system account', async () => {
    const stem = uniqueName('lk').replace(/_.*/, '');
    const underscored = await api.register(`${stem}_a`);
    await api.register(`${stem}ba`);
    expect((await suggest(bob.token, { query: `${stem}_` })).body.map((s: any) => s.id)).toEqual([underscored.user.id]);
    expect((await suggest(bob.token, { query: '%' })).body).toEqual([]);
    expect((await suggest(bob.token, { query: 'guardian' })).body).toEqual([]);
  });

  it('with a channel, lists only users who can view it, and answers 404 for a channel the caller cannot', async () => {
    const channel = await newChannel(hidden);
    const names = async (token: string, query: string) =>
      (await suggest(token, { query, channel_id: channel, limit: 25 })).body.map((s: any) => s.username);
    expect(await names(alice.token, carol.username)).toEqual([]);
    expect(await names(alice.token, bob.username)).toEqual([bob.username]);
    // Without a channel anyone may be suggested.
    expect((await suggest(alice.token, { query: carol.username })).body.map((s: any) => s.username)).toEqual([
      carol.username,
    ]);
    const denied = await suggest(carol.token, { query: '', channel_id: channel });
    expect(denied.status).toBe(404);
    expect(denied.body).toEqual({ detail: TEXT.channelNotFound });
    expect((await suggest(carol.token, { query: '', channel_id: 999_999 })).status).toBe(404);
  });

  it("offers @everyone, labelled 'Admin Only', to admins in a channel, last and within the limit", async () => {
    const channel = await newChannel();
    const everyone = {
      type: 'everyone',
      id: null,
      username: 'everyone',
      display_name: 'everyone',
      profile_image_url: null,
      label: TEXT.everyoneAdminOnly,
    };
    const forAdmin = (await suggest(admin.token, { query: 'ev', channel_id: channel })).body;
    expect(forAdmin.at(-1)).toEqual(everyone);
    const all = (await suggest(admin.token, { query: '', channel_id: channel, limit: 3 })).body;
    expect(all).toHaveLength(3);
    expect(all.at(-1)).toEqual(everyone);
    expect((await suggest(admin.token, { query: 'bo', channel_id: channel })).body).not.toContainEqual(everyone);
    expect((await suggest(admin.token, { query: 'ev' })).body).not.toContainEqual(everyone);
    expect((await suggest(alice.token, { query: 'ev', channel_id: channel })).body).not.toContainEqual(everyone);
  });

  it('refuses bad input with a 400 saying why, and needs a signed-in user', async () => {
    for (const [params, detail] of [
      [{ limit: 0 }, 'limit must be a number from 1 to 25'],
      [{ limit: 26 }, 'limit must be a number from 1 to 25'],
      [{ limit: 'ten' }, 'limit must be a number from 1 to 25'],
      [{ channel_id: 'abc' }, 'Must be a positive integer id'],
      [{ query: 'x'.repeat(101) }, 'query must be 100 characters or fewer'],
    ] as const) {
      const res = await suggest(bob.token, params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body).toEqual({ detail });
    }
    expect((await suggest('', { query: 'a' })).status).toBe(401);
  });
});
