import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@hearth/protocol';
import { uniqueName } from './client.js';
import { admin, api, serverForFile } from './test-server.js';

let member: string;
let memberId: number;

serverForFile();
beforeAll(async () => {
  const m = await api.register(uniqueName('member'));
  member = m.token;
  memberId = m.user.id;
});

const newGroup = async (name = uniqueName('g')) => (await api.post('/group', { name }, admin.token)).body;
const newChannel = async (group_id: number, extra: object = {}) =>
  (await api.post('/channel', { name: uniqueName('c'), group_id, ...extra }, admin.token)).body;

describe('first start', () => {
  it('has one group with a general text channel', async () => {
    const groups = await api.get('/group', member);
    expect(groups.body).toHaveLength(1);
    const channels = await api.get(`/channel/?group_id=${groups.body[0].id}`, member);
    expect(channels.body).toMatchObject([{ name: 'general', channel_type: 'text', category_id: null }]);
  });
});

describe('who may do what', () => {
  // role × action × expected status. Fixtures are made fresh per row so rows do not interfere.
  type Fixture = { groupId: number; categoryId: number; channelId: number };
  const fixture = async (): Promise<Fixture> => {
    const g = await newGroup();
    const cat = (await api.post('/category', { name: 'Cat', group_id: g.id }, admin.token)).body;
    const ch = await newChannel(g.id);
    return { groupId: g.id, categoryId: cat.id, channelId: ch.id };
  };
  const actions: Record<string, (token: string, f: Fixture) => Promise<{ status: number }>> = {
    'create group': (t) => api.post('/group', { name: 'New' }, t),
    'rename group': (t, f) => api.patch(`/group/${f.groupId}`, { name: 'Renamed' }, t),
    'delete group': (t, f) => api.delete(`/group/${f.groupId}`, t),
    'create category': (t, f) => api.post('/category', { name: 'C2', group_id: f.groupId }, t),
    'rename category': (t, f) => api.patch(`/category/${f.categoryId}`, { name: 'C3' }, t),
    'delete category': (t, f) => api.delete(`/category/${f.categoryId}`, t),
    'create channel': (t, f) => api.post('/channel', { name: 'x', group_id: f.groupId }, t),
    'edit channel': (t, f) => api.patch(`/channel/${f.channelId}`, { name: 'y' }, t),
    'delete channel': (t, f) => api.delete(`/channel/${f.channelId}`, t),
    'list permissions': (t, f) => api.get(`/admin/groups/${f.groupId}/permissions`, t),
    'set permissions': (t, f) =>
      api.put(`/admin/groups/${f.groupId}/permissions/${memberId}`, { permissions: { can_upload: false } }, t),
    'list groups': (t) => api.get('/group', t),
    'list channels': (t, f) => api.get(`/channel/?group_id=${f.groupId}`, t),
    'get channel': (t, f) => api.get(`/channel/${f.channelId}`, t),
    'list categories': (t, f) => api.get(`/category?group_id=${f.groupId}`, t),
    'own permissions': (t, f) => api.get(`/user/group-permissions/${f.groupId}`, t),
  };
  const expected: [string, admin: number, member: number, anonymous: number][] = [
    ['create group', 201, 403, 401],
    ['rename group', 200, 403, 401],
    ['delete group', 204, 403, 401],
    ['create category', 201, 403, 401],
    ['rename category', 200, 403, 401],
    ['delete category', 204, 403, 401],
    ['create channel', 201, 403, 401],
    ['edit channel', 200, 403, 401],
    ['delete channel', 204, 403, 401],
    ['list permissions', 200, 403, 401],
    ['set permissions', 200, 403, 401],
    ['list groups', 200, 200, 401],
    ['list channels', 200, 200, 401],
    ['get channel', 200, 200, 401],
    ['list categories', 200, 200, 401],
    ['own permissions', 200, 200, 401],
  ];
  it.each(expected)('%s: admin %i, member %i, anonymous %i', async (action, a, m, anon) => {
    const run = actions[action]!;
    expect((await run(admin.token, await fixture())).status).toBe(a);
    expect((await run(member, await fixture())).status).toBe(m);
    expect((await run('', await fixture())).status).toBe(anon);
  });

  it('answers member writes with the admin-only text', async () => {
    const res = await api.post('/group', { name: 'Nope' }, member);
    expect(res.body).toEqual({ detail: TEXT.adminOnly });
  });
});

