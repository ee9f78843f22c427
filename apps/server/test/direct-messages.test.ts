import { beforeAll, describe, expect, it } from 'vitest';
import { conversationIdOf, DM_TEXT, TEXT } from '@hearth/protocol';
import { sendDirectMessage } from '../src/direct-messages/service.js';
import type { UserRow } from '../src/users/user-row.js';
import type { Person } from './client.js';
import { api, live, server, serverForFile } from './test-server.js';

let guardian: UserRow;

serverForFile();
beforeAll(async () => {
  guardian = (await server.ctx.db.query<UserRow>(`SELECT * FROM users WHERE role = 'SYSTEM' ORDER BY id`)).rows[0]!;
});

async function friends(): Promise<[Person, Person]> {
  const a = await api.person('a');
  const b = await api.person('b');
  const { body } = await api.post('/friends/request', { username: b.username }, a.token);
  await api.post(`/friends/${body.friendship_id}/accept`, undefined, b.token);
  return [a, b];
}

const send = (from: Person, to: Person | number, content: string, extra: Record<string, unknown> = {}) =>
  api.post('/dm/send', { recipient_id: typeof to === 'number' ? to : to.id, content, ...extra }, from.token);
const page = (me: Person, other: Person, query = '') => api.get(`/dm/conversation/${other.id}${query}`, me.token);
const list = async (me: Person) => (await api.get('/dm/conversations', me.token)).body as any[];
const unread = async (me: Person) => (await api.get('/dm/unread-count', me.token)).body.unread_count as number;

describe('sending and reading', () => {
  it('delivers to both participants live, in a conversation named by the pair', async () => {
    const [a, b] = await friends();
    const [la, lb] = [await live(a), await live(b)];
    const res = await send(a, b, 'hello @' + b.username, { nonce: 'n-1' });
    expect(res.status).toBe(201);
    const id = conversationIdOf(a.id, b.id)!;
    expect(res.body.channel_id).toBe(id);
    expect(res.body.group_id).toBeNull();
    expect(res.body.mentioned_users).toEqual([{ id: b.id, username: b.username }]);
    for (const c of [la, lb]) {
      const f = await c.waitFor((f) => f.type === 'direct_message');
      expect(f.data).toMatchObject({ id: res.body.id, channel_id: id, content: 'hello @' + b.username, nonce: 'n-1' });
    }
    // The same nonce again stores and announces nothing.
    const again = await send(a, b, 'hello again', { nonce: 'n-1' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    expect((await page(b, a)).body.map((m: any) => m.content)).toEqual(['hello @' + b.username]);
  });

  it('sends over the live connection too, with nonce errors going back to the sender', async () => {
    const [a, b] = await friends();
    const [la, lb] = [await live(a), await live(b)];
    la.send({ type: 'direct_message', recipient_id: b.id, content: 'over the socket', nonce: 'ws-1' });
    const got = await lb.waitFor((f) => f.type === 'direct_message');
    expect(got.data.content).toBe('over the socket');
    la.send({ type: 'direct_message', recipient_id: guardian.id, content: 'hi', nonce: 'ws-2' });
    const error = await la.waitFor((f) => f.type === 'error' && f.data.nonce === 'ws-2');
    expect(error.data.detail).toBe(DM_TEXT.guardianReply);
    la.send({ type: 'direct_message', recipient_id: b.id, content: '   ', nonce: 'ws-3' });
    expect((await la.waitFor((f) => f.type === 'error' && f.data.nonce === 'ws-3')).data.detail).toBe(
      TEXT.messageEmpty,
    );
  });

  it('pages like channel history', async () => {
    const [a, b] = await friends();
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await send(i % 2 ? b : a, i % 2 ? a : b, `m${i}`)).body.id);
    const newest = (await page(a, b, '?limit=3')).body.map((m: any) => m.content);
    expect(newest).toEqual(['m4', 'm5', 'm6']);
    expect((await page(b, a, `?limit=3&before=${ids[4]}`)).body.map((m: any) => m.content)).toEqual(['m1', 'm2', 'm3']);
    expect((await page(a, b, `?limit=2&after=${ids[1]}`)).body.map((m: any) => m.content)).toEqual(['m2', 'm3']);
    expect((await page(a, b, '?limit=0')).status).toBe(400);
  });

  it('keeps each conversation to its two participants', async () => {
    const [a, b] = await friends();
    const c = await api.person('c');
    const lc = await live(c);
    const sent = (await send(a, b, 'just us')).body;
    // A third user reaches none of it: not the page (their own, empty, conversation with a), not the message.
    expect((await page(c, a)).body).toEqual([]);
    expect((await api.put(`/dm/edit/${sent.id}`, { content: 'x' }, c.token)).status).toBe(404);
    expect((await api.delete(`/dm/delete/${sent.id}`, c.token)).status).toBe(404);
    expect((await api.post(`/dm/reactions/${sent.id}`, { emoji_unicode: '👍' }, c.token)).status).toBe(404);
    // Nor through the channel endpoints.
    expect((await api.put(`/message/${sent.id}`, { content: 'x' }, c.token)).status).toBe(404);
    expect((await api.post(`/message/${sent.id}/reactions`, { emoji_unicode: '👍' }, c.token)).status).toBe(404);
    expect(await list(c)).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(lc.ofType('direct_message')).toEqual([]);
  });
});

