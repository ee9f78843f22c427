import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@hearth/protocol';
import { uniqueName, type Person } from './client.js';
import { admin, api, live, server, serverForFile } from './test-server.js';

let alice: Person;
let bob: Person;

const person = (prefix: string) => api.person(prefix);

serverForFile();
beforeAll(async () => {
  alice = await person('alice');
  bob = await person('bob');
});

const newGroup = async () => (await api.post('/group', { name: uniqueName('g') }, admin.token)).body.id as number;
const newChannel = async (group: number, type: 'text' | 'voice' = 'text') =>
  (await api.post('/channel', { name: uniqueName('c'), group_id: group, channel_type: type }, admin.token)).body
    .id as number;
const send = async (token: string, channel_id: number, content = 'hello') =>
  (await api.post('/message', { channel_id, content }, token)).body.id as number;
const channelStatus = async (p: Person, channel: number) => {
  const res = await api.get('/channel/read-status/all', p.token);
  expect(res.status).toBe(200);
  return (res.body as any[]).find((s) => s.channel_id === channel);
};
const groupStatus = async (p: Person, group: number) =>
  ((await api.get('/group/read-status/all', p.token)).body as any[]).find((s) => s.group_id === group);
const markRead = (p: Person, channel: number, body?: unknown) =>
  api.request('POST', `/channel/${channel}/mark-read`, body, p.token);
const hide = (p: Person, group: number, view = false) =>
  api.put(`/admin/groups/${group}/permissions/${p.id}`, { permissions: { can_view: view } }, admin.token);

describe('GET /channel/read-status/all', () => {
  it('starts read, turns unread with a message from someone else, and never with one of your own', async () => {
    const group = await newGroup();
    const channel = await newChannel(group);
    await newChannel(group, 'voice');
    const fresh = { channel_id: channel, group_id: group, unread_mentions: 0, has_unread: false };
    expect(await channelStatus(bob, channel)).toEqual({ ...fresh, last_read_message_id: null, last_read_at: null });
    await send(alice.token, channel);
    expect(await channelStatus(bob, channel)).toMatchObject({ has_unread: true, unread_mentions: 0 });
    expect(await channelStatus(alice, channel)).toMatchObject({ has_unread: false, unread_mentions: 0 });
    // Voice channels have no messages, so no status.
    const inGroup = (await api.get(`/channel/read-status/all?group_id=${group}`, bob.token)).body;
    expect(inGroup.map((s: any) => s.channel_id)).toEqual([channel]);
  });

  it('counts messages after the last read one that mention the user or an admin’s @everyone, each once', async () => {
    const group = await newGroup();
    const channel = await newChannel(group);
    await send(alice.token, channel, `@${bob.username} one`);
    await send(admin.token, channel, `@everyone and @${bob.username}`);
    await send(alice.token, channel, '@everyone from a user pings no one');
    await send(alice.token, channel, `@${alice.username} talks to herself`);
    expect(await channelStatus(bob, channel)).toMatchObject({ has_unread: true, unread_mentions: 2 });
    expect(await channelStatus(alice, channel)).toMatchObject({ has_unread: true, unread_mentions: 1 });
    // An author is never mentioned by their own message, not even through @everyone.
    expect(await channelStatus(admin, channel)).toMatchObject({ unread_mentions: 0 });
  });

  it('follows edits, deletions and admin removals of mentioning messages', async () => {
    const group = await newGroup();
    const channel = await newChannel(group);
    const a = await send(alice.token, channel, `@${bob.username} a`);
    const b = await send(alice.token, channel, 'b');
    const c = await send(alice.token, channel, `@${bob.username} c`);
    expect((await channelStatus(bob, channel)).unread_mentions).toBe(2);
    await api.put(`/message/${b}`, { content: `now @${bob.username}` }, alice.token);
    expect((await channelStatus(bob, channel)).unread_mentions).toBe(3);
    await api.put(`/message/${b}`, { content: 'not any more' }, alice.token);
    expect((await channelStatus(bob, channel)).unread_mentions).toBe(2);
    await api.delete(`/message/${a}`, alice.token);
    expect((await channelStatus(bob, channel)).unread_mentions).toBe(1);
    await api.delete(`/message/${c}`, admin.token);
    expect(await channelStatus(bob, channel)).toMatchObject({ unread_mentions: 0, has_unread: true });
  });

  it('does not hand a newcomer every @everyone sent before their account existed', async () => {
    const group = await newGroup();
    const channel = await newChannel(group);
    await send(admin.token, channel, '@everyone old news');
    const newcomer = await person('new');
    expect(await channelStatus(newcomer, channel)).toMatchObject({ has_unread: true, unread_mentions: 0 });
    await send(admin.token, channel, '@everyone fresh news');
    expect((await channelStatus(newcomer, channel)).unread_mentions).toBe(1);
  });

  it('lists only channels the user can view, and answers 404 for a group they cannot', async () => {
    const group = await newGroup();
    const channel = await newChannel(group);
    await send(alice.token, channel, `@${bob.username}`);
    await hide(bob, group);
    try {
      expect(await channelStatus(bob, channel)).toBeUndefined();
      expect(await groupStatus(bob, group)).toBeUndefined();
      const res = await api.get(`/channel/read-status/all?group_id=${group}`, bob.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: TEXT.groupNotFound });
    } finally {
      await hide(bob, group, true);
    }
    expect(await channelStatus(bob, channel)).toMatchObject({ unread_mentions: 1 });
    expect((await api.get('/channel/read-status/all?group_id=abc', bob.token)).status).toBe(400);
    expect((await api.get('/channel/read-status/all?group_id=999999', bob.token)).status).toBe(404);
    expect((await api.get('/channel/read-status/all')).status).toBe(401);
  });

  it('writes nothing per reader when a message is sent', async () => {
    const group = await newGroup();
    const channel = await newChannel(group);
    const count = async () =>
      (await server.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM channel_reads')).rows[0]!.n;
    const before = await count();
    await send(admin.token, channel, `@everyone @${bob.username} @${alice.username}`);
    expect(await count()).toBe(before);
  });
});

