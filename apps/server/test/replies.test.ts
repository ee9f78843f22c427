import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGE_REMOVED_BY_ADMIN, REPLY_PREVIEW_LENGTH, REPLY_TEXT } from '@hearth/protocol';
import { uniqueName, type LiveClient, type Person } from './client.js';
import { admin, api, live, server, serverForFile } from './test-server.js';

let alice: Person;
let bob: Person;
let groupId: number;
/** A group Carol cannot view. */
let hidden: number;
let carol: Person;

serverForFile();
beforeAll(async () => {
  alice = await api.person('alice');
  bob = await api.person('bob');
  carol = await api.person('carol');
  groupId = (await api.post('/group', { name: 'Replies' }, admin.token)).body.id;
  hidden = (await api.post('/group', { name: 'Replies hidden' }, admin.token)).body.id;
  await api.put(`/admin/groups/${hidden}/permissions/${carol.id}`, { permissions: { can_view: false } }, admin.token);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const newChannel = async (group = groupId) =>
  (await api.post('/channel', { name: uniqueName('c'), group_id: group }, admin.token)).body.id as number;
const send = (who: Person, channel_id: number, content: string, extra: Record<string, unknown> = {}) =>
  api.post('/message', { channel_id, content, ...extra }, who.token);
const post = async (who: Person, channel_id: number, content: string, extra: Record<string, unknown> = {}) => {
  const res = await send(who, channel_id, content, extra);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const history = async (who: Person, channel: number, query = '') =>
  (await api.get(`/message?channel_id=${channel}&limit=100${query}`, who.token)).body as any[];
const unreadMentions = async (who: Person, channel: number) =>
  ((await api.get('/channel/read-status/all', who.token)).body as any[]).find((s) => s.channel_id === channel)
    ?.unread_mentions as number;
/** A later event every client receives, proving that earlier events had their chance to arrive. */
const barrier = async (...clients: LiveClient[]) => {
  const name = uniqueName('barrier');
  await api.post('/group', { name }, admin.token);
  for (const c of clients) await c.waitFor((f) => f.type === 'group_created' && f.data.name === name);
};
const notifications = (client: LiveClient, messageId: number) =>
  client.ofType('mention_notification').filter((f) => f.data.message.id === messageId);
const preview = (original: any, author: Person, extra: Record<string, unknown> = {}) => ({
  id: original.id,
  user_id: author.id,
  username: author.username,
  content: original.content,
  has_attachments: false,
  deleted: false,
  ...extra,
});

async function friends(): Promise<[Person, Person]> {
  const a = await api.person('dma');
  const b = await api.person('dmb');
  const { body } = await api.post('/friends/request', { username: b.username }, a.token);
  await api.post(`/friends/${body.friendship_id}/accept`, undefined, b.token);
  return [a, b];
}
const dm = async (from: Person, to: Person, content: string, extra: Record<string, unknown> = {}) =>
  api.post('/dm/send', { recipient_id: to.id, content, ...extra }, from.token);

describe('replying in a channel', () => {
  it('carries reply_to in the answer, the live event and the history', async () => {
    const channel = await newChannel();
    const bobLive = await live(bob.token);
    const original = await post(bob, channel, 'the original');
    const reply = await post(alice, channel, 'an answer', { reply_to_id: original.id });
    expect(reply.reply_to).toEqual(preview(original, bob));
    const event = await bobLive.waitFor((f) => f.type === 'message' && f.data.id === reply.id);
    expect(event.data.reply_to).toEqual(preview(original, bob));
    const page = await history(bob, channel);
    expect(page.map((m) => m.reply_to)).toEqual([null, preview(original, bob)]);
    expect(page[1]).toEqual(event.data);
  });

  it('takes reply_to_id on the live connection too', async () => {
    const channel = await newChannel();
    const original = await post(bob, channel, 'asked on REST');
    const aliceLive = await live(alice.token);
    aliceLive.send({
      type: 'message',
      channel_id: channel,
      content: 'answered live',
      nonce: 'r-1',
      reply_to_id: original.id,
    });
    const frame = await aliceLive.waitFor((f) => f.type === 'message' && f.data.nonce === 'r-1');
    expect(frame.data.reply_to).toEqual(preview(original, bob));
    aliceLive.send({ type: 'message', channel_id: channel, content: 'x', nonce: 'r-2', reply_to_id: 987654321 });
    const error = await aliceLive.waitFor((f) => f.type === 'error' && f.data.nonce === 'r-2');
    expect(error.data.detail).toBe(REPLY_TEXT.cannotReply);
  });

  it('shows the first 100 characters of the original as it is now, and whether it has attachments', async () => {
    const channel = await newChannel();
    const long = 'é'.repeat(60) + 'x'.repeat(80);
    const original = await post(bob, channel, long);
    const reply = await post(alice, channel, 'so long', { reply_to_id: original.id });
    expect(reply.reply_to.content).toBe(long.slice(0, REPLY_PREVIEW_LENGTH));
    await api.put(`/message/${original.id}`, { content: 'shorter now' }, bob.token);
    expect((await history(alice, channel))[1].reply_to.content).toBe('shorter now');

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('notes'))]), 'notes.txt');
    const upload = await api.post('/upload/attachment', form, bob.token);
    expect(upload.status, JSON.stringify(upload.body)).toBeLessThan(300);
    const withFile = await post(bob, channel, '', { attachment_ids: [upload.body.attachment.id] });
    const toFile = await post(alice, channel, 'nice file', { reply_to_id: withFile.id });
    expect(toFile.reply_to).toMatchObject({ id: withFile.id, content: '', has_attachments: true });
  });

  it('keeps pointing at a deleted original, marked deleted; an admin-removed one shows the notice', async () => {
    const channel = await newChannel();
    const gone = await post(bob, channel, 'soon gone');
    const removed = await post(bob, channel, 'soon removed');
    const toGone = await post(alice, channel, 'reply 1', { reply_to_id: gone.id });
    const toRemoved = await post(alice, channel, 'reply 2', { reply_to_id: removed.id });
    expect((await api.delete(`/message/${gone.id}`, bob.token)).status).toBe(200);
    expect((await api.delete(`/message/${removed.id}`, admin.token)).body.deleted).toBe(false);
    const page = await history(alice, channel);
    expect(page.find((m) => m.id === toGone.id).reply_to).toEqual({
      id: gone.id,
      user_id: null,
      username: null,
      content: '',
      has_attachments: false,
      deleted: true,
    });
    expect(page.find((m) => m.id === toRemoved.id).reply_to).toEqual(
      preview(removed, bob, { content: MESSAGE_REMOVED_BY_ADMIN }),
    );
    // Replies to a deleted original stay as they were: the edit event still says what it answered.
    const bobLive = await live(bob.token);
    await api.put(`/message/${toGone.id}`, { content: 'reply 1, edited' }, alice.token);
    const edited = await bobLive.waitFor((f) => f.type === 'message_updated' && f.data.id === toGone.id);
    expect(edited.data.reply_to).toMatchObject({ id: gone.id, deleted: true });
  });

  it("refuses another channel's message, one the sender cannot see, and an unknown id, all alike", async () => {
    const channel = await newChannel();
    const other = await newChannel();
    const secret = await newChannel(hidden);
    const elsewhere = await post(bob, other, 'in another channel');
    const unseen = await post(bob, secret, 'carol cannot see this');
    const [a, b] = await friends();
    const inDm = (await dm(a, b, 'a direct message')).body;
    for (const id of [elsewhere.id, unseen.id, inDm.id, 987654321]) {
      const res = await send(carol, channel, 'reply?', { reply_to_id: id });
      expect(res.status, String(id)).toBe(400);
      expect(res.body).toEqual({ detail: REPLY_TEXT.cannotReply });
    }
    // Nothing was stored by the refused sends.
    expect(await history(carol, channel)).toEqual([]);
    expect((await send(carol, channel, 'reply?', { reply_to_id: 'abc' })).status).toBe(400);
  });

  it('still checks access to the channel first: 404 for a channel the sender cannot view', async () => {
    const secret = await newChannel(hidden);
    const original = await post(bob, secret, 'hidden');
    const res = await send(carol, secret, 'reply', { reply_to_id: original.id });
    expect(res.status).toBe(404);
  });
});

