import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_REMOVED_BY_ADMIN, TEXT } from '@hearth/protocol';
import { Api, uniqueName } from './client.js';
import { startTestServer } from './harness.js';
import { admin, api, server, serverForFile } from './test-server.js';

let alice: { token: string; id: number; username: string };
let bob: { token: string; id: number };
let groupId: number;

serverForFile();
beforeAll(async () => {
  const a = await api.register(uniqueName('alice'));
  alice = { token: a.token, id: a.user.id, username: a.user.username };
  const b = await api.register(uniqueName('bob'));
  bob = { token: b.token, id: b.user.id };
  groupId = (await api.post('/group', { name: 'Messages' }, admin.token)).body.id;
});

const newChannel = async () =>
  (await api.post('/channel', { name: uniqueName('c'), group_id: groupId }, admin.token)).body.id as number;
const send = (token: string, channel_id: number, content: string, nonce?: string) =>
  api.post('/message', { channel_id, content, ...(nonce ? { nonce } : {}) }, token);

describe('history', () => {
  it('returns the newest page in ascending order, then pages before and after', async () => {
    const channel = await newChannel();
    const ids: number[] = [];
    for (let i = 0; i < 75; i++) ids.push((await send(alice.token, channel, `m${i}`)).body.id);

    const newest = (await api.get(`/message?channel_id=${channel}`, bob.token)).body;
    expect(newest).toHaveLength(30);
    expect(newest.map((m: any) => m.content)).toEqual(Array.from({ length: 30 }, (_, i) => `m${45 + i}`));

    const older = (await api.get(`/message?channel_id=${channel}&before=${newest[0].id}`, bob.token)).body;
    expect(older.map((m: any) => m.content)).toEqual(Array.from({ length: 30 }, (_, i) => `m${15 + i}`));
    const oldest = (await api.get(`/message?channel_id=${channel}&before=${older[0].id}`, bob.token)).body;
    expect(oldest).toHaveLength(15);
    expect(oldest[0].content).toBe('m0');

    const after = (await api.get(`/message?channel_id=${channel}&after=${ids[9]}&limit=5`, bob.token)).body;
    expect(after.map((m: any) => m.content)).toEqual(['m10', 'm11', 'm12', 'm13', 'm14']);
    const big = (await api.get(`/message?channel_id=${channel}&limit=100`, bob.token)).body;
    expect(big).toHaveLength(75);
  });

  it('validates the query', async () => {
    const channel = await newChannel();
    const cases = [
      `/message`,
      `/message?channel_id=abc`,
      `/message?channel_id=${channel}&limit=0`,
      `/message?channel_id=${channel}&limit=101`,
      `/message?channel_id=${channel}&before=1&after=2`,
      `/message?channel_id=-4`,
    ];
    for (const path of cases) {
      const res = await api.get(path, bob.token);
      expect(res.status, path).toBe(400);
      expect(typeof res.body.detail, path).toBe('string');
    }
    expect((await api.get(`/message?channel_id=999999`, bob.token)).body).toEqual({ detail: TEXT.channelNotFound });
  });
});