describe('POST /channel/{id}/mark-read', () => {
  it('marks the newest message read with null (or no body), and later messages make it unread again', async () => {
    const group = await newGroup();
    const channel = await newChannel(group);
    await send(alice.token, channel, `@${bob.username}`);
    const newest = await send(alice.token, channel, `@${bob.username}`);
    const res = await markRead(bob, channel, { message_id: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      channel_id: channel,
      group_id: group,
      unread_mentions: 0,
      has_unread: false,
      last_read_message_id: newest,
      last_read_at: expect.any(String),
    });
    expect(Date.parse(res.body.last_read_at)).not.toBeNaN();
    expect(await channelStatus(bob, channel)).toEqual(res.body);

    await send(alice.token, channel, 'plain');
    expect(await channelStatus(bob, channel)).toMatchObject({ has_unread: true, unread_mentions: 0 });
    await send(alice.token, channel, `@${bob.username}`);
    expect(await channelStatus(bob, channel)).toMatchObject({ has_unread: true, unread_mentions: 1 });
    expect((await markRead(bob, channel)).body).toMatchObject({ has_unread: false, unread_mentions: 0 });
  });

  it('marks up to a given message, counting only what comes after it, and never moves back', async () => {
    const group = await newGroup();
    const channel = await newChannel(group);
    const first = await send(alice.token, channel, `@${bob.username} 1`);
    const second = await send(alice.token, channel, `@${bob.username} 2`);
    await send(alice.token, channel, `@${bob.username} 3`);
    const partly = await markRead(bob, channel, { message_id: String(second) });
    expect(partly.body).toMatchObject({ last_read_message_id: second, unread_mentions: 1, has_unread: true });
    const back = await markRead(bob, channel, { message_id: first });
    expect(back.body).toEqual(partly.body);
  });

  it('tells every session of the user, on every device, and nobody else', async () => {
    const group = await newGroup();
    const channel = await newChannel(group);
    const otherDevice = (await api.post('/auth/login', { username: bob.username, password: 'secret1' })).body;
    const [bobHere, bobThere, aliceLive] = await Promise.all([
      live(bob.token),
      live(otherDevice.access_token),
      live(alice.token),
    ]);
    await send(alice.token, channel, `@${bob.username}`);
    const status = (await markRead(bob, channel)).body;
    for (const client of [bobHere, bobThere]) {
      const frame = await client.waitFor((f) => f.type === 'channel_read_status_update');
      expect(frame.data).toEqual(status);
    }
    // Marking again moves nothing, so nothing is sent.
    await markRead(bob, channel);
    const name = uniqueName('after');
    await api.post('/group', { name }, admin.token);
    for (const client of [bobHere, bobThere, aliceLive])
      await client.waitFor((f) => f.type === 'group_created' && f.data.name === name);
    expect(bobThere.ofType('channel_read_status_update')).toHaveLength(1);
    expect(aliceLive.ofType('channel_read_status_update')).toEqual([]);
  });

  it('answers 404 for a channel the user cannot view and a message of another channel; 400 for bad input', async () => {
    const group = await newGroup();
    const channel = await newChannel(group);
    const other = await newChannel(group);
    const elsewhere = await send(alice.token, other);
    await send(alice.token, channel);
    const wrong = await markRead(bob, channel, { message_id: elsewhere });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ detail: TEXT.messageNotFound });
    expect((await markRead(bob, channel, { message_id: 999_999_999 })).status).toBe(404);
    expect((await markRead(bob, 999_999_999)).body).toEqual({ detail: TEXT.channelNotFound });

    const voice = await markRead(bob, await newChannel(group, 'voice'));
    expect(voice.status).toBe(400);
    expect(voice.body).toEqual({ detail: TEXT.voiceChannelNoReadStatus });
    for (const body of [{ message_id: 'abc' }, { message_id: -1 }, { message_id: 1.5 }]) {
      const res = await markRead(bob, channel, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ detail: 'Must be a positive integer id' });
    }
    expect((await api.request('POST', '/channel/abc/mark-read', {}, bob.token)).status).toBe(400);
    const notJson = await api.request('POST', `/channel/${channel}/mark-read`, '{"message', bob.token, {
      'content-type': 'application/json',
    });
    expect(notJson.body).toEqual({ detail: TEXT.invalidJson });
    expect((await api.request('POST', `/channel/${channel}/mark-read`, {})).status).toBe(401);

    await hide(bob, group);
    try {
      const hiddenMark = await markRead(bob, channel);
      expect(hiddenMark.status).toBe(404);
      expect(hiddenMark.body).toEqual({ detail: TEXT.channelNotFound });
    } finally {
      await hide(bob, group, true);
    }
    expect((await channelStatus(bob, channel)).has_unread).toBe(true);
  });
});