describe('mentioning the author of the original', () => {
  it('mentions them by default: a notification, the mention stored and counted', async () => {
    const channel = await newChannel();
    const [aliceLive, bobLive] = await Promise.all([live(alice.token), live(bob.token)]);
    const original = await post(bob, channel, 'ping me back');
    const reply = await post(alice, channel, 'no @ in this text', { reply_to_id: original.id });
    expect(reply.mentioned_users).toEqual([{ id: bob.id, username: bob.username }]);
    const frame = await bobLive.waitFor((f) => f.type === 'mention_notification' && f.data.message.id === reply.id);
    expect(frame.data).toMatchObject({ type: 'mention', message: reply });
    expect(await unreadMentions(bob, channel)).toBe(1);
    await barrier(aliceLive, bobLive);
    expect(notifications(bobLive, reply.id)).toHaveLength(1);
    expect(notifications(aliceLive, reply.id)).toEqual([]);

    // Editing the reply keeps the mention and does not ping again.
    await api.put(`/message/${reply.id}`, { content: 'edited, still no @' }, alice.token);
    await barrier(bobLive);
    expect(notifications(bobLive, reply.id)).toHaveLength(1);
    expect(await unreadMentions(bob, channel)).toBe(1);
    expect((await history(bob, channel))[1].mentioned_users).toEqual([{ id: bob.id, username: bob.username }]);
  });

  it('pings once when the text also names the author', async () => {
    const channel = await newChannel();
    const bobLive = await live(bob.token);
    const original = await post(bob, channel, 'hi');
    const reply = await post(alice, channel, `@${bob.username} yes`, { reply_to_id: original.id });
    expect(reply.mentioned_users).toEqual([{ id: bob.id, username: bob.username }]);
    await barrier(bobLive);
    expect(notifications(bobLive, reply.id)).toHaveLength(1);
    expect(await unreadMentions(bob, channel)).toBe(1);
  });

  it('does not mention them with reply_mention false', async () => {
    const channel = await newChannel();
    const bobLive = await live(bob.token);
    const original = await post(bob, channel, 'quiet please');
    const reply = await post(alice, channel, 'quietly', { reply_to_id: original.id, reply_mention: false });
    expect(reply.mentioned_users).toEqual([]);
    expect(reply.reply_to).toEqual(preview(original, bob));
    await barrier(bobLive);
    expect(notifications(bobLive, reply.id)).toEqual([]);
    expect(await unreadMentions(bob, channel)).toBe(0);
  });

  it('never mentions the sender replying to themself', async () => {
    const channel = await newChannel();
    const aliceLive = await live(alice.token);
    const original = await post(alice, channel, 'first thought');
    const reply = await post(alice, channel, 'second thought', { reply_to_id: original.id });
    expect(reply.mentioned_users).toEqual([]);
    expect(reply.reply_to).toEqual(preview(original, alice));
    await barrier(aliceLive);
    expect(notifications(aliceLive, reply.id)).toEqual([]);
  });

  it('does not mention an author who can no longer view the channel', async () => {
    const group = (await api.post('/group', { name: uniqueName('g') }, admin.token)).body.id as number;
    const channel = await newChannel(group);
    const dave = await api.person('dave');
    const original = await post(dave, channel, 'before I lost access');
    await api.put(`/admin/groups/${group}/permissions/${dave.id}`, { permissions: { can_view: false } }, admin.token);
    const daveLive = await live(dave.token);
    const reply = await post(alice, channel, 'dave cannot see this', { reply_to_id: original.id });
    expect(reply.mentioned_users).toEqual([]);
    expect(reply.reply_to).toEqual(preview(original, dave));
    await barrier(daveLive);
    expect(notifications(daveLive, reply.id)).toEqual([]);
    expect(daveLive.ofType('message')).toEqual([]);
  });
});