describe('sending', () => {
  it('answers with the stored message and its author profile fields', async () => {
    const channel = await newChannel();
    const res = await send(alice.token, channel, '  hello world  ');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      channel_id: channel,
      group_id: groupId,
      user_id: alice.id,
      user_numeric_id: alice.id,
      username: alice.username,
      role: 'USER',
      content: 'hello world',
      edited_at: null,
      attachments: [],
      reactions: [],
      mentions_everyone: false,
      message_type: 'text',
    });
    expect(Date.parse(res.body.timestamp)).not.toBeNaN();
    const history = (await api.get(`/message?channel_id=${channel}`, bob.token)).body;
    expect(history).toEqual([res.body]);
  });

  it('stores a retried send with the same nonce once', async () => {
    const channel = await newChannel();
    const first = await send(alice.token, channel, 'once', 'nonce-1');
    const retry = await send(alice.token, channel, 'once', 'nonce-1');
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(first.body.id);
    // Another user may use the same nonce: nonces are per author.
    expect((await send(bob.token, channel, 'mine', 'nonce-1')).status).toBe(201);
    expect((await api.get(`/message?channel_id=${channel}`, bob.token)).body).toHaveLength(2);
  });

  it('enforces content rules', async () => {
    const channel = await newChannel();
    expect((await send(alice.token, channel, '   ')).body).toEqual({ detail: TEXT.messageEmpty });
    expect((await send(alice.token, channel, 'x'.repeat(4001))).body).toEqual({ detail: TEXT.messageTooLong });
    expect((await send(alice.token, channel, 'x'.repeat(4000))).status).toBe(201);
    expect((await api.post('/message', { channel_id: channel }, alice.token)).status).toBe(400);
    expect((await api.post('/message', { channel_id: channel, content: 42 }, alice.token)).status).toBe(400);
  });

  it('checks can_post on every send', async () => {
    const channel = await newChannel();
    await api.put(`/admin/groups/${groupId}/permissions/${bob.id}`, { permissions: { can_post: false } }, admin.token);
    const denied = await send(bob.token, channel, 'let me in');
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ detail: TEXT.noPostPermission });
    // Reading is still allowed.
    expect((await api.get(`/message?channel_id=${channel}`, bob.token)).status).toBe(200);
    await api.put(`/admin/groups/${groupId}/permissions/${bob.id}`, { permissions: { can_post: true } }, admin.token);
    expect((await send(bob.token, channel, 'back')).status).toBe(201);
  });

  it('refuses messages in voice channels', async () => {
    const voice = (await api.post('/channel', { name: 'talk', group_id: groupId, channel_type: 'voice' }, admin.token))
      .body.id;
    expect((await send(alice.token, voice, 'hi')).body).toEqual({ detail: TEXT.voiceChannelNoMessages });
  });
});

describe('edit and delete', () => {
  it('lets only the author edit, with trimmed non-empty content, and sets edited_at', async () => {
    const channel = await newChannel();
    const msg = (await send(alice.token, channel, 'first')).body;
    expect((await api.put(`/message/${msg.id}`, { content: 'hijack' }, bob.token)).status).toBe(403);
    expect((await api.put(`/message/${msg.id}`, { content: 'hijack' }, admin.token)).body).toEqual({
      detail: TEXT.editNotAuthor,
    });
    expect((await api.put(`/message/${msg.id}`, { content: '  ' }, alice.token)).status).toBe(400);
    const edited = await api.put(`/message/${msg.id}`, { content: ' second ' }, alice.token);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: msg.id, channel_id: channel, content: 'second' });
    expect(edited.body.edited_at).not.toBeNull();
    expect((await api.put('/message/999999', { content: 'x' }, alice.token)).status).toBe(404);
  });

  it('lets the author delete their message', async () => {
    const channel = await newChannel();
    const msg = (await send(alice.token, channel, 'oops')).body;
    expect((await api.delete(`/message/${msg.id}`, bob.token)).body).toEqual({ detail: TEXT.deleteForbidden });
    const res = await api.delete(`/message/${msg.id}`, alice.token);
    expect(res.body).toEqual({ id: msg.id, channel_id: channel, deleted: true });
    expect((await api.get(`/message?channel_id=${channel}`, alice.token)).body).toEqual([]);
  });

  it("replaces another user's message when an admin deletes it", async () => {
    const channel = await newChannel();
    const msg = (await send(alice.token, channel, 'rude words')).body;
    const res = await api.delete(`/message/${msg.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(false);
    expect(res.body.message.content).toBe(MESSAGE_REMOVED_BY_ADMIN);
    const history = (await api.get(`/message?channel_id=${channel}`, bob.token)).body;
    expect(history[0]).toMatchObject({ id: msg.id, content: MESSAGE_REMOVED_BY_ADMIN, user_id: alice.id });
    // A removed message can be neither edited nor deleted again.
    expect((await api.put(`/message/${msg.id}`, { content: 'undo' }, alice.token)).body).toEqual({
      detail: TEXT.editRemoved,
    });
    expect((await api.delete(`/message/${msg.id}`, alice.token)).body).toEqual({ detail: TEXT.deleteRemoved });
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once a user sends too fast', async () => {
    const limited = await startTestServer({
      rateLimits: { ...server.ctx.config.rateLimits, messagePerUser: { limit: 5, windowMs: 60_000 } },
    });
    try {
      const lapi = new Api(limited.url);
      await lapi.register(uniqueName('adm'));
      const user = await lapi.register(uniqueName('fast'));
      const channel = (await lapi.get('/channel/', user.token)).body[0].id;
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await lapi.post('/message', { channel_id: channel, content: `${i}` }, user.token)).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
      const res = await lapi.post('/message', { channel_id: channel, content: 'x' }, user.token);
      expect(res.body).toEqual({ detail: TEXT.rateLimited });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
