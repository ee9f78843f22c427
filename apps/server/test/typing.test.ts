import { describe, expect, it } from 'vitest';
import { DM_TEXT, TEXT, TYPING_TEXT } from '@hearth/protocol';
import { type LiveClient, uniqueName, type Frame, type Person } from './client.js';
import { RELAXED_LIMITS } from './harness.js';
import { useTwoNodes } from './support/process-cluster.js';
import { admin, api, connectLive, live, serverForFile } from './test-server.js';

/*
 * Typing indicators: told to the others who may see the conversation, never to the typist's own
 * sessions, never stored or replayed, limited per conversation, and across the nodes of a cluster.
 */

// The real limit per conversation (1 per 2 s); the others stay out of the way.
serverForFile({
  config: { rateLimits: { ...RELAXED_LIMITS, typingPerConversation: { limit: 1, windowMs: 2_000 } } },
  adminName: 'ty_admin',
});

const typingIn = (channelId: number) => (f: Frame) => f.type === 'typing_start' && f.data.channel_id === channelId;
const isMessage = (content: string) => (f: Frame) => f.type === 'message' && f.data.content === content;
const refusal = (c: LiveClient) => c.waitFor((f) => f.type === 'error' && f.data.type === 'typing_start');

async function newChannel(): Promise<{ groupId: number; channelId: number }> {
  const group = (await api.post('/group', { name: uniqueName('g') }, admin.token)).body;
  const channel = (await api.post('/channel', { name: 'chat', group_id: group.id }, admin.token)).body;
  return { groupId: group.id as number, channelId: channel.id as number };
}

const setPermissions = (groupId: number, who: Person, permissions: Record<string, boolean>) =>
  api.put(`/admin/groups/${groupId}/permissions/${who.id}`, { permissions }, admin.token);

async function friends(): Promise<[Person, Person]> {
  const a = await api.person('fa');
  const b = await api.person('fb');
  const { body } = await api.post('/friends/request', { username: b.username }, a.token);
  await api.post(`/friends/${body.friendship_id}/accept`, undefined, b.token);
  return [a, b];
}

describe('typing in a channel', () => {
  it("reaches another viewer with who is typing, with no seq, and not the typist's other session", async () => {
    const { channelId } = await newChannel();
    const typist = await api.person('typist');
    await api.put('/user/update-nickname', { nickname: 'Ty' }, typist.token);
    const viewer = await live(await api.person('viewer'));
    const [tab1, tab2] = [await live(typist), await live(typist)];
    tab1.send({ type: 'typing_start', channel_id: channelId });
    const got = await viewer.waitFor(typingIn(channelId));
    expect(got).toEqual({
      type: 'typing_start',
      seq: null,
      data: { channel_id: channelId, user_id: typist.id, username: typist.username, nickname: 'Ty' },
    });
    // The typist's message comes after the typing frame on the same connection: by the time the other
    // tab has it, a typing frame for that tab would have come too. The typing tab gets nothing either.
    tab1.send({ type: 'message', channel_id: channelId, content: 'done typing', nonce: uniqueName('n') });
    await tab2.waitFor(isMessage('done typing'));
    await tab1.waitFor(isMessage('done typing'));
    expect(tab2.ofType('typing_start')).toEqual([]);
    expect(tab1.ofType('typing_start')).toEqual([]);
    expect(tab1.ofType('error')).toEqual([]);
  });

  it('never reaches someone who cannot view the group', async () => {
    const { groupId, channelId } = await newChannel();
    const other = await newChannel(); // one the outsider can see, as a marker
    const typist = await api.person('typist');
    const outsider = await api.person('outsider');
    await setPermissions(groupId, outsider, { can_view: false });
    const [ct, co] = [await live(typist), await live(outsider)];
    ct.send({ type: 'typing_start', channel_id: channelId });
    ct.send({ type: 'typing_start', channel_id: other.channelId });
    await co.waitFor(typingIn(other.channelId));
    expect(co.frames.filter(typingIn(channelId))).toEqual([]);
  });

  it('refuses with the usual error frame what a message there would be refused for', async () => {
    const { groupId, channelId } = await newChannel();
    const voice = (await api.post('/channel', { name: 'talk', group_id: groupId, channel_type: 'voice' }, admin.token))
      .body.id as number;
    const hidden = await newChannel();
    const muted = await api.person('muted');
    await setPermissions(groupId, muted, { can_post: false });
    const someone = await api.person('someone');
    await setPermissions(hidden.groupId, someone, { can_view: false });
    const watcher = await live(await api.person('watcher'));

    const cm = await live(muted);
    cm.send({ type: 'typing_start', channel_id: channelId });
    expect((await refusal(cm)).data.detail).toBe(TEXT.noPostPermission);

    const cs = await live(someone);
    const tries: [Record<string, unknown>, string][] = [
      [{ channel_id: 999_999_999 }, TEXT.channelNotFound],
      [{ channel_id: hidden.channelId }, TEXT.channelNotFound],
      [{ channel_id: voice }, TEXT.voiceChannelNoMessages],
      [{}, TYPING_TEXT.oneTarget],
      [{ channel_id: channelId, dm_user_id: muted.id }, TYPING_TEXT.oneTarget],
      [{ channel_id: 'x' }, ''],
    ];
    for (const [fields, detail] of tries) {
      cs.frames = [];
      cs.send({ type: 'typing_start', ...fields });
      const error = await refusal(cs);
      if (detail) expect(error.data.detail, JSON.stringify(fields)).toBe(detail);
    }
    // Still connected and heard after all that.
    cs.send({ type: 'typing_start', channel_id: channelId });
    await watcher.waitFor((f) => typingIn(channelId)(f) && f.data.user_id === someone.id);
    expect(watcher.frames.filter((f) => typingIn(channelId)(f) && f.data.user_id === muted.id)).toEqual([]);
  });

  it('hears a user at most once per 2 s in one conversation, and drops the rest without an answer', async () => {
    const { channelId } = await newChannel();
    const other = await newChannel();
    const typist = await api.person('fast');
    const [ct, cv] = [await live(typist), await live(await api.person('viewer'))];
    for (let i = 0; i < 3; i++) ct.send({ type: 'typing_start', channel_id: channelId });
    ct.send({ type: 'typing_start', channel_id: other.channelId }); // another conversation: its own count
    ct.send({ type: 'message', channel_id: other.channelId, content: 'marker', nonce: uniqueName('n') });
    await cv.waitFor(isMessage('marker'));
    expect(cv.frames.filter(typingIn(channelId))).toHaveLength(1);
    expect(cv.frames.filter(typingIn(other.channelId))).toHaveLength(1);
    expect(ct.ofType('error')).toEqual([]);
    await new Promise((r) => setTimeout(r, 2_100));
    ct.send({ type: 'typing_start', channel_id: channelId });
    await cv.waitFor(() => cv.frames.filter(typingIn(channelId)).length === 2);
  });

  it('is not replayed to a session that resumes', async () => {
    const { channelId } = await newChannel();
    const typist = await api.person('typist');
    const reader = await api.person('reader');
    const c1 = await live(reader);
    const sessionId = c1.frames[0]!.data.session_id as string;
    const seq = Math.max(...c1.frames.map((f) => f.seq ?? 0));
    c1.socket.terminate();
    await c1.waitForClose();

    const ct = await live(typist);
    ct.send({ type: 'typing_start', channel_id: channelId });
    ct.send({ type: 'message', channel_id: channelId, content: 'while away', nonce: uniqueName('n') });
    await ct.waitFor(isMessage('while away'));

    const c2 = await connectLive();
    c2.send({ type: 'resume', session_id: sessionId, seq });
    await c2.waitFor((f) => f.type === 'resumed');
    expect(c2.frames.some(isMessage('while away'))).toBe(true);
    expect(c2.ofType('typing_start')).toEqual([]);
  });
});

