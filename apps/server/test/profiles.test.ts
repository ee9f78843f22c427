import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PROFILE_TEXT } from '@hearth/protocol';
import { removeDeletedFiles } from '../src/uploads/file-deletions.js';
import type { LiveClient, Person } from './client.js';
import { storageUsed as storageUsedBy } from './harness.js';
import { api, live, server, serverForFile } from './test-server.js';

serverForFile();

async function befriend(a: Person, b: Person) {
  const { body } = await api.post('/friends/request', { username: b.username }, a.token);
  await api.post(`/friends/${body.friendship_id}/accept`, undefined, b.token);
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

async function upload(token: string, path: string, bytes: Buffer | string, name = 'picture.png') {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  return api.post(path, form, token);
}

const storageUsed = (userId: number) => storageUsedBy(server, userId);
const profile = async (viewer: Person, of: Person) =>
  (await api.get(`/user/profile/${encodeURIComponent(of.username)}`, viewer.token)).body;

describe('editing one’s profile', () => {
  it('saves nickname, pronouns, bio and links, with the spec’s limits', async () => {
    const a = await api.person('a');
    let res = await api.put('/user/update-nickname', { nickname: '  Ace  ' }, a.token);
    expect(res.status).toBe(200);
    expect(res.body.profile.nickname).toBe('Ace');
    res = await api.put('/user/update-nickname', { nickname: 'x'.repeat(33) }, a.token);
    expect([res.status, res.body.detail]).toEqual([400, PROFILE_TEXT.nicknameTooLong]);

    const gradient = 'linear-gradient(90deg, #ff0000, #00ff00, #0000ff)';
    res = await api.put(
      '/user/update-pronouns',
      { pronouns: 'they/them', pronouns_bg_color: gradient, pronouns_text_color: '#ffffff' },
      a.token,
    );
    expect(res.body.profile).toMatchObject({ pronouns: 'they/them', pronouns_bg_color: gradient });
    res = await api.put('/user/update-pronouns', { pronouns: 'a'.repeat(17) }, a.token);
    expect([res.status, res.body.detail]).toEqual([400, PROFILE_TEXT.pronounsTooLong]);
    for (const bad of [
      'linear-gradient(90deg, #ff0000)',
      `linear-gradient(90deg${', #ff0000'.repeat(7)})`,
      'red',
      'url(x)',
    ]) {
      res = await api.put('/user/update-pronouns', { pronouns: 'xe/xem', pronouns_bg_color: bad }, a.token);
      expect([res.status, res.body.detail], bad).toEqual([400, PROFILE_TEXT.badColour]);
    }
    // No pronouns: no colours either.
    res = await api.put('/user/update-pronouns', { pronouns: '', pronouns_bg_color: '#123456' }, a.token);
    expect(res.body.profile).toMatchObject({ pronouns: null, pronouns_bg_color: null, pronouns_text_color: null });

    res = await api.put('/user/update-bio', { bio: `  ${'b'.repeat(500)}  ` }, a.token);
    expect([res.status, res.body.message]).toEqual([200, 'Bio updated successfully!']);
    expect(res.body.profile.bio).toHaveLength(500);
    res = await api.put('/user/update-bio', { bio: 'b'.repeat(501) }, a.token);
    expect([res.status, res.body.detail]).toEqual([400, PROFILE_TEXT.bioTooLong]);

    res = await api.put(
      '/user/update-social-links',
      { social_github: 'https://github.com/ace', social_website: '', social_steam: null },
      a.token,
    );
    expect(res.body.message).toBe('Social links updated successfully!');
    expect(res.body.profile.social_links).toEqual({ github: 'https://github.com/ace' });
    expect((await profile(a, a)).social_links).toEqual({ github: 'https://github.com/ace' });
  });

  it('tells others of a new nickname live', async () => {
    const a = await api.person('a');
    const other = await api.person('o');
    const lo = await live(other);
    await api.put('/user/update-nickname', { nickname: 'Sunny' }, a.token);
    const f = await lo.waitFor((f) => f.type === 'user_update' && f.data.user_id === a.id);
    expect(f.data.nickname).toBe('Sunny');
  });
});

describe('pictures and banners', () => {
  it('re-encodes, serves, replaces and removes them, keeping storage exact', async () => {
    const a = await api.person('a');
    const before = await storageUsed(a.id);
    const first = await upload(a.token, '/upload/profile-image', await png(900, 700));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const served = await fetch(`${server.url}${first.body.image_url}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    const size1 = await storageUsed(a.id);
    expect(first.body.storage_info.used_bytes).toBe(size1);
    expect(size1).toBeGreaterThan(before);
    expect((await profile(a, a)).profile_image_url).toBe(first.body.image_url);

    const banner = await upload(a.token, '/upload/profile-banner', await png(2000, 500));
    const bannerMeta = await sharp(
      Buffer.from(await (await fetch(`${server.url}${banner.body.banner_url}`)).arrayBuffer()),
    ).metadata();
    expect([bannerMeta.width, bannerMeta.height]).toEqual([1600, 320]);

    // A new picture replaces the old one, whose file goes.
    const second = await upload(a.token, '/upload/profile-image', await png(300, 300));
    await removeDeletedFiles(server.ctx);
    expect((await fetch(`${server.url}${first.body.image_url}`)).status).toBe(404);
    const rows = await server.ctx.db.query<{ n: string }>(
      'SELECT sum(file_size) AS n FROM profile_images WHERE user_id = $1',
      [a.id],
    );
    expect(await storageUsed(a.id)).toBe(before + Number(rows.rows[0]!.n));

    expect((await api.delete('/profile-image', a.token)).body.storage_info.used_bytes).toBeLessThan(
      second.body.storage_info.used_bytes,
    );
    expect((await api.delete('/profile-banner', a.token)).status).toBe(200);
    expect(await storageUsed(a.id)).toBe(before);
    expect((await api.delete('/profile-image', a.token)).body.detail).toBe(PROFILE_TEXT.noImage);
    expect((await profile(a, a)).profile_image_url).toBeNull();
  });

  it('refuses what is not a picture, whatever its name says, and what is too big', async () => {
    const a = await api.person('a');
    let res = await upload(a.token, '/upload/profile-image', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'x.png');
    expect([res.status, res.body.detail]).toEqual([400, PROFILE_TEXT.invalidImage]);
    const broken = (await png(50, 50)).subarray(0, 60);
    res = await upload(a.token, '/upload/profile-image', broken, 'broken.png');
    expect([res.status, res.body.detail]).toEqual([400, PROFILE_TEXT.invalidImage]);
    const huge = Buffer.concat([await png(10, 10), Buffer.alloc(10 * 1024 * 1024)]);
    res = await upload(a.token, '/upload/profile-banner', huge, 'huge.png');
    expect([res.status, res.body.detail]).toEqual([400, PROFILE_TEXT.imageTooLarge]);
    expect(await storageUsed(a.id)).toBe(0);
  });
});

describe('profile blur', () => {
  it('hides picture, banner, bio and links from strangers, never from friends or oneself', async () => {
    const owner = await api.person('owner');
    const friend = await api.person('friend');
    const stranger = await api.person('stranger');
    await befriend(owner, friend);
    await upload(owner.token, '/upload/profile-image', await png(100, 100));
    await upload(owner.token, '/upload/profile-banner', await png(500, 100));
    await api.put('/user/update-bio', { bio: 'Hello there' }, owner.token);
    await api.put('/user/update-social-links', { social_github: 'gh' }, owner.token);

    // Blur off: everyone sees everything.
    expect((await profile(stranger, owner)).bio).toBe('Hello there');
    await api.put('/privacy/settings', { profile_blur_enabled: true }, owner.token);

    const hidden = await profile(stranger, owner);
    expect(hidden).toMatchObject({
      is_hidden: true,
      profile_image_url: null,
      profile_banner_url: null,
      bio: null,
      social_links: {},
      username: owner.username,
    });
    for (const viewer of [friend, owner]) {
      const seen = await profile(viewer, owner);
      expect(seen.is_hidden).toBe(false);
      expect(seen.bio).toBe('Hello there');
      expect(seen.profile_image_url).not.toBeNull();
    }
    expect((await api.get('/user/profile/nobody_here_at_all', stranger.token)).status).toBe(404);

    // A request from the blurred user shows the stranger no picture either.
    await api.post('/friends/request', { username: stranger.username }, owner.token);
    const incoming = (await api.get('/friends/requests/incoming', stranger.token)).body;
    expect(incoming[0].user).toMatchObject({ id: owner.id, profile_image_url: null });
    expect((await api.get('/friends', friend.token)).body[0].user.profile_image_url).not.toBeNull();
  });

  it('sends a blurred user’s new picture only to friends', async () => {
    const owner = await api.person('owner');
    const friend = await api.person('friend');
    const stranger = await api.person('stranger');
    await befriend(owner, friend);
    await api.put('/privacy/settings', { profile_blur_enabled: true }, owner.token);
    const [lf, ls] = [await live(friend), await live(stranger)];
    const { body } = await upload(owner.token, '/upload/profile-image', await png(64, 64));
    const seen = (c: LiveClient) => c.waitFor((f) => f.type === 'user_update' && f.data.user_id === owner.id);
    expect((await seen(lf)).data.profile_image_url).toBe(body.image_url);
    expect((await seen(ls)).data.profile_image_url).toBeNull();
    expect(ls.ofType('user_update').filter((f) => f.data.user_id === owner.id)).toHaveLength(1);
  });

  it('leaves a blurred author’s picture and attachment previews out of messages for strangers', async () => {
    const owner = await api.person('owner');
    const friend = await api.person('friend');
    const stranger = await api.person('stranger');
    await befriend(owner, friend);
    await upload(owner.token, '/upload/profile-image', await png(64, 64));
    await api.put('/privacy/settings', { profile_blur_enabled: true }, owner.token);
    const channels = (await api.get('/channel', owner.token)).body as { id: number; name: string }[];
    const general = channels.find((c) => c.name === 'general')!;
    const [lf, ls] = [await live(friend), await live(stranger)];

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png(300, 200))]), 'photo.png');
    const uploaded = await fetch(`${server.url}/api/upload/attachment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    const attachment = ((await uploaded.json()) as any).attachment;
    const sent = await api.post(
      '/message',
      { channel_id: general.id, content: `blurred ${owner.username}`, attachment_ids: [attachment.id] },
      owner.token,
    );
    expect(sent.status).toBe(201);

    const arrived = (c: LiveClient) => c.waitFor((f) => f.type === 'message' && f.data.id === sent.body.id);
    const toFriend = (await arrived(lf)).data;
    const toStranger = (await arrived(ls)).data;
    expect(toFriend.profile_image_url).not.toBeNull();
    expect(toFriend.attachments[0].preview_url).not.toBeNull();
    expect(toStranger.profile_image_url).toBeNull();
    expect(toStranger.attachments[0]).toMatchObject({ preview_url: null, is_sensitive: true });
    expect(ls.ofType('message').filter((f) => f.data.id === sent.body.id)).toHaveLength(1);

    const inHistory = async (viewer: Person) =>
      ((await api.get(`/message?channel_id=${general.id}&limit=5`, viewer.token)).body as any[]).find(
        (m) => m.id === sent.body.id,
      );
    expect((await inHistory(stranger)).profile_image_url).toBeNull();
    expect((await inHistory(stranger)).attachments[0].preview_url).toBeNull();
    expect((await inHistory(friend)).profile_image_url).not.toBeNull();
    expect((await inHistory(owner)).attachments[0].preview_url).not.toBeNull();
  });
});
