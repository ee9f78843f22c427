import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { GROUP_ICON_MAX_BYTES, GROUP_ICON_TEXT, PROFILE_TEXT, TEXT, type Group } from '@hearth/protocol';
import { removeDeletedFiles } from '../src/uploads/file-deletions.js';
import { Api, uniqueName } from './client.js';
import { startTestServer, storageUsed as storageUsedBy } from './harness.js';
import { admin, api, live, server, serverForFile } from './test-server.js';

serverForFile();

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();

const newGroup = async (): Promise<Group> => (await api.post('/group', { name: uniqueName('icon') }, admin.token)).body;

async function uploadIcon(token: string, groupId: number, bytes: Buffer | string, name = 'icon.png') {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  return api.post(`/group/${groupId}/upload-icon`, form, token);
}

const storageUsed = (userId: number) => storageUsedBy(server, userId);
const listed = async (token: string, groupId: number) =>
  ((await api.get('/group', token)).body as Group[]).find((g) => g.id === groupId);
const storedKeys = async (groupId: number) =>
  (
    await server.ctx.db.query<{ key: string }>('SELECT storage_key AS key FROM group_icons WHERE group_id = $1', [
      groupId,
    ])
  ).rows.map((r) => r.key);

describe('group icons', () => {
  it('an admin uploads one: re-encoded to 64×64, served, listed, sent live to members, counted in storage', async () => {
    const member = await api.person('member');
    const group = await newGroup();
    const memberLive = await live(member);
    const before = await storageUsed(admin.id);

    const res = await uploadIcon(admin.token, group.id, await png(300, 200));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url: string = res.body.icon_url;
    expect(url).toMatch(/^\/api\/group-icons\/[0-9a-f]{32}\.webp$/);
    expect(res.body.group).toMatchObject({ id: group.id, name: group.name, icon: url });

    const served = await fetch(`${server.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 64]);

    const live1 = await memberLive.waitFor((f) => f.type === 'group_updated' && f.data.id === group.id);
    expect(live1.data.icon).toBe(url);
    expect((await listed(member.token, group.id))?.icon).toBe(url);

    const { rows } = await server.ctx.db.query<{ n: string }>(
      'SELECT file_size AS n FROM group_icons WHERE group_id = $1',
      [group.id],
    );
    expect(await storageUsed(admin.id)).toBe(before + Number(rows[0]!.n));
    // A recount finds the same.
    const recount = await api.post('/admin/recalculate-my-storage', undefined, admin.token);
    expect(recount.body.actual_usage_bytes).toBe(recount.body.old_usage_bytes);
  });

  it('a new icon replaces the old one, whose file goes and is no longer counted', async () => {
    const group = await newGroup();
    const before = await storageUsed(admin.id);
    const first = await uploadIcon(admin.token, group.id, await png(64, 64));
    const [firstKey] = await storedKeys(group.id);
    const second = await uploadIcon(admin.token, group.id, await png(90, 90));
    expect(second.status).toBe(200);
    expect(second.body.icon_url).not.toBe(first.body.icon_url);
    await removeDeletedFiles(server.ctx);
    expect((await fetch(`${server.url}${first.body.icon_url}`)).status).toBe(404);
    expect(await server.ctx.storage.size(firstKey!)).toBeNull();
    const keys = await storedKeys(group.id);
    expect(keys).toHaveLength(1);
    expect(await storageUsed(admin.id)).toBe(before + (await server.ctx.storage.size(keys[0]!))!);
  });

  it('an admin removes it: the group has no icon, its file goes, the members are told', async () => {
    const member = await api.person('member');
    const group = await newGroup();
    const before = await storageUsed(admin.id);
    const uploaded = await uploadIcon(admin.token, group.id, await png(64, 64));
    const [key] = await storedKeys(group.id);
    const memberLive = await live(member);

    const res = await api.delete(`/group/${group.id}/icon`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: group.id, icon: null });
    const told = await memberLive.waitFor((f) => f.type === 'group_updated' && f.data.id === group.id);
    expect(told.data.icon).toBeNull();
    expect((await listed(member.token, group.id))?.icon).toBeNull();
    await removeDeletedFiles(server.ctx);
    expect((await fetch(`${server.url}${uploaded.body.icon_url}`)).status).toBe(404);
    expect(await server.ctx.storage.size(key!)).toBeNull();
    expect(await storageUsed(admin.id)).toBe(before);

    // Removing again changes nothing and announces nothing.
    const again = await api.delete(`/group/${group.id}/icon`, admin.token);
    expect([again.status, again.body.icon]).toEqual([200, null]);
  });

  it('removes an icon the group was created with as text', async () => {
    const created = (await api.post('/group', { name: uniqueName('txt'), icon: 'AB' }, admin.token)).body as Group;
    expect(created.icon).toBe('AB');
    const res = await api.delete(`/group/${created.id}/icon`, admin.token);
    expect([res.status, res.body.icon]).toEqual([200, null]);
  });

  it('deleting the group deletes its icon file and uncounts it', async () => {
    const group = await newGroup();
    const before = await storageUsed(admin.id);
    const uploaded = await uploadIcon(admin.token, group.id, await png(64, 64));
    const [key] = await storedKeys(group.id);
    expect((await api.delete(`/group/${group.id}`, admin.token)).status).toBe(204);
    await removeDeletedFiles(server.ctx);
    expect(await server.ctx.storage.size(key!)).toBeNull();
    expect((await fetch(`${server.url}${uploaded.body.icon_url}`)).status).toBe(404);
    expect(await storageUsed(admin.id)).toBe(before);
  });

  it('stays when the admin who uploaded it is deleted, no longer counted against anyone', async () => {
    const uploader = await api.person('uploader');
    expect((await api.post(`/admin/users/${uploader.id}/promote`, undefined, admin.token)).status).toBe(200);
    const token = (await api.post('/auth/login', { username: uploader.username, password: 'secret1' })).body
      .access_token as string;
    const group = await newGroup();
    const uploaded = await uploadIcon(token, group.id, await png(64, 64));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(await storageUsed(uploader.id)).toBeGreaterThan(0);

    const deleted = await api.delete(`/admin/users/${uploader.id}`, admin.token);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await removeDeletedFiles(server.ctx);
    expect((await listed(admin.token, group.id))?.icon).toBe(uploaded.body.icon_url);
    expect((await fetch(`${server.url}${uploaded.body.icon_url}`)).status).toBe(200);
    const { rows } = await server.ctx.db.query('SELECT user_id FROM group_icons WHERE group_id = $1', [group.id]);
    expect(rows).toEqual([{ user_id: null }]);
    // Removing it later works as ever.
    expect((await api.delete(`/group/${group.id}/icon`, admin.token)).body.icon).toBeNull();
  });

  it('only an admin may set or remove one', async () => {
    const member = await api.person('member');
    const group = await newGroup();
    let res = await uploadIcon(member.token, group.id, await png(64, 64));
    expect([res.status, res.body]).toEqual([403, { detail: TEXT.adminOnly }]);
    res = await api.delete(`/group/${group.id}/icon`, member.token);
    expect([res.status, res.body]).toEqual([403, { detail: TEXT.adminOnly }]);
    res = await uploadIcon('', group.id, await png(64, 64));
    expect(res.status).toBe(401);
    expect((await listed(member.token, group.id))?.icon).toBeNull();
    expect(await storedKeys(group.id)).toEqual([]);
    expect(await storageUsed(member.id)).toBe(0);
  });

  it('refuses what is not a picture, what is over 10 MB, and groups that do not exist', async () => {
    const group = await newGroup();
    const before = await storageUsed(admin.id);
    let res = await uploadIcon(admin.token, group.id, 'just some text', 'icon.png');
    expect([res.status, res.body.detail]).toEqual([400, GROUP_ICON_TEXT.notImage]);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"/>';
    res = await uploadIcon(admin.token, group.id, svg, 'icon.svg');
    expect([res.status, res.body.detail]).toEqual([400, GROUP_ICON_TEXT.notImage]);
    const broken = (await png(50, 50)).subarray(0, 60);
    res = await uploadIcon(admin.token, group.id, broken, 'broken.png');
    expect([res.status, res.body.detail]).toEqual([400, GROUP_ICON_TEXT.notImage]);

    // A valid PNG of 8,000 × 8,000 (small as a file) is told which limit it broke, not called invalid.
    res = await uploadIcon(admin.token, group.id, await png(8000, 8000), 'wide.png');
    expect([res.status, res.body.detail]).toEqual([400, PROFILE_TEXT.imageTooManyPixels]);

    const picture = await png(10, 10);
    const huge = Buffer.concat([picture, Buffer.alloc(GROUP_ICON_MAX_BYTES + 1 - picture.length)]);
    res = await uploadIcon(admin.token, group.id, huge, 'huge.png');
    expect([res.status, res.body.detail]).toEqual([400, GROUP_ICON_TEXT.tooLarge]);
    // Exactly 10 MB is still allowed (the spec's "less than" is the client's check of what is picked).
    const atLimit = Buffer.concat([picture, Buffer.alloc(GROUP_ICON_MAX_BYTES - picture.length)]);
    res = await uploadIcon(admin.token, group.id, atLimit, 'full.png');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await api.delete(`/group/${group.id}/icon`, admin.token);

    res = await api.post(`/group/${group.id}/upload-icon`, { file: 'x' }, admin.token);
    expect([res.status, res.body.detail]).toEqual([415, TEXT.uploadNotMultipart]);
    res = await uploadIcon(admin.token, 999_999_999, await png(64, 64));
    expect([res.status, res.body.detail]).toEqual([404, TEXT.groupNotFound]);
    res = await api.delete('/group/999999999/icon', admin.token);
    expect([res.status, res.body.detail]).toEqual([404, TEXT.groupNotFound]);

    expect((await listed(admin.token, group.id))?.icon).toBeNull();
    expect(await storageUsed(admin.id)).toBe(before);
  });
});

describe('rate limits', () => {
  it('counts icon uploads and removals against the write limit', async () => {
    const limited = await startTestServer({
      rateLimits: { ...server.ctx.config.rateLimits, writePerUser: { limit: 3, windowMs: 60_000 } },
    });
    try {
      const lapi = new Api(limited.url);
      const owner = await lapi.register(uniqueName('boss'));
      const group = (await lapi.post('/group', { name: 'Limited' }, owner.token)).body as Group;
      const upload = async () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(await png(16, 16))]), 'icon.png');
        return lapi.post(`/group/${group.id}/upload-icon`, form, owner.token);
      };
      const statuses = [
        (await upload()).status,
        (await lapi.delete(`/group/${group.id}/icon`, owner.token)).status,
        (await upload()).status,
        (await lapi.delete(`/group/${group.id}/icon`, owner.token)).status,
      ];
      expect(statuses).toEqual([200, 200, 429, 429]);
      expect((await upload()).body.detail).toBe(TEXT.rateLimited);
    } finally {
      await limited.close();
    }
  });
});
