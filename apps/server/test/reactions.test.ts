import { beforeAll, describe, expect, it } from 'vitest';
import { EMOJI_MAX_LENGTH, REACTION_EMOJI_PER_MESSAGE_MAX, TEXT } from '@hearth/protocol';
import { Api, uniqueName } from './client.js';
import { startTestServer } from './harness.js';
import { admin, api, live, server, serverForFile } from './test-server.js';

let alice: { token: string; id: number; username: string };
let bob: { token: string; id: number; username: string };
let groupId: number;

serverForFile();
beforeAll(async () => {
  const a = await api.register(uniqueName('alice'));
  alice = { token: a.token, id: a.user.id, username: a.user.username };
  const b = await api.register(uniqueName('bob'));
  bob = { token: b.token, id: b.user.id, username: b.user.username };
  groupId = (await api.post('/group', { name: 'Reactions' }, admin.token)).body.id;
});

const newChannel = async (group = groupId) =>
  (await api.post('/channel', { name: uniqueName('c'), group_id: group }, admin.token)).body.id as number;
const send = async (token: string, channel_id: number, content = 'hello') =>
  (await api.post('/message', { channel_id, content }, token)).body.id as number;
const react = (token: string, messageId: number, body: unknown) =>
  api.post(`/message/${messageId}/reactions`, body, token);
const unreact = (token: string, messageId: number, reactionId: number) =>
  api.delete(`/message/${messageId}/reactions/${reactionId}`, token);
const history = async (token: string, channel: number) =>
  (await api.get(`/message?channel_id=${channel}&limit=100`, token)).body as any[];
const setPermissions = (userId: number, permissions: Record<string, boolean>, group = groupId) =>
  api.put(`/admin/groups/${group}/permissions/${userId}`, { permissions }, admin.token);

describe('adding', () => {
  it('answers 201 with the reaction, the emoji in its fully-qualified form', async () => {
    const channel = await newChannel();
    const message = await send(alice.token, channel);
    const res = await react(bob.token, message, { emoji_unicode: '❤' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      message_id: message,
      channel_id: channel,
      user_id: bob.id,
      username: bob.username,
      emoji_id: null,
      emoji_unicode: '❤️',
      emoji_name: null,
      emoji_url: null,
      created_at: expect.any(String),
    });
    // Skin tones, flags, keycaps and joined sequences are one emoji each; VS16 where it is not needed goes.
    for (const [sent, stored] of [
      ['👍🏽', '👍🏽'],
      ['🇫🇷', '🇫🇷'],
      ['#⃣', '#️⃣'],
      ['👩🏻‍❤️‍💋‍👨🏼', '👩🏻‍❤️‍💋‍👨🏼'],
      ['👍\uFE0F', '👍'],
    ]) {
      const added = await react(bob.token, message, { emoji_unicode: sent });
      expect(added.status, sent).toBe(201);
      expect(added.body.emoji_unicode, sent).toBe(stored);
    }
  });

  it('refuses the same emoji twice from one user, however it is written, with 409', async () => {
    const channel = await newChannel();
    const message = await send(alice.token, channel);
    expect((await react(bob.token, message, { emoji_unicode: '❤️' })).status).toBe(201);
    for (const again of ['❤️', '❤']) {
      const res = await react(bob.token, message, { emoji_unicode: again });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ detail: TEXT.reactionDuplicate });
    }
    // Someone else may add the same emoji.
    expect((await react(alice.token, message, { emoji_unicode: '❤️' })).status).toBe(201);
  });

  it('refuses input that is not exactly one emoji with a 400 saying why', async () => {
    const channel = await newChannel();
    const message = await send(alice.token, channel);
    const cases: [unknown, string][] = [
      [{}, TEXT.reactionEmojiChoice],
      [{ emoji_id: null, emoji_unicode: null }, TEXT.reactionEmojiChoice],
      [{ emoji_id: 3, emoji_unicode: '👍' }, TEXT.reactionEmojiChoice],
      [{ emoji_unicode: 'lol' }, TEXT.reactionNotEmoji],
      [{ emoji_unicode: 'a' }, TEXT.reactionNotEmoji],
      [{ emoji_unicode: '1' }, TEXT.reactionNotEmoji],
      [{ emoji_unicode: '' }, TEXT.reactionNotEmoji],
      [{ emoji_unicode: ' 👍' }, TEXT.reactionNotEmoji],
      [{ emoji_unicode: '👍👍' }, TEXT.reactionNotEmoji],
      [{ emoji_unicode: '👍'.repeat(EMOJI_MAX_LENGTH) }, TEXT.reactionNotEmoji],
      [{ emoji_unicode: '\uD83D' }, TEXT.textMalformed],
      [{ emoji_id: 'abc' }, 'Must be a positive integer id'],
    ];
    for (const [body, detail] of cases) {
      const res = await react(bob.token, message, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ detail });
    }
    const notJson = await api.request('POST', `/message/${message}/reactions`, '{"emoji', bob.token, {
      'content-type': 'application/json',
    });
    expect(notJson.body).toEqual({ detail: TEXT.invalidJson });
    expect((await api.request('POST', `/message/${message}/reactions`, undefined, bob.token)).status).toBe(400);
    expect((await react(bob.token, message, { emoji_unicode: 42 })).status).toBe(400);
    expect((await react(bob.token, 0, { emoji_unicode: '👍' })).status).toBe(400);
    expect(await history(bob.token, channel)).toMatchObject([{ id: message, reactions: [] }]);
  });

  it('answers 404 for a custom emoji that does not exist (emoji.test.ts covers custom emoji)', async () => {
    const channel = await newChannel();
    const message = await send(alice.token, channel);
    const res = await react(bob.token, message, { emoji_id: 12 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: TEXT.emojiNotFound });
  });

  it('keeps a message to at most 20 different emoji; one already there can still be added', async () => {
    const channel = await newChannel();
    const message = await send(alice.token, channel);
    const emoji = [...'😀😃😄😁😆😅🤣😂🙂🙃😉😊😇🥰😍🤩😘😗😚😙😋'];
    for (const e of emoji.slice(0, REACTION_EMOJI_PER_MESSAGE_MAX))
      expect((await react(alice.token, message, { emoji_unicode: e })).status).toBe(201);
    const over = await react(alice.token, message, { emoji_unicode: emoji[REACTION_EMOJI_PER_MESSAGE_MAX] });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ detail: TEXT.reactionTooManyEmoji });
    expect((await react(bob.token, message, { emoji_unicode: emoji[0] })).status).toBe(201);
  });

  it('needs can_post, and refuses a message an admin removed', async () => {
    const channel = await newChannel();
    const message = await send(alice.token, channel);
    await setPermissions(bob.id, { can_post: false });
    try {
      const res = await react(bob.token, message, { emoji_unicode: '👍' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: TEXT.noReactPermission });
    } finally {
      await setPermissions(bob.id, { can_post: true });
    }
    await api.delete(`/message/${message}`, admin.token);
    const removed = await react(bob.token, message, { emoji_unicode: '👍' });
    expect(removed.status).toBe(400);
    expect(removed.body).toEqual({ detail: TEXT.reactionOnRemoved });
  });
});