describe('replying in a direct message', () => {
  it('carries reply_to to both participants and in the history, and mentions like a channel', async () => {
    const [a, b] = await friends();
    const [la, lb] = [await live(a), await live(b)];
    const original = (await dm(b, a, 'dm original')).body;
    const res = await dm(a, b, 'dm answer', { reply_to_id: original.id });
    expect(res.status).toBe(201);
    expect(res.body.reply_to).toEqual(preview(original, b));
    expect(res.body.mentioned_users).toEqual([{ id: b.id, username: b.username }]);
    for (const c of [la, lb]) {
      const f = await c.waitFor((f) => f.type === 'direct_message' && f.data.id === res.body.id);
      expect(f.data.reply_to).toEqual(preview(original, b));
    }
    const page = (await api.get(`/dm/conversation/${a.id}`, b.token)).body as any[];
    expect(page.map((m) => m.reply_to)).toEqual([null, preview(original, b)]);

    const quiet = (await dm(a, b, 'no ping', { reply_to_id: original.id, reply_mention: false })).body;
    expect(quiet.mentioned_users).toEqual([]);
    la.send({ type: 'direct_message', recipient_id: b.id, content: 'live', nonce: 'dm-r', reply_to_id: original.id });
    const frame = await lb.waitFor((f) => f.type === 'direct_message' && f.data.nonce === 'dm-r');
    expect(frame.data.reply_to).toEqual(preview(original, b));
  });

  it("refuses another conversation's message and a channel message", async () => {
    const [a, b] = await friends();
    const [c, d] = await friends();
    const theirs = (await dm(c, d, 'not yours')).body;
    const channel = await newChannel();
    const inChannel = await post(a, channel, 'a channel message');
    for (const id of [theirs.id, inChannel.id]) {
      const res = await dm(a, b, 'reply?', { reply_to_id: id });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: REPLY_TEXT.cannotReply });
    }
    // The conversation was never started by the refused sends.
    expect((await api.get(`/dm/conversation/${b.id}`, a.token)).body).toEqual([]);
  });
});