describe('POST /channel/{id}/mark-unread', () => {
  it('moves the mark back to just before a message, with its mentions unread again, and tells the other tabs', async () => {
    const group = await newGroup();
    const channel = await newChannel(group);
    await send(alice.token, channel, 'old news');
    const second = await send(alice.token, channel, `@${bob.username} look`);
    await send(alice.token, channel, 'and this');
    await markRead(bob, channel);
    expect(await channelStatus(bob, channel)).toMatchObject({ has_unread: false, unread_mentions: 0 });
    const otherTab = await live(bob.token);
    const res = await api.post(`/channel/${channel}/mark-unread`, { message_id: second }, bob.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ last_read_message_id: second - 1, has_unread: true, unread_mentions: 1 });
    expect(await channelStatus(bob, channel)).toEqual(res.body);
    const frame = await otherTab.waitFor((f) => f.type === 'channel_read_status_update');
    expect(frame.data).toEqual(res.body);
    // Reading again afterwards works as usual.
    expect((await markRead(bob, channel)).body).toMatchObject({ has_unread: false, unread_mentions: 0 });
  });

  it('answers 404 for a message of another channel or a hidden channel, 400 without a message', async () => {
    const group = await newGroup();
    const channel = await newChannel(group);
    const elsewhere = await send(alice.token, await newChannel(group), 'elsewhere');
    const wrong = await api.post(`/channel/${channel}/mark-unread`, { message_id: elsewhere }, bob.token);
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ detail: TEXT.messageNotFound });
    expect((await api.post(`/channel/${channel}/mark-unread`, {}, bob.token)).status).toBe(400);
    const own = await send(alice.token, channel, 'mine');
    await hide(bob, group);
    expect((await api.post(`/channel/${channel}/mark-unread`, { message_id: own }, bob.token)).status).toBe(404);
    await hide(bob, group, true);
  });
});