describe('who may write', () => {
  it('refuses strangers, blocks either way, Guardian and oneself, each with its text', async () => {
    const a = await api.person('a');
    const stranger = await api.person('s');
    let res = await send(a, stranger, 'hi');
    expect([res.status, res.body.detail]).toEqual([403, DM_TEXT.notFriends]);
    res = await send(a, guardian.id, 'hi');
    expect([res.status, res.body.detail]).toEqual([403, DM_TEXT.guardianReply]);
    res = await send(a, a, 'hi');
    expect([res.status, res.body.detail]).toEqual([400, DM_TEXT.notYourself]);
    res = await send(a, 99_999_999, 'hi');
    expect([res.status, res.body.detail]).toEqual([404, DM_TEXT.userNotFound]);

    const [x, y] = await friends();
    const before = (await send(x, y, 'before the block')).body;
    await api.post(`/friends/block/${y.id}`, undefined, x.token);
    for (const [from, to] of [
      [x, y],
      [y, x],
    ] as const) {
      res = await send(from, to, 'after');
      expect([res.status, res.body.detail]).toEqual([403, DM_TEXT.blockedSend]);
      res = await page(from, to);
      expect([res.status, res.body.detail]).toEqual([403, DM_TEXT.blockedView]);
    }
    expect((await api.put(`/dm/edit/${before.id}`, { content: 'edited' }, x.token)).status).toBe(403);
    expect((await api.post(`/dm/reactions/${before.id}`, { emoji_unicode: '👍' }, y.token)).status).toBe(403);
    // Unblocking alone does not restore the friendship, so writing still needs a new request.
    await api.delete(`/friends/block/${y.id}`, x.token);
    expect((await send(x, y, 'again')).body.detail).toBe(DM_TEXT.notFriends);
    expect((await page(y, x)).status).toBe(200);
  });

  it('checks channel_id against the pair', async () => {
    const [a, b] = await friends();
    const res = await send(a, b, 'hi', { channel_id: -5 });
    expect([res.status, res.body.detail]).toEqual([400, DM_TEXT.wrongConversation]);
    expect((await send(a, b, 'hi', { channel_id: conversationIdOf(a.id, b.id) })).status).toBe(201);
  });
});

describe('Guardian', () => {
  it('writes to anyone, sorts first, and cannot be answered', async () => {
    const [a, b] = await friends();
    await send(b, a, 'from a friend');
    const user = (await server.ctx.db.query<UserRow>('SELECT * FROM users WHERE id = $1', [a.id])).rows[0]!;
    await sendDirectMessage(server.ctx, guardian, { recipient_id: user.id, content: 'Security notice' });
    await send(b, a, 'later, from the friend');
    const rows = await list(a);
    expect(rows.map((c) => c.friend.username)).toEqual(['Guardian', b.username]);
    expect(rows[0].friend.role).toBe('SYSTEM');
    expect(rows[0].last_message.content).toBe('Security notice');
    expect((await page(a, { id: guardian.id } as Person)).body.map((m: any) => m.content)).toEqual(['Security notice']);
    expect((await send(a, guardian.id, 'thanks')).body.detail).toBe(DM_TEXT.guardianReply);
  });
});

describe("an admin's Guardian message", () => {
  it('arrives as a Guardian direct message; only admins send one, with the spec texts', async () => {
    const admin = await api.person('boss');
    await server.ctx.db.query(`UPDATE users SET role = 'ADMIN' WHERE id = $1`, [admin.id]);
    const a = await api.person('a');
    const la = await live(a);
    const sent = await api.post(
      '/admin/guardian/send-message',
      { user_id: a.id, title: 'Heads up', content: 'Maintenance tonight', message_type: 'admin_message' },
      admin.token,
    );
    expect(sent.status).toBe(200);
    expect(sent.body.detail).toBe(`Guardian message sent to ${a.username}`);
    const f = await la.waitFor((f) => f.type === 'direct_message');
    expect(f.data).toMatchObject({ user_id: guardian.id, content: '**Heads up**\n\nMaintenance tonight' });
    expect(f.data.channel_id).toBe(conversationIdOf(a.id, guardian.id));
    const bad = async (body: object) => (await api.post('/admin/guardian/send-message', body, admin.token)).body.detail;
    expect(await bad({ user_id: a.id, title: ' ', content: 'x' })).toBe('Title cannot be empty');
    expect(await bad({ user_id: a.id, title: 'x', content: '  ' })).toBe('Content cannot be empty');
    expect(
      (await api.post('/admin/guardian/send-message', { user_id: guardian.id, title: 'x', content: 'y' }, admin.token))
        .status,
    ).toBe(404);
    expect(
      (await api.post('/admin/guardian/send-message', { user_id: a.id, title: 'x', content: 'y' }, a.token)).status,
    ).toBe(403);
  });
});

