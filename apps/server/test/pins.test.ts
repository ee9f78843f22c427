import { beforeAll, describe, expect, it } from 'vitest';
import { DM_TEXT, PIN_TEXT, PINS_PER_CONVERSATION_MAX, TEXT, conversationIdOf } from '@hearth/protocol';
import { type LiveClient, uniqueName, type Frame, type Person } from './client.js';
import { useTwoNodes } from './support/process-cluster.js';
import { admin, api, live, server, serverForFile } from './test-server.js';

/*
 * Pins: admins pin in channels, both participants in a direct message; at most 50 per place, even
 * when pinned at once; listed newest pinned first; each new pin leaves a system line and is told live
 * to exactly those who see the place, on every node.
 */

serverForFile({ adminName: 'pin_admin' });

let member: Person;
let outsider: Person;
let groupId: number;

beforeAll(async () => {
  member = await api.person('member');
  outsider = await api.person('outsider');
  groupId = (await api.post('/group', { name: uniqueName('Pins') }, admin.token)).body.id;
  await api.put(
    `/admin/groups/${groupId}/permissions/${outsider.id}`,
    { permissions: { can_view: false } },
    admin.token,
  );
});

const newChannel = async (group = groupId) =>
  (await api.post('/channel', { name: uniqueName('c'), group_id: group }, admin.token)).body.id as number;
const post = async (who: Person, channelId: number, content: string) => {
  const res = await api.post('/message', { channel_id: channelId, content }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; content: string };
};
const pin = (who: Person, channelId: number, messageId: number) =>
  api.put(`/channel/${channelId}/pins/${messageId}`, undefined, who.token);
const unpin = (who: Person, channelId: number, messageId: number) =>
  api.delete(`/channel/${channelId}/pins/${messageId}`, who.token);