describe('group read status', () => {
  it('sums the channels of each visible group, and marking a group reads all of them', async () => {
    const group = await newGroup();
    const [one, two, quiet] = [await newChannel(group), await newChannel(group), await newChannel(group)];
    await send(alice.token, one, `@${bob.username}`);
    await send(alice.token, two, `@${bob.username}`);
    await send(admin.token, two, '@everyone');
    const bobLive = await live(bob.token);
    expect(await groupStatus(bob, group)).toEqual({
      group_id: group,
      total_unread_mentions: 3,
      has_unread_messages: true,
    });
    const empty = await newGroup();
    expect(await groupStatus(bob, empty)).toEqual({
      group_id: empty,
      total_unread_mentions: 0,
      has_unread_messages: false,
    });

    const res = await api.post(`/group/${group}/mark-read`, {}, bob.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ group_id: group, total_unread_mentions: 0, has_unread_messages: false });
    expect(await groupStatus(bob, group)).toEqual(res.body);
    // One update per channel that moved; the channel without messages did not.
    for (const channel of [one, two])
      await bobLive.waitFor((f) => f.type === 'channel_read_status_update' && f.data.channel_id === channel);
    expect(bobLive.ofType('channel_read_status_update').map((f) => f.data.channel_id)).not.toContain(quiet);
    // Others' state is their own: Alice still has the admin's @everyone to read.
    expect(await groupStatus(alice, group)).toMatchObject({ total_unread_mentions: 1, has_unread_messages: true });
  });

  it('answers 404 for a group the user cannot view, 400 for a bad id', async () => {
    const group = await newGroup();
    await hide(bob, group);
    try {
      const res = await api.post(`/group/${group}/mark-read`, {}, bob.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: TEXT.groupNotFound });
    } finally {
      await hide(bob, group, true);
    }
    expect((await api.post('/group/999999/mark-read', {}, bob.token)).status).toBe(404);
    expect((await api.post('/group/abc/mark-read', {}, bob.token)).status).toBe(400);
    expect((await api.get('/group/read-status/all')).status).toBe(401);
  });
});

describe('cost', () => {
  it('reads the status of every channel with the same number of queries however many there are', async () => {
    const pool = server.ctx.db;
    const original = pool.query.bind(pool);
    // Every query the pool runs while the request is answered counts, the server's own background
    // work too (a node's heartbeat, the pushes worked out after a send): the fewest of three requests
    // is the request's own, as background work can only add to a count.
    const queriesOnce = async (path: string) => {
      let count = 0;
      (pool as any).query = (...args: unknown[]) => {
        count++;
        return (original as any)(...args);
      };
      try {
        expect((await api.get(path, bob.token)).status).toBe(200);
      } finally {
        (pool as any).query = original;
      }
      return count;
    };
    const queriesFor = async (path: string) =>
      Math.min(await queriesOnce(path), await queriesOnce(path), await queriesOnce(path));
    const before = [await queriesFor('/channel/read-status/all'), await queriesFor('/group/read-status/all')];
    const group = await newGroup();
    for (let c = 0; c < 4; c++) {
      const channel = await newChannel(group);
      for (let i = 0; i < 5; i++) await send(alice.token, channel, `@${bob.username}`);
    }
    await server.ctx.push.idle();
    expect([await queriesFor('/channel/read-status/all'), await queriesFor('/group/read-status/all')]).toEqual(before);
  });
});