describe('unread state', () => {
  it('counts what the other wrote after the last read one, and mark-read moves only forward', async () => {
    const [a, b] = await friends();
    const lb = await live(b);
    await send(b, a, 'b writes first');
    const first = (await send(a, b, 'one')).body;
    await send(a, b, 'two');
    const third = (await send(a, b, 'three')).body;
    // b's own message is not unread for b; for a it is, and a's three are not unread for a.
    expect(await unread(b)).toBe(3);
    expect(await unread(a)).toBe(1);
    let row = (await list(b)).find((c) => c.friend.id === a.id);
    expect(row).toMatchObject({ unread_count: 3, last_message: { content: 'three', sender_id: a.id } });

    const marked = await api.post(`/dm/mark-read/${a.id}`, { message_id: first.id }, b.token);
    expect(marked.body).toEqual({
      channel_id: conversationIdOf(a.id, b.id),
      user_id: a.id,
      last_read_message_id: first.id,
    });
    expect(await unread(b)).toBe(2);
    expect((await lb.waitFor((f) => f.type === 'dm_read_status_update')).data.last_read_message_id).toBe(first.id);
    await api.post(`/dm/mark-read/${a.id}`, {}, b.token);
    expect(await unread(b)).toBe(0);
    // An older mark arriving late does not bring messages back.
    await api.post(`/dm/mark-read/${a.id}`, { message_id: first.id }, b.token);
    row = (await list(b)).find((c) => c.friend.id === a.id);
    expect(row.last_read_message_id).toBe(third.id);
    // A message of another conversation cannot be the mark.
    const [c, d] = await friends();
    const elsewhere = (await send(c, d, 'x')).body;
    expect((await api.post(`/dm/mark-read/${a.id}`, { message_id: elsewhere.id }, b.token)).status).toBe(404);
  });

  it('marks every conversation read at once', async () => {
    const [a, b] = await friends();
    const c = await api.person('c');
    const { body } = await api.post('/friends/request', { username: a.username }, c.token);
    await api.post(`/friends/${body.friendship_id}/accept`, undefined, a.token);
    await send(b, a, 'from b');
    await send(c, a, 'from c');
    expect(await unread(a)).toBe(2);
    expect((await api.post('/dm/mark-all-read', undefined, a.token)).body).toEqual({ marked: 2 });
    expect(await unread(a)).toBe(0);
  });
});

describe('edits, deletes and reactions', () => {
  it('lets the author edit and delete, and both participants react, all live to both', async () => {
    const [a, b] = await friends();
    const [la, lb] = [await live(a), await live(b)];
    const sent = (await send(a, b, 'first')).body;
    expect((await api.put(`/dm/edit/${sent.id}`, { content: 'nope' }, b.token)).status).toBe(403);
    const edited = await api.put(`/dm/edit/${sent.id}`, { content: 'first, edited' }, a.token);
    expect(edited.body).toMatchObject({ content: 'first, edited', channel_id: sent.channel_id });
    expect((await lb.waitFor((f) => f.type === 'direct_message_edit')).data.content).toBe('first, edited');

    const reaction = await api.post(`/dm/reactions/${sent.id}`, { emoji_unicode: '🎉' }, b.token);
    expect(reaction.status).toBe(201);
    expect((await la.waitFor((f) => f.type === 'dm_reaction_add')).data).toMatchObject({
      message_id: sent.id,
      channel_id: sent.channel_id,
      user_id: b.id,
    });
    expect((await page(a, b)).body[0].reactions).toHaveLength(1);
    // The channel endpoint does not reach a direct message, nor the DM endpoint a channel message.
    expect((await api.post(`/message/${sent.id}/reactions`, { emoji_unicode: '🎉' }, a.token)).status).toBe(404);
    expect((await api.delete(`/dm/reactions/${sent.id}/${reaction.body.id}`, a.token)).status).toBe(403);
    expect((await api.delete(`/dm/reactions/${sent.id}/${reaction.body.id}`, b.token)).status).toBe(204);
    await la.waitFor((f) => f.type === 'dm_reaction_remove');

    expect((await api.delete(`/dm/delete/${sent.id}`, b.token)).status).toBe(403);
    expect((await api.delete(`/dm/delete/${sent.id}`, a.token)).body).toEqual({
      id: sent.id,
      channel_id: sent.channel_id,
      deleted: true,
    });
    expect((await lb.waitFor((f) => f.type === 'direct_message_delete')).data.id).toBe(sent.id);
    expect((await page(b, a)).body).toEqual([]);
  });
});