describe('typing in a direct message', () => {
  it('reaches the other person only, named by the typist', async () => {
    const [a, b] = await friends();
    const [ca, ca2, cb] = [await live(a), await live(a), await live(b)];
    const bystander = await live(await api.person('by'));
    ca.send({ type: 'typing_start', dm_user_id: b.id });
    const got = await cb.waitFor((f) => f.type === 'typing_start');
    expect(got.data).toEqual({ dm_user_id: a.id, user_id: a.id, username: a.username, nickname: null });
    ca.send({ type: 'direct_message', recipient_id: b.id, content: 'sent', nonce: uniqueName('n') });
    await ca2.waitFor((f) => f.type === 'direct_message');
    expect([...ca.ofType('typing_start'), ...ca2.ofType('typing_start'), ...bystander.ofType('typing_start')]).toEqual(
      [],
    );
  });

  it('is refused across a block, either way, and to someone who is not a friend', async () => {
    const [a, b] = await friends();
    const stranger = await api.person('stranger');
    const [ca, cb] = [await live(a), await live(b)];
    await api.post(`/friends/block/${a.id}`, undefined, b.token); // b blocks a
    ca.send({ type: 'typing_start', dm_user_id: b.id });
    expect((await refusal(ca)).data.detail).toBe(DM_TEXT.blockedSend);
    cb.send({ type: 'typing_start', dm_user_id: a.id });
    expect((await refusal(cb)).data.detail).toBe(DM_TEXT.blockedSend);
    ca.frames = [];
    ca.send({ type: 'typing_start', dm_user_id: stranger.id });
    expect((await refusal(ca)).data.detail).toBe(DM_TEXT.notFriends);
    expect([...ca.ofType('typing_start'), ...cb.ofType('typing_start')]).toEqual([]);
  });
});

describe('typing across two nodes sharing Redis', () => {
  const { nodes, connect } = useTwoNodes();

  it('reaches a viewer on the other node, and not the typist on either', async () => {
    const [node1, node2] = nodes();
    const admin1 = await node1.api.person('admin'); // the first account: the admin
    const channels = (await node1.api.get('/channel/', admin1.token)).body as { id: number; name: string }[];
    const general = channels.find((c) => c.name === 'general')!;
    const typist = await node1.api.person('typist');
    const viewer = await node2.api.person('viewer');
    const [t1, t2, v2] = [await connect(node1, typist), await connect(node2, typist), await connect(node2, viewer)];
    t1.send({ type: 'typing_start', channel_id: general.id });
    const got = await v2.waitFor(typingIn(general.id), 10_000);
    expect(got.seq).toBeNull();
    expect(got.data.user_id).toBe(typist.id);
    // Handed out on node 2 to all its sessions in one go: the typist's tab there had its chance.
    expect([...t1.ofType('typing_start'), ...t2.ofType('typing_start')]).toEqual([]);
    // Nothing of it went into the shared log.
    t1.send({ type: 'message', channel_id: general.id, content: 'after typing', nonce: uniqueName('n') });
    const message = await v2.waitFor(isMessage('after typing'), 10_000);
    expect(v2.frames.filter((f) => f.seq !== null && f.type === 'typing_start')).toEqual([]);
    expect(message.seq).not.toBeNull();
  });
});