describe('history', () => {
  it('lists each message its reactions, oldest first, and nothing on messages without', async () => {
    const channel = await newChannel();
    const first = await send(alice.token, channel, 'first');
    const second = await send(alice.token, channel, 'second');
    const third = await send(bob.token, channel, 'third');
    const a = (await react(bob.token, first, { emoji_unicode: '👍' })).body;
    const b = (await react(alice.token, first, { emoji_unicode: '👍' })).body;
    const c = (await react(alice.token, third, { emoji_unicode: '🎉' })).body;
    const page = await history(bob.token, channel);
    expect(page.map((m) => [m.id, m.reactions])).toEqual([
      [first, [a, b]],
      [second, []],
      [third, [c]],
    ]);
  });

  it('loads the reactions of a whole page with one query, whatever its length', async () => {
    const channel = await newChannel();
    for (let i = 0; i < 30; i++) {
      const id = await send(alice.token, channel, `m${i}`);
      await react(bob.token, id, { emoji_unicode: '👍' });
    }
    const queriesFor = async (limit: number) => {
      const pool = server.ctx.db;
      const original = pool.query.bind(pool);
      let count = 0;
      (pool as any).query = (...args: unknown[]) => {
        count++;
        return (original as any)(...args);
      };
      try {
        const res = await api.get(`/message?channel_id=${channel}&limit=${limit}`, bob.token);
        expect(res.body).toHaveLength(limit);
        expect(res.body.every((m: any) => m.reactions.length === 1)).toBe(true);
      } finally {
        (pool as any).query = original;
      }
      return count;
    };
    expect(await queriesFor(30)).toBe(await queriesFor(1));
  });

  it('keeps the reactions on a message that is edited or removed by an admin', async () => {
    const channel = await newChannel();
    const message = await send(alice.token, channel);
    const added = (await react(bob.token, message, { emoji_unicode: '👍' })).body;
    const edited = await api.put(`/message/${message}`, { content: 'changed' }, alice.token);
    expect(edited.body.reactions).toEqual([added]);
    const removed = await api.delete(`/message/${message}`, admin.token);
    expect(removed.body.message.reactions).toEqual([added]);
  });
});