const pins = async (who: Person, channelId: number) => {
  const res = await api.get(`/channel/${channelId}/pins`, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as any[];
};
const history = async (who: Person, channelId: number) =>
  (await api.get(`/message?channel_id=${channelId}&limit=100`, who.token)).body as any[];
const pinUpdates = (client: LiveClient, messageId: number) =>
  client.ofType('message_pin_update').filter((f) => f.data.message_id === messageId);
const isPinUpdate = (messageId: number, pinned: boolean) => (f: Frame) =>
  f.type === 'message_pin_update' && f.data.message_id === messageId && f.data.pinned === pinned;
const systemLines = (client: LiveClient, type: string, pinnedId: number) =>
  client.ofType(type).filter((f) => f.data.message_type === 'system' && f.data.reply_to?.id === pinnedId);
/** A later event every client receives, proving that earlier events had their chance to arrive. */
const barrier = async (...clients: LiveClient[]) => {
  const name = uniqueName('barrier');
  await api.post('/group', { name }, admin.token);
  for (const c of clients) await c.waitFor((f) => f.type === 'group_created' && f.data.name === name);
};
/** Pins messages straight in the database, as if pinned one second apart from `start`. */
const seedPins = (ids: number[], by: number, start = Date.now() - 3_600_000) =>
  server.ctx.db.query(
    `UPDATE messages m SET pinned_at = to_timestamp(($3::float8 + t.i * 1000) / 1000), pinned_by = $2
       FROM unnest($1::bigint[]) WITH ORDINALITY AS t(id, i) WHERE m.id = t.id`,
    [ids, by, start],
  );

describe('pins in a channel', () => {
  it('an admin pins and unpins; the message says so in the history and the list', async () => {
    const channel = await newChannel();
    const message = await post(member, channel, 'remember this');
    const res = await pin(admin, channel, message.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: message.id, content: 'remember this', pinned: true, pinned_by: admin.id });
    expect(Date.parse(res.body.pinned_at)).not.toBeNaN();
    const listed = await pins(member, channel);
    expect(listed).toEqual([res.body]);
    expect((await history(member, channel)).find((m) => m.id === message.id).pinned).toBe(true);

    expect((await unpin(admin, channel, message.id)).status).toBe(204);
    expect(await pins(member, channel)).toEqual([]);
    expect((await history(member, channel)).find((m) => m.id === message.id).pinned).toBe(false);
  });

  it('refuses a member with 403, and answers 404 to one who cannot view the channel', async () => {
    const channel = await newChannel();
    const message = await post(member, channel, 'not yours to pin');
    for (const res of [await pin(member, channel, message.id), await unpin(member, channel, message.id)])
      expect([res.status, res.body]).toEqual([403, { detail: PIN_TEXT.adminsOnly }]);
    for (const res of [
      await pin(outsider, channel, message.id),
      await unpin(outsider, channel, message.id),
      await api.get(`/channel/${channel}/pins`, outsider.token),
    ])
      expect([res.status, res.body]).toEqual([404, { detail: TEXT.channelNotFound }]);
    expect(await pins(admin, channel)).toEqual([]);
  });

  it("answers 404 for another channel's message, a direct message and an unknown id", async () => {
    const channel = await newChannel();
    const elsewhere = await post(member, await newChannel(), 'in another channel');
    const [a, b] = await friends();
    const direct = (await api.post('/dm/send', { recipient_id: b.id, content: 'private' }, a.token)).body;
    for (const id of [elsewhere.id, direct.id, 987654321]) {
      for (const res of [await pin(admin, channel, id), await unpin(admin, channel, id)])
        expect([res.status, res.body], String(id)).toEqual([404, { detail: TEXT.messageNotFound }]);
    }
    const { rows } = await server.ctx.db.query('SELECT 1 FROM messages WHERE id = ANY($1) AND pinned_at IS NOT NULL', [
      [elsewhere.id, direct.id],
    ]);
    expect(rows).toEqual([]);
  });

  it('lists the newest pinned first, whatever the order of the messages', async () => {
    const channel = await newChannel();
    const [first, second, third] = [
      await post(member, channel, 'first'),
      await post(member, channel, 'second'),
      await post(member, channel, 'third'),
    ];
    for (const m of [second, third, first]) expect((await pin(admin, channel, m.id)).status).toBe(200);
    expect((await pins(member, channel)).map((m) => m.content)).toEqual(['first', 'third', 'second']);
  });

  it('holds at most 50, with the exact text, and pinning a pinned message or unpinning an unpinned one changes nothing', async () => {
    const channel = await newChannel();
    const ids: number[] = [];
    for (let i = 0; i < PINS_PER_CONVERSATION_MAX + 1; i++) ids.push((await post(member, channel, `m${i}`)).id);
    await seedPins(ids.slice(0, PINS_PER_CONVERSATION_MAX), admin.id);
    const refused = await pin(admin, channel, ids[PINS_PER_CONVERSATION_MAX]!);
    expect([refused.status, refused.body]).toEqual([
      400,
      { detail: 'This channel has reached the maximum of 50 pinned messages' },
    ]);
    // Already pinned: answered as it is, even when full.
    const again = await pin(admin, channel, ids[0]!);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: ids[0], pinned: true });
    expect(await pins(member, channel)).toHaveLength(PINS_PER_CONVERSATION_MAX);
    // Unpinning one makes room; unpinning it again is no error.
    expect((await unpin(admin, channel, ids[0]!)).status).toBe(204);
    expect((await unpin(admin, channel, ids[0]!)).status).toBe(204);
    expect((await pin(admin, channel, ids[PINS_PER_CONVERSATION_MAX]!)).status).toBe(200);
  });

  it('keeps to 50 when pins arrive at the same moment', async () => {
    const channel = await newChannel();
    const ids: number[] = [];
    for (let i = 0; i < PINS_PER_CONVERSATION_MAX + 5; i++) ids.push((await post(member, channel, `m${i}`)).id);
    await seedPins(ids.slice(0, PINS_PER_CONVERSATION_MAX - 2), admin.id);
    const racing = ids.slice(PINS_PER_CONVERSATION_MAX - 2);
    // Hold the racing messages' rows, so every pin is under way (waiting for a lock) before any goes on:
    // then they all go on at once, and only a lock of the channel keeps them from counting together.
    const holder = await server.ctx.db.connect();
    let results;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM messages WHERE id = ANY($1) FOR UPDATE', [racing]);
      const pending = Promise.all(racing.map((id) => pin(admin, channel, id)));
      const waiting = async () =>
        (
          await server.ctx.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n;
      while ((await waiting()) < racing.length) await new Promise((r) => setTimeout(r, 20));
      await holder.query('COMMIT');
      results = await pending;
    } finally {
      holder.release();
    }
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 400, 400, 400, 400, 400]);
    expect(await pins(member, channel)).toHaveLength(PINS_PER_CONVERSATION_MAX);
  });

  it('tells viewers live and leaves one system line; never tells an outsider; unpinning leaves no line', async () => {
    const channel = await newChannel();
    const visible = await newChannel(await groupOutsiderCanView());
    await api.put('/user/update-nickname', { nickname: 'Boss' }, admin.token);
    const [memberLive, outsiderLive] = [await live(member), await live(outsider)];
    const message = await post(member, channel, 'pin me');
    expect((await pin(admin, channel, message.id)).status).toBe(200);

    const update = await memberLive.waitFor(isPinUpdate(message.id, true));
    expect(update.data).toEqual({ channel_id: channel, message_id: message.id, pinned: true, pinned_by: admin.id });
    const line = await memberLive.waitFor(
      (f) => f.type === 'message' && f.data.message_type === 'system' && f.data.channel_id === channel,
    );
    expect(line.data).toMatchObject({
      user_id: admin.id,
      content: 'Boss pinned a message to this channel',
      message_type: 'system',
      mentioned_users: [],
      pinned: false,
      reply_to: { id: message.id, content: 'pin me', deleted: false },
    });
    // The line is stored in the conversation, after the message.
    expect((await history(member, channel)).at(-1)).toEqual(line.data);

    // A second pin of the same message says nothing; unpinning is told but writes no line.
    expect((await pin(admin, channel, message.id)).status).toBe(200);
    expect((await unpin(admin, channel, message.id)).status).toBe(204);
    await memberLive.waitFor(isPinUpdate(message.id, false));
    const unpinned = pinUpdates(memberLive, message.id).at(-1)!;
    expect(unpinned.data).toEqual({ channel_id: channel, message_id: message.id, pinned: false, pinned_by: null });
    // Unpinning again tells nobody.
    expect((await unpin(admin, channel, message.id)).status).toBe(204);
    // A pin the outsider may see, as the marker that the others had their chance to arrive.
    const marker = await post(admin, visible, 'marker');
    expect((await pin(admin, visible, marker.id)).status).toBe(200);
    await outsiderLive.waitFor(isPinUpdate(marker.id, true));
    await barrier(memberLive, outsiderLive);

    expect(pinUpdates(memberLive, message.id).map((f) => f.data.pinned)).toEqual([true, false]);
    expect(systemLines(memberLive, 'message', message.id)).toHaveLength(1);
    expect((await history(member, channel)).filter((m) => m.message_type === 'system')).toHaveLength(1);
    expect(pinUpdates(outsiderLive, message.id)).toEqual([]);
    expect(systemLines(outsiderLive, 'message', message.id)).toEqual([]);
  });

  it('refuses to pin or edit a system line', async () => {
    const channel = await newChannel();
    const message = await post(member, channel, 'pinned');
    await pin(admin, channel, message.id);
    const line = (await history(admin, channel)).at(-1);
    expect(line.message_type).toBe('system');
    const res = await pin(admin, channel, line.id);
    expect([res.status, res.body]).toEqual([400, { detail: PIN_TEXT.systemMessage }]);
    const edit = await api.put(`/message/${line.id}`, { content: 'rewritten' }, admin.token);
    expect([edit.status, edit.body]).toEqual([400, { detail: PIN_TEXT.systemEdit }]);
  });
});