describe('history around a message', () => {
  it('answers a page centred on the message, oldest first, in channels', async () => {
    const channel = await newChannel();
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push((await post(alice, channel, `m${i}`)).id);
    const page = await history(alice, channel, `&around=${ids[20]}`);
    // 100 around the 21st of 40: the whole channel.
    expect(page.map((m) => m.id)).toEqual(ids);
    const around = (await api.get(`/message?channel_id=${channel}&limit=10&around=${ids[20]}`, alice.token)).body;
    expect(around.map((m: any) => m.id)).toEqual(ids.slice(16, 26));
    const nearStart = (await api.get(`/message?channel_id=${channel}&limit=10&around=${ids[1]}`, alice.token)).body;
    expect(nearStart.map((m: any) => m.id)).toEqual([ids[0], ids[1], ...ids.slice(2, 7)]);
    const nearEnd = (await api.get(`/message?channel_id=${channel}&limit=10&around=${ids[38]}`, alice.token)).body;
    expect(nearEnd.map((m: any) => m.id)).toEqual(ids.slice(34, 40));
  });

  it('refuses around with before or after', async () => {
    const channel = await newChannel();
    for (const extra of ['&before=5', '&after=5']) {
      const res = await api.get(`/message?channel_id=${channel}&around=10${extra}`, alice.token);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(REPLY_TEXT.aroundWithBeforeAfter);
    }
  });

  it('works in direct messages', async () => {
    const [a, b] = await friends();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await dm(i % 2 ? a : b, i % 2 ? b : a, `d${i}`)).body.id);
    const page = (await api.get(`/dm/conversation/${b.id}?limit=4&around=${ids[6]}`, a.token)).body;
    expect(page.map((m: any) => m.id)).toEqual(ids.slice(5, 9));
    const refused = await api.get(`/dm/conversation/${b.id}?around=${ids[6]}&before=${ids[9]}`, a.token);
    expect(refused.status).toBe(400);
  });
});

describe('cost of a page of replies', () => {
  it('loads every reply_to in the page statement itself, whatever the number of replies', async () => {
    const channel = await newChannel();
    const originals = [];
    for (let i = 0; i < 5; i++) originals.push(await post(bob, channel, `original ${i}`));
    const statements = async () => {
      const spy = vi.spyOn(server.ctx.db, 'query');
      await history(alice, channel);
      const texts = spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text));
      spy.mockRestore();
      // Only statements about messages: the server's own housekeeping may run meanwhile.
      return texts.filter((t) => t.includes('messages'));
    };
    await post(alice, channel, 'reply 0', { reply_to_id: originals[0].id });
    const few = await statements();
    for (let i = 0; i < 30; i++) await post(alice, channel, `reply ${i}`, { reply_to_id: originals[i % 5].id });
    const many = await statements();
    expect((await history(alice, channel)).filter((m) => m.reply_to).length).toBe(31);
    // The same statements for one reply as for thirty-one: no query per message.
    expect(many.length).toBe(few.length);
    // Only the page statement reads what replies answer.
    expect(many.filter((t) => t.includes('reply_to_id'))).toHaveLength(1);
  });
});
