import { beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_TEXT, SLASH_COMMANDS, TEXT, type Message } from '@hearth/protocol';
import type { Person } from './client.js';
import { admin, api, live, serverForFile } from './test-server.js';

let alice: Person;
let outsider: Person;
let groupId: number;
let general: number;
let news: number;

serverForFile();
beforeAll(async () => {
  alice = await api.person('alice');
  outsider = await api.person('outsider');
  groupId = (await api.post('/group', { name: 'Guarded' }, admin.token)).body.id;
  general = (await api.post('/channel', { name: 'general', group_id: groupId }, admin.token)).body.id;
  news = (await api.post('/channel', { name: 'News', group_id: groupId }, admin.token)).body.id;
  await api.put(
    `/admin/groups/${groupId}/permissions/${outsider.id}`,
    { permissions: { can_view: false } },
    admin.token,
  );
});

const newest = async (channel: number, token = alice.token) =>
  (await api.get<Message[]>(`/message?channel_id=${channel}&limit=1`, token)).body[0]!;

describe('slash commands', () => {
  it('lists the registry to anyone, with admin-only flags', async () => {
    const res = await api.get('/commands');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SLASH_COMMANDS);
    expect(res.body[0].subcommands).toContainEqual(expect.objectContaining({ name: 'announce', adminOnly: true }));
  });
});

describe('/guardian announce', () => {
  it('posts as Guardian (role SYSTEM) in the named channel, and pops up for everyone who can see it', async () => {
    const watcher = await live(alice.token);
    const hidden = await live(outsider.token);
    const res = await api.post(
      '/admin/guardian/announce',
      { message: 'Maintenance **tonight**', channel_name: '#news', current_channel_id: general },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ detail: COMMAND_TEXT.announceSent, channel_id: news });
    const posted = await newest(news);
    expect(posted).toMatchObject({ id: res.body.message_id, username: 'Guardian', role: 'SYSTEM' });
    expect(posted.content).toBe('Maintenance **tonight**');
    const popup = await watcher.waitFor((f) => f.type === 'admin_announcement');
    expect(popup.data).toEqual({
      content: 'Maintenance **tonight**',
      admin_username: admin.username,
      channel_id: news,
      group_id: groupId,
    });
    await watcher.waitFor((f) => f.type === 'message' && f.data.id === res.body.message_id);
    // Someone who cannot see the group gets neither.
    hidden.send({ type: 'ping' });
    await hidden.waitFor((f) => f.type === 'pong');
    expect(hidden.ofType('admin_announcement')).toEqual([]);
  });

  it('posts in the current channel when none is named', async () => {
    const res = await api.post(
      '/admin/guardian/announce',
      { message: 'Here', current_channel_id: general },
      admin.token,
    );
    expect(res.body.channel_id).toBe(general);
    expect((await newest(general)).content).toBe('Here');
  });

  it('is refused to non-admins, with nothing posted', async () => {
    const before = await newest(general);
    const res = await api.post(
      '/admin/guardian/announce',
      { message: 'I am admin', current_channel_id: general },
      alice.token,
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: COMMAND_TEXT.noPermission });
    expect((await newest(general)).id).toBe(before.id);
  });

  it('answers bad input with a clear 4xx', async () => {
    const empty = await api.post(
      '/admin/guardian/announce',
      { message: '   ', current_channel_id: general },
      admin.token,
    );
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ detail: COMMAND_TEXT.announceNeedsMessage });
    const nowhere = await api.post(
      '/admin/guardian/announce',
      { message: 'x', channel_name: 'no-such-channel', current_channel_id: general },
      admin.token,
    );
    expect(nowhere.status).toBe(404);
    expect(nowhere.body).toEqual({ detail: TEXT.channelNotFound });
    expect((await api.post('/admin/guardian/announce', { message: 'x' }, admin.token)).status).toBe(400);
    expect((await api.post('/admin/guardian/announce', { message: 'x', current_channel_id: general })).status).toBe(
      401,
    );
  });
});

describe('/guardian hugme', () => {
  it('posts a hug from Guardian for the caller', async () => {
    const res = await api.post('/guardian/hugme', { current_channel_id: general }, alice.token);
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe(COMMAND_TEXT.hugSent);
    const hug = await newest(general);
    expect(hug).toMatchObject({ id: res.body.message_id, username: 'Guardian', role: 'SYSTEM' });
    expect(hug.content).toContain(alice.username);
  });

  it('needs the channel to be visible and postable', async () => {
    const hidden = await api.post('/guardian/hugme', { current_channel_id: general }, outsider.token);
    expect(hidden.status).toBe(404);
    await api.put(
      `/admin/groups/${groupId}/permissions/${alice.id}`,
      { permissions: { can_post: false } },
      admin.token,
    );
    try {
      const muted = await api.post('/guardian/hugme', { current_channel_id: general }, alice.token);
      expect(muted.status).toBe(403);
      expect(muted.body).toEqual({ detail: TEXT.noPostPermission });
    } finally {
      await api.put(
        `/admin/groups/${groupId}/permissions/${alice.id}`,
        { permissions: { can_post: true } },
        admin.token,
      );
    }
  });
});

it('keeps Guardian unable to sign in', async () => {
  const res = await api.post('/auth/login', { username: 'Guardian', password: 'anything' });
  expect(res.status).toBe(401);
});