/** A group the outsider of this file can view. */
let openGroup: number | undefined;
async function groupOutsiderCanView() {
  openGroup ??= (await api.post('/group', { name: uniqueName('Open') }, admin.token)).body.id as number;
  return openGroup;
}

async function friends(): Promise<[Person, Person]> {
  const a = await api.person('pa');
  const b = await api.person('pb');
  const { body } = await api.post('/friends/request', { username: b.username }, a.token);
  await api.post(`/friends/${body.friendship_id}/accept`, undefined, b.token);
  return [a, b];
}

describe('pins in a direct message', () => {
  const dmPin = (who: Person, other: Person, messageId: number) =>
    api.put(`/dm/${other.id}/pins/${messageId}`, undefined, who.token);
  const dmUnpin = (who: Person, other: Person, messageId: number) =>
    api.delete(`/dm/${other.id}/pins/${messageId}`, who.token);
  const dmPins = (who: Person, other: Person) => api.get(`/dm/${other.id}/pins`, who.token);
  const dm = async (from: Person, to: Person, content: string) =>
    (await api.post('/dm/send', { recipient_id: to.id, content }, from.token)).body as { id: number };

  it('either participant pins and unpins; each is told, naming the other; a line for the conversation', async () => {
    const [a, b] = await friends();
    const [aLive, bLive] = [await live(a), await live(b)];
    const fromA = await dm(a, b, 'from a');
    const fromB = await dm(b, a, 'from b');
    const conversation = conversationIdOf(a.id, b.id);

    const byB = await dmPin(b, a, fromA.id);
    expect(byB.status, JSON.stringify(byB.body)).toBe(200);
    expect(byB.body).toMatchObject({ id: fromA.id, channel_id: conversation, pinned: true, pinned_by: b.id });
    expect((await aLive.waitFor(isPinUpdate(fromA.id, true))).data).toEqual({
      dm_user_id: b.id,
      message_id: fromA.id,
      pinned: true,
      pinned_by: b.id,
    });
    expect((await bLive.waitFor(isPinUpdate(fromA.id, true))).data.dm_user_id).toBe(a.id);
    const line = await aLive.waitFor((f) => f.type === 'direct_message' && f.data.message_type === 'system');
    expect(line.data).toMatchObject({
      channel_id: conversation,
      user_id: b.id,
      content: `${b.username} pinned a message to this conversation`,
      reply_to: { id: fromA.id },
    });

    expect((await dmPin(a, b, fromB.id)).status).toBe(200);
    expect((await dmPins(a, b)).body.map((m: { id: number }) => m.id)).toEqual([fromB.id, fromA.id]);
    expect((await dmPins(b, a)).body.map((m: { id: number }) => m.id)).toEqual([fromB.id, fromA.id]);
    expect((await dmUnpin(a, b, fromA.id)).status).toBe(204);
    expect((await bLive.waitFor(isPinUpdate(fromA.id, false))).data).toEqual({
      dm_user_id: a.id,
      message_id: fromA.id,
      pinned: false,
      pinned_by: null,
    });
    expect((await dmPins(b, a)).body.map((m: { id: number }) => m.id)).toEqual([fromB.id]);
  });

  it('is 404 for a third user, and for a message of another conversation or a channel', async () => {
    const [a, b] = await friends();
    const third = await api.person('third');
    const message = await dm(a, b, 'just us');
    for (const res of [await dmPin(third, a, message.id), await dmPin(third, b, message.id)])
      expect([res.status, res.body]).toEqual([404, { detail: TEXT.messageNotFound }]);
    // Another conversation of the same user, and a channel's message.
    const [c] = await friends();
    const channelMessage = await post(member, await newChannel(), 'in a channel');
    for (const id of [message.id, channelMessage.id]) {
      const res = await dmPin(c, a, id);
      expect([res.status, res.body], String(id)).toEqual([404, { detail: TEXT.messageNotFound }]);
    }
    expect((await dmPins(a, b)).body).toEqual([]);
    expect((await dmPins(a, { ...a, id: 987654 })).status).toBe(404);
  });

  it('is refused across a block, both ways, as reading the conversation is', async () => {
    const [a, b] = await friends();
    const message = await dm(a, b, 'before the block');
    expect((await dmPin(a, b, message.id)).status).toBe(200);
    await api.post(`/friends/block/${b.id}`, undefined, a.token);
    for (const res of [
      await dmPin(b, a, message.id),
      await dmUnpin(b, a, message.id),
      await dmPins(b, a),
      await dmUnpin(a, b, message.id),
      await dmPins(a, b),
    ])
      expect([res.status, res.body]).toEqual([403, { detail: DM_TEXT.blockedView }]);
    // Unblocked, the pin is still there; no friendship is needed to pin, as for reactions.
    await api.delete(`/friends/block/${b.id}`, a.token);
    expect((await dmPins(b, a)).body.map((m: { id: number }) => m.id)).toEqual([message.id]);
    expect((await dmUnpin(b, a, message.id)).status).toBe(204);
  });

  it('holds at most 50, with its own text', async () => {
    const [a, b] = await friends();
    const ids: number[] = [];
    for (let i = 0; i < PINS_PER_CONVERSATION_MAX + 1; i++) ids.push((await dm(a, b, `d${i}`)).id);
    await seedPins(ids.slice(0, PINS_PER_CONVERSATION_MAX), a.id);
    const res = await dmPin(b, a, ids[PINS_PER_CONVERSATION_MAX]!);
    expect([res.status, res.body]).toEqual([
      400,
      { detail: 'This conversation has reached the maximum of 50 pinned messages' },
    ]);
  });
});

describe('pins across two nodes sharing Redis', () => {
  const { nodes, connect } = useTwoNodes();

  it('reaches a viewer on the other node with the update and the system line', async () => {
    const [node1, node2] = nodes();
    const admin1 = await node1.api.person('admin'); // the first account: the admin
    const channels = (await node1.api.get('/channel/', admin1.token)).body as { id: number; name: string }[];
    const general = channels.find((c) => c.name === 'general')!;
    const viewer = await node2.api.person('viewer');
    const v2 = await connect(node2, viewer);
    const message = (await node2.api.post('/message', { channel_id: general.id, content: 'across' }, viewer.token))
      .body as { id: number };
    const res = await node1.api.put(`/channel/${general.id}/pins/${message.id}`, undefined, admin1.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const update = await v2.waitFor(isPinUpdate(message.id, true), 10_000);
    expect(update.data.channel_id).toBe(general.id);
    await v2.waitFor((f) => f.type === 'message' && f.data.message_type === 'system', 10_000);
    const listed = await node2.api.get(`/channel/${general.id}/pins`, viewer.token);
    expect(listed.body.map((m: { id: number }) => m.id)).toEqual([message.id]);
  });
});
