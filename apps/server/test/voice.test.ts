import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT, VOICE_TEXT } from '@hearth/protocol';
import { Api, type Frame, type Person } from './client.js';
import { startTestServer } from './harness.js';
import { admin, api, live, server, serverForFile } from './test-server.js';

let groupId: number;

const RING_MS = 1_500;
const GRACE_MS = 400;

serverForFile({ config: { dmCallRingTimeoutMs: RING_MS, presenceOfflineGraceMs: GRACE_MS } });
beforeAll(async () => {
  groupId = (await api.post('/group', { name: 'Voice group' }, admin.token)).body.id;
});

async function voiceChannel(extra: Record<string, unknown> = {}, group = groupId): Promise<number> {
  const res = await api.post(
    '/channel',
    { name: `voice ${Math.random().toString(36).slice(2, 7)}`, channel_type: 'voice', group_id: group, ...extra },
    admin.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const join = (p: Person, channelId: number, peer = `peer-${p.id}`) =>
  api.post(`/voice/channels/${channelId}/join`, { peer_id: peer }, p.token);
const joined = async (p: Person, channelId: number) => {
  const res = await join(p, channelId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { session_id: string; participants: { user_id: number }[] };
};
const ids = async (channelId: number, p: Person) =>
  (
    (await api.get(`/voice/channels/${channelId}/participants`, p.token)).body.participants as { user_id: number }[]
  ).map((x) => x.user_id);
const refused = (res: { status: number; body: any }) => [res.status, res.body?.detail];
const about = (type: string, pick: (d: any) => boolean) => (f: Frame) => f.type === type && pick(f.data);

describe('voice channels', () => {
  it('seats whoever may view a voice channel, up to its limit, one channel per user', async () => {
    const [a, b, c] = [await api.person('va'), await api.person('vb'), await api.person('vc')];
    const small = await voiceChannel({ max_participants: 2 });
    const other = await voiceChannel();
    const text = (await api.post('/channel', { name: 'texty', group_id: groupId }, admin.token)).body.id;

    expect(refused(await join(a, text))).toEqual([400, VOICE_TEXT.notVoiceChannel]);
    expect(refused(await join(a, 999_999_999))).toEqual([404, TEXT.channelNotFound]);
    expect((await api.post(`/voice/channels/${small}/join`, { peer_id: '' }, a.token)).status).toBe(400);
    expect((await join({ ...a, token: '' }, small)).status).toBe(401);

    const watching = await live(c);
    const first = await joined(a, small);
    expect(first.participants.map((p) => p.user_id)).toEqual([a.id]);
    await watching.waitFor(about('voice_user_joined', (d) => d.participant.user_id === a.id && d.channel_id === small));
    await joined(b, small);
    expect(refused(await join(c, small))).toEqual([403, VOICE_TEXT.channelFull]);
    expect(await ids(small, c)).toEqual([a.id, b.id]);

    // Joining another channel leaves the first, which is told.
    await joined(a, other);
    await watching.waitFor(about('voice_user_left', (d) => d.user_id === a.id && d.channel_id === small));
    expect(await ids(small, c)).toEqual([b.id]);
    expect(await ids(other, c)).toEqual([a.id]);
    await joined(c, small); // a seat is free again

    // Joining the same channel again (a reload) gives a new session; the old one is left.
    const again = await joined(a, other);
    expect(again.session_id).not.toBe(first.session_id);
    expect(await ids(other, c)).toEqual([a.id]);

    // Leaving is idempotent.
    expect((await api.post(`/voice/channels/${other}/leave`, undefined, a.token)).status).toBe(204);
    expect((await api.post(`/voice/channels/${other}/leave`, undefined, a.token)).status).toBe(204);
    expect(await ids(other, c)).toEqual([]);
  });

  it('is hidden with its group from someone who may not view it', async () => {
    const outsider = await api.person('vout');
    const secret = (await api.post('/group', { name: 'Secret voice' }, admin.token)).body.id;
    const channel = await voiceChannel({}, secret);
    const put = await api.put(
      `/admin/groups/${secret}/permissions/${outsider.id}`,
      { permissions: { can_view: false } },
      admin.token,
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(refused(await join(outsider, channel))).toEqual([404, TEXT.channelNotFound]);
    expect((await api.get(`/voice/channels/${channel}/participants`, outsider.token)).status).toBe(404);
    const watcher = await live(outsider);
    await joined(admin, channel);
    await api.post(`/voice/channels/${channel}/leave`, undefined, admin.token);
    await new Promise((r) => setTimeout(r, 200));
    expect(watcher.frames.some((f) => f.type.startsWith('voice_user_'))).toBe(false);
  });

  it('keeps mute and deafen, deafen forcing mute, and says when mute changed', async () => {
    const a = await api.person('vm');
    const channel = await voiceChannel();
    const watching = await live(admin);
    const mute = (body: unknown) => api.post(`/voice/channels/${channel}/mute-state`, body, a.token);
    expect(refused(await mute({ is_muted: true, is_deafened: false }))).toEqual([409, VOICE_TEXT.notInChannel]);
    await joined(a, channel);
    expect((await mute({ is_muted: false, is_deafened: true })).body).toMatchObject({
      is_muted: true,
      is_deafened: true,
    });
    await watching.waitFor(about('voice_user_muted', (d) => d.user_id === a.id && d.is_muted === true));
    await mute({ is_muted: true, is_deafened: false });
    await watching.waitFor(about('voice_user_mute_state_update', (d) => d.user_id === a.id && !d.is_deafened));
    // Mute did not change: one muted event in all.
    expect(watching.frames.filter(about('voice_user_muted', (d) => d.user_id === a.id))).toHaveLength(1);
    const [me] = (await api.get(`/voice/channels/${channel}/participants`, a.token)).body.participants;
    expect(me).toMatchObject({ user_id: a.id, is_muted: true, is_deafened: false, peer_id: `peer-${a.id}` });
    expect((await mute({ is_muted: 'yes', is_deafened: false })).status).toBe(400);
  });

  it('relays signals only between participants of the same channel', async () => {
    const [a, b, c] = [await api.person('sa'), await api.person('sb'), await api.person('sc')];
    const channel = await voiceChannel();
    const elsewhere = await voiceChannel();
    const [la, lb, lc] = [await live(a), await live(b), await live(c)];
    const sa = (await joined(a, channel)).session_id;
    await joined(b, channel);
    await joined(c, elsewhere);
    const offer = { type: 'offer', sdp: 'v=0 fake' };
    const signal = (extra: Record<string, unknown>) =>
      la.send({ type: 'webrtc_signal', channel_id: channel, session_id: sa, signal_type: 'offer', ...extra });

    signal({ target_user_id: b.id, signal_data: offer });
    const got = await lb.waitFor(about('webrtc_signal', () => true));
    expect(got.data).toEqual({
      channel_id: channel,
      session_id: sa,
      from_user_id: a.id,
      target_user_id: b.id,
      signal_type: 'offer',
      signal_data: offer,
    });

    // To someone in another channel, with a stale session, or too large: an error, nothing relayed.
    signal({ target_user_id: c.id, signal_data: offer });
    expect((await la.waitFor(about('error', (d) => d.type === 'webrtc_signal'))).data.detail).toBe(
      VOICE_TEXT.notParticipant,
    );
    la.send({
      type: 'webrtc_signal',
      channel_id: channel,
      session_id: '00000000-0000-4000-8000-000000000000',
      target_user_id: b.id,
      signal_type: 'answer',
      signal_data: {},
    });
    await la.waitFor(about('error', (d) => d.detail === VOICE_TEXT.sessionMismatch));
    signal({ target_user_id: b.id, signal_data: { sdp: 'x'.repeat(40_000) } });
    await la.waitFor(about('error', (d) => d.detail === VOICE_TEXT.signalTooLarge));

    // The REST fallback follows the same rule.
    const rest = {
      session_id: sa,
      target_user_id: b.id,
      signal_type: 'ice-candidate',
      signal_data: { candidate: 'c' },
    };
    expect((await api.post('/voice/signal', rest, a.token)).status).toBe(204);
    await lb.waitFor(about('webrtc_signal', (d) => d.signal_type === 'ice-candidate'));
    expect(refused(await api.post('/voice/signal', { ...rest, target_user_id: c.id }, a.token))).toEqual([
      400,
      VOICE_TEXT.notParticipant,
    ]);
    expect(refused(await api.post('/voice/signal', rest, c.token))).toEqual([409, VOICE_TEXT.sessionMismatch]);

    // Speaking goes to everyone who can see the channel, only from a participant.
    la.send({ type: 'voice_speaking', channel_id: channel, is_speaking: true });
    await lc.waitFor(about('voice_user_speaking', (d) => d.user_id === a.id && d.is_speaking));
    lc.send({ type: 'voice_speaking', channel_id: channel, is_speaking: true });
    await lc.waitFor(about('error', (d) => d.detail === VOICE_TEXT.notInChannel));
    expect(lc.ofType('webrtc_signal')).toEqual([]);
  });

  it('takes out a participant whose connections all dropped, after the grace period', async () => {
    const [a, b] = [await api.person('ga'), await api.person('gb')];
    const channel = await voiceChannel();
    const la = await live(a);
    const lb = await live(b);
    await joined(a, channel);
    await joined(b, channel);
    la.close();
    await lb.waitFor(
      about('voice_user_left', (d) => d.user_id === a.id),
      5_000,
    );
    expect(await ids(channel, b)).toEqual([b.id]);
  });
});

describe('DM calls', () => {
  async function friends(): Promise<[Person, Person]> {
    const a = await api.person('ca');
    const b = await api.person('cb');
    const { body } = await api.post('/friends/request', { username: b.username }, a.token);
    await api.post(`/friends/${body.friendship_id}/accept`, undefined, b.token);
    return [a, b];
  }
  const start = (from: Person, to: number) => api.post('/voice/dm/call/start', { recipient_id: to }, from.token);
  const act = (p: Person, call_id: string, action: string) =>
    api.post('/voice/dm/call/action', { call_id, action }, p.token);

  it('rings a friend, is answered, carries signals both ways and ends with its duration', async () => {
    const [a, b] = await friends();
    const [la, lb] = [await live(a), await live(b)];
    const channel = await voiceChannel();
    await joined(b, channel);

    const started = await start(a, b.id);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const call = started.body;
    expect(call).toMatchObject({
      status: 'ringing',
      caller: { user_id: a.id, username: a.username },
      recipient: { user_id: b.id },
      turn_credentials: { iceTransportPolicy: 'relay', iceServers: [{ urls: ['turn:127.0.0.1:3478?transport=udp'] }] },
    });
    await lb.waitFor(about('dm_call_incoming', (d) => d.call_id === call.call_id));
    await la.waitFor(about('dm_call_incoming', (d) => d.call_id === call.call_id));

    // Only the person called answers; answering takes them out of voice.
    expect(refused(await act(a, call.call_id, 'answer'))).toEqual([403, VOICE_TEXT.callOnlyRecipient]);
    expect((await act(b, call.call_id, 'answer')).body.status).toBe('answered');
    await la.waitFor(about('dm_call_answered', (d) => d.call_id === call.call_id));
    expect(await ids(channel, b)).toEqual([]);
    expect(refused(await act(b, call.call_id, 'decline'))).toEqual([409, VOICE_TEXT.callNotRinging]);

    la.send({
      type: 'dm_call_signal',
      call_id: call.call_id,
      target_user_id: b.id,
      signal_type: 'offer',
      signal_data: 1,
    });
    lb.send({
      type: 'dm_call_signal',
      call_id: call.call_id,
      target_user_id: a.id,
      signal_type: 'answer',
      signal_data: 2,
    });
    await lb.waitFor(about('dm_call_signal', (d) => d.from_user_id === a.id && d.signal_data === 1));
    await la.waitFor(about('dm_call_signal', (d) => d.from_user_id === b.id && d.signal_data === 2));
    la.send({
      type: 'dm_call_signal',
      call_id: call.call_id,
      target_user_id: a.id,
      signal_type: 'offer',
      signal_data: 3,
    });
    await la.waitFor(about('error', (d) => d.detail === VOICE_TEXT.callSignalTarget));

    const muted = await api.post(
      '/voice/dm/call/mute-state',
      { call_id: call.call_id, is_muted: false, is_deafened: true },
      b.token,
    );
    expect(muted.body).toEqual({ call_id: call.call_id, user_id: b.id, is_muted: true, is_deafened: true });
    await la.waitFor(about('dm_call_mute_state_update', (d) => d.user_id === b.id && d.is_deafened));

    const ended = await act(a, call.call_id, 'end');
    expect(ended.body).toMatchObject({ status: 'ended', end_reason: 'ended', recipient_deafened: true });
    expect(ended.body.duration_seconds).toBeGreaterThanOrEqual(0);
    await lb.waitFor(about('dm_call_ended', (d) => d.call_id === call.call_id));
    expect(refused(await act(b, call.call_id, 'end'))).toEqual([409, VOICE_TEXT.callOver]);
  });

  it('refuses strangers, the system account, oneself and someone already in a call', async () => {
    const [a, b] = await friends();
    const stranger = await api.person('cs');
    const { rows } = await server.ctx.db.query<{ id: number }>(
      `SELECT id FROM users WHERE role = 'SYSTEM' ORDER BY id`,
    );
    expect(refused(await start(a, rows[0]!.id))).toEqual([403, VOICE_TEXT.callSystemUser]);
    expect(refused(await start(a, stranger.id))).toEqual([403, VOICE_TEXT.callFriendsOnly]);
    expect(refused(await start(a, a.id))).toEqual([400, VOICE_TEXT.callYourself]);
    expect(refused(await start(a, 999_999_999))).toEqual([404, VOICE_TEXT.callUserNotFound]);

    const [c, d] = await friends();
    const { body } = await api.post('/friends/request', { username: c.username }, b.token);
    await api.post(`/friends/${body.friendship_id}/accept`, undefined, c.token);
    const busyCall = (await start(c, d.id)).body.call_id;
    expect(refused(await start(b, c.id))).toEqual([409, VOICE_TEXT.callBusy]);
    // Someone else's call is not there for them.
    expect(refused(await act(a, busyCall, 'end'))).toEqual([404, VOICE_TEXT.callNotFound]);
    // The recipient declines.
    expect((await act(d, busyCall, 'decline')).body).toMatchObject({ status: 'declined', duration_seconds: 0 });
    expect((await start(b, c.id)).status).toBe(201);
  });

  it('stops ringing unanswered after the timeout, and ends when a participant goes offline', async () => {
    const [a, b] = await friends();
    const la = await live(a);
    const call = (await start(a, b.id)).body;
    const ended = await la.waitFor(
      about('dm_call_ended', (d) => d.call_id === call.call_id),
      RING_MS + 8_000,
    );
    expect(ended.data).toMatchObject({ status: 'missed', end_reason: 'no_answer', duration_seconds: 0 });

    const lb = await live(b);
    const second = (await start(a, b.id)).body;
    expect((await act(b, second.call_id, 'answer')).status).toBe(200);
    lb.close();
    const gone = await la.waitFor(
      about('dm_call_ended', (d) => d.call_id === second.call_id),
      5_000,
    );
    expect(gone.data.end_reason).toBe('disconnected');
  });

  it('hands out relay credentials, and says clearly when there is no relay', async () => {
    const a = await api.person('ct');
    const creds = (await api.get('/voice/turn-credentials', a.token)).body;
    expect(creds).toMatchObject({ urls: ['turn:127.0.0.1:3478?transport=udp'], ice_transport_policy: 'relay' });
    expect(creds.username).toMatch(new RegExp(`^\\d+:${a.id}$`));
    const bare = await startTestServer({ turnUrls: [], turnSecret: null });
    try {
      const other = new Api(bare.url);
      const p = await other.person('nr');
      expect(refused(await other.get('/voice/turn-credentials', p.token))).toEqual([503, VOICE_TEXT.noRelay]);
    } finally {
      await bare.close();
    }
  });
});