describe('groups, categories and channels', () => {
  it('validates names and channel options with clear texts', async () => {
    const g = await newGroup();
    expect((await api.post('/group', { name: '   ' }, admin.token)).body).toEqual({ detail: TEXT.nameRequired });
    expect((await api.post('/channel', { name: 'x' }, admin.token)).body).toEqual({ detail: TEXT.groupRequired });
    expect((await api.post('/category', { name: 'x' }, admin.token)).body).toEqual({ detail: TEXT.groupRequired });
    const tooMany = await api.post(
      '/channel',
      { name: 'v', group_id: g.id, channel_type: 'voice', max_participants: 51 },
      admin.token,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toMatch(/max_participants/);
    const badRate = await api.post(
      '/channel',
      { name: 'v', group_id: g.id, channel_type: 'voice', bitrate: 44100 },
      admin.token,
    );
    expect(badRate.status).toBe(400);
    expect(badRate.body.detail).toMatch(/bitrate/);
    const badType = await api.post('/channel', { name: 'v', group_id: g.id, channel_type: 'video' }, admin.token);
    expect(badType.status).toBe(400);
  });

  it('creates voice channels with defaults and bounds', async () => {
    const g = await newGroup();
    const voice = await newChannel(g.id, { channel_type: 'voice' });
    expect(voice).toMatchObject({ channel_type: 'voice', max_participants: 10, bitrate: 64000 });
    const custom = await newChannel(g.id, { channel_type: 'voice', max_participants: 50, bitrate: 128000 });
    expect(custom).toMatchObject({ max_participants: 50, bitrate: 128000 });
    const one = await newChannel(g.id, { channel_type: 'voice', max_participants: 1, bitrate: 32000 });
    expect(one).toMatchObject({ max_participants: 1, bitrate: 32000 });
  });

  it('unassigns channels when their category is deleted', async () => {
    const g = await newGroup();
    const cat = (await api.post('/category', { name: 'Topics', group_id: g.id }, admin.token)).body;
    const ch = await newChannel(g.id, { category_id: cat.id });
    expect(ch.category_id).toBe(cat.id);
    expect((await api.delete(`/category/${cat.id}`, admin.token)).status).toBe(204);
    expect((await api.get(`/channel/${ch.id}`, admin.token)).body.category_id).toBeNull();
    expect((await api.get(`/category?group_id=${g.id}`, admin.token)).body).toEqual([]);
  });

  it('refuses a category of another group and moves channels between groups', async () => {
    const g1 = await newGroup();
    const g2 = await newGroup();
    const cat2 = (await api.post('/category', { name: 'Other', group_id: g2.id }, admin.token)).body;
    const wrong = await api.post('/channel', { name: 'x', group_id: g1.id, category_id: cat2.id }, admin.token);
    expect(wrong.body).toEqual({ detail: TEXT.categoryWrongGroup });
    const ch = await newChannel(g1.id);
    const moved = await api.patch(`/channel/${ch.id}`, { group_id: g2.id, category_id: cat2.id }, admin.token);
    expect(moved.body).toMatchObject({ group_id: g2.id, category_id: cat2.id });
  });

  it('deleting a group removes its channels and messages', async () => {
    const g = await newGroup();
    const ch = await newChannel(g.id);
    await api.post('/message', { channel_id: ch.id, content: 'bye' }, admin.token);
    expect((await api.delete(`/group/${g.id}`, admin.token)).status).toBe(204);
    expect((await api.get(`/channel/${ch.id}`, admin.token)).status).toBe(404);
    expect((await api.get(`/message?channel_id=${ch.id}`, admin.token)).status).toBe(404);
    expect((await api.delete(`/group/${g.id}`, admin.token)).status).toBe(404);
  });
});

describe('group permissions', () => {
  const put = (groupId: number, userId: number, permissions: object) =>
    api.put(`/admin/groups/${groupId}/permissions/${userId}`, { permissions }, admin.token);

  it('applies the dependency rules', async () => {
    const g = await newGroup();
    const off = await put(g.id, memberId, { can_view: false });
    expect(off.body.permissions).toEqual({ can_view: false, can_post: false, can_upload: false });
    const post = await put(g.id, memberId, { can_post: true });
    expect(post.body.permissions).toEqual({ can_view: true, can_post: true, can_upload: false });
    const upload = await put(g.id, memberId, { can_upload: true, can_post: false });
    expect(upload.body.permissions).toEqual({ can_view: true, can_post: false, can_upload: true });
    const contradiction = await put(g.id, memberId, { can_view: false, can_post: true });
    expect(contradiction.status).toBe(400);
  });

  it('lists every user but the system account, with defaults where nothing is stored', async () => {
    const g = await newGroup();
    const res = await api.get(`/admin/groups/${g.id}/permissions`, admin.token);
    expect(res.body.group_id).toBe(g.id);
    const names = res.body.user_permissions.map((e: any) => e.user.username);
    expect(names).not.toContain('Guardian');
    const mine = res.body.user_permissions.find((e: any) => e.user.id === memberId);
    expect(mine.permissions).toEqual({ can_view: true, can_post: true, can_upload: true });
    const guardian = await put(g.id, 1, { can_view: false });
    expect(guardian.status).toBe(400);
  });

  it('hides a group without can_view everywhere: lists, channel, history, permissions', async () => {
    const g = await newGroup();
    const ch = await newChannel(g.id);
    const cat = (await api.post('/category', { name: 'Secret', group_id: g.id }, admin.token)).body;
    await api.post('/message', { channel_id: ch.id, content: 'hidden words' }, admin.token);
    await put(g.id, memberId, { can_view: false });

    expect((await api.get('/group', member)).body.map((x: any) => x.id)).not.toContain(g.id);
    expect((await api.get('/channel/', member)).body.map((x: any) => x.id)).not.toContain(ch.id);
    expect((await api.get('/category', member)).body.map((x: any) => x.id)).not.toContain(cat.id);
    expect((await api.get(`/channel/${ch.id}`, member)).status).toBe(404);
    expect((await api.get(`/channel/?group_id=${g.id}`, member)).status).toBe(404);
    expect((await api.get(`/message?channel_id=${ch.id}`, member)).status).toBe(404);
    expect((await api.get(`/user/group-permissions/${g.id}`, member)).status).toBe(404);
    const send = await api.post('/message', { channel_id: ch.id, content: 'hi' }, member);
    expect(send.status).toBe(404);

    await put(g.id, memberId, { can_view: true });
    expect((await api.get('/group', member)).body.map((x: any) => x.id)).toContain(g.id);
    expect((await api.get(`/message?channel_id=${ch.id}`, member)).body[0].content).toBe('hidden words');
  });

  it('reports the user their own permissions', async () => {
    const g = await newGroup();
    await put(g.id, memberId, { can_post: false });
    const res = await api.get(`/user/group-permissions/${g.id}`, member);
    expect(res.body).toEqual({ group_id: g.id, can_view: true, can_post: false, can_upload: true });
  });
});