describe('removing', () => {
  it("removes the caller's own reaction (204), and only that", async () => {
    const channel = await newChannel();
    const message = await send(alice.token, channel);
    const mine = (await react(bob.token, message, { emoji_unicode: '👍' })).body;
    const hers = (await react(alice.token, message, { emoji_unicode: '👍' })).body;

    const refused = await unreact(bob.token, message, hers.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: TEXT.reactionNotOwn });
    // Not even an admin takes away someone else's reaction.
    expect((await unreact(admin.token, message, hers.id)).status).toBe(403);

    const res = await unreact(bob.token, message, mine.id);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await history(bob.token, channel))[0].reactions).toEqual([hers]);
    const again = await unreact(bob.token, message, mine.id);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: TEXT.reactionNotFound });
    // Added again after removal: a new reaction.
    expect((await react(bob.token, message, { emoji_unicode: '👍' })).status).toBe(201);
  });

  it('answers 404 for a reaction of another message, and validates the ids', async () => {
    const channel = await newChannel();
    const one = await send(alice.token, channel);
    const other = await send(alice.token, channel);
    const reaction = (await react(bob.token, one, { emoji_unicode: '👍' })).body;
    expect((await unreact(bob.token, other, reaction.id)).body).toEqual({ detail: TEXT.reactionNotFound });
    expect((await api.delete(`/message/${one}/reactions/abc`, bob.token)).status).toBe(400);
  });

  it('lets a user who may no longer post take a reaction back', async () => {
    const channel = await newChannel();
    const message = await send(alice.token, channel);
    const mine = (await react(bob.token, message, { emoji_unicode: '👍' })).body;
    await setPermissions(bob.id, { can_post: false });
    try {
      expect((await unreact(bob.token, message, mine.id)).status).toBe(204);
    } finally {
      await setPermissions(bob.id, { can_post: true });
    }
  });
});

describe('visibility', () => {
  it('answers 404 for a message the caller may not view, or that does not exist', async () => {
    const hidden = (await api.post('/group', { name: 'Hidden' }, admin.token)).body.id as number;
    const channel = await newChannel(hidden);
    const message = await send(alice.token, channel);
    const theirs = (await react(alice.token, message, { emoji_unicode: '👍' })).body;
    await setPermissions(bob.id, { can_view: false }, hidden);
    for (const res of [
      await react(bob.token, message, { emoji_unicode: '👍' }),
      await unreact(bob.token, message, theirs.id),
      await react(bob.token, 999_999_999, { emoji_unicode: '👍' }),
      await unreact(bob.token, 999_999_999, theirs.id),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: TEXT.messageNotFound });
    }
  });
});

describe('live events', () => {
  it('reach everyone who can view the channel, and no one else', async () => {
    const viewers = (await api.post('/group', { name: 'Live reactions' }, admin.token)).body.id as number;
    const channel = await newChannel(viewers);
    const carol = await api.register(uniqueName('carol'));
    await setPermissions(carol.user.id, { can_view: false }, viewers);
    const [aliceLive, bobLive, carolLive] = await Promise.all([live(alice.token), live(bob.token), live(carol.token)]);
    const message = await send(alice.token, channel);
    const added = (await react(bob.token, message, { emoji_unicode: '🎉' })).body;
    for (const client of [aliceLive, bobLive]) {
      const frame = await client.waitFor((f) => f.type === 'reaction_add' && f.data.id === added.id);
      expect(frame.data).toEqual(added);
    }
    expect((await unreact(bob.token, message, added.id)).status).toBe(204);
    for (const client of [aliceLive, bobLive]) {
      const frame = await client.waitFor((f) => f.type === 'reaction_remove' && f.data.id === added.id);
      expect(frame.data).toEqual(added);
    }
    // A later event for carol proves the earlier ones had their chance to arrive.
    await api.post('/group', { name: 'After' }, admin.token);
    await carolLive.waitFor((f) => f.type === 'group_created');
    expect(carolLive.frames.filter((f) => f.type.startsWith('reaction_'))).toEqual([]);
  });

  it('carry the reactions in the events of an edit and an admin removal', async () => {
    const channel = await newChannel();
    const bobLive = await live(bob.token);
    const message = await send(alice.token, channel);
    const added = (await react(bob.token, message, { emoji_unicode: '👍' })).body;
    await api.put(`/message/${message}`, { content: 'edited' }, alice.token);
    const edit = await bobLive.waitFor((f) => f.type === 'message_updated' && f.data.id === message);
    expect(edit.data.reactions).toEqual([added]);
    await api.delete(`/message/${message}`, admin.token);
    const removal = await bobLive.waitFor((f) => f.type === 'message_admin_delete' && f.data.id === message);
    expect(removal.data.reactions).toEqual([added]);
  });
});

describe('rate limits', () => {
  it('counts reactions against the write limit', async () => {
    const limited = await startTestServer({
      rateLimits: { ...server.ctx.config.rateLimits, writePerUser: { limit: 3, windowMs: 60_000 } },
    });
    try {
      const lapi = new Api(limited.url);
      await lapi.register(uniqueName('adm'));
      const user = await lapi.register(uniqueName('fast'));
      const channel = (await lapi.get('/channel/', user.token)).body[0].id;
      const message = (await lapi.post('/message', { channel_id: channel, content: 'hi' }, user.token)).body.id;
      const statuses: number[] = [];
      for (const emoji of ['😀', '😃', '😄', '😁'])
        statuses.push((await lapi.post(`/message/${message}/reactions`, { emoji_unicode: emoji }, user.token)).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect((await lapi.delete(`/message/${message}/reactions/1`, user.token)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
