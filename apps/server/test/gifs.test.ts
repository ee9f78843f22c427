import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { GIF_MAX_BYTES, GIF_QUICK_SEARCHES, GIF_TEXT, GIPHY_MEDIA_ORIGINS } from '@hearth/protocol';
import type { RunningApp } from '../src/app.js';
import { FAVORITES_LOCK_CLASS, favoritesLockObject } from '../src/gifs/favorites.js';
import { removeDeletedFiles } from '../src/uploads/file-deletions.js';
import { Api, type Person } from './client.js';
import { startTestServer, storageUsed as storageUsedBy } from './harness.js';
import { admin, api, server, serverForFile } from './test-server.js';

serverForFile();

const frame = (r: number, width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 4, background: { r, g: 90, b: 160, alpha: 1 } } })
    .png()
    .toBuffer();
/** A two-frame animated GIF, made in memory. */
const animatedGif = async (width = 40, height = 30) =>
  sharp([await frame(220, width, height), await frame(20, width, height)], { join: { animated: true } })
    .gif({ delay: [100, 100], loop: 0 })
    .toBuffer();
const stillGif = (width = 20, height = 10) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .gif()
    .toBuffer();
const png = () => frame(10);

interface UploadFields {
  name?: string;
  is_nsfw?: string;
}

async function upload(token: string, bytes: Buffer, fileName: string, fields: UploadFields = {}) {
  const form = new FormData();
  // Fields after the file as well as before: the server reads them wherever they are.
  if (fields.is_nsfw !== undefined) form.append('is_nsfw', fields.is_nsfw);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/gif' }), fileName);
  if (fields.name !== undefined) form.append('name', fields.name);
  return api.post('/gif/upload', form, token);
}

const storageUsed = (userId: number) => storageUsedBy(server, userId);

const refused = (res: { status: number; body: any }) => [res.status, res.body.detail];

describe('uploading a GIF', () => {
  it('keeps the bytes as sent, serves them as image/gif at a stable address and counts them', async () => {
    const a = await api.person('a');
    const bytes = await animatedGif();
    const before = await storageUsed(a.id);
    // Named .png by the client and sent as image/gif: only the bytes count.
    const res = await upload(a.token, bytes, 'holiday.png', { name: 'wave', is_nsfw: 'true' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'wave',
      file_url: expect.stringMatching(/^\/api\/gif-files\/[0-9a-f]{32}\.gif$/),
      width: 40,
      height: 30,
      file_size: bytes.length,
      is_nsfw: true,
      user_id: a.id,
      created_at: expect.any(String),
    });
    expect(await storageUsed(a.id)).toBe(before + bytes.length);

    const served = await fetch(`${server.url}${res.body.file_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const back = Buffer.from(await served.arrayBuffer());
    expect(back.equals(bytes)).toBe(true);
    expect((await sharp(back, { animated: true }).metadata()).pages).toBe(2);
    // Anyone with the address may load it, as an <img> does: no token.
    expect((await fetch(`${server.url}/api/gif-files/${'0'.repeat(32)}.gif`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/gif-files/..%2F..%2Fetc.gif`)).status).toBe(404);
  });

  it('tells the type from the bytes, never from the name or the declared type', async () => {
    const a = await api.person('a');
    expect(refused(await upload(a.token, await png(), 'fake.gif', { name: 'fake' }))).toEqual([400, GIF_TEXT.notGif]);
    expect(refused(await upload(a.token, Buffer.from('GIF89a, honest'), 'x.gif', { name: 'x' }))).toEqual([
      400,
      GIF_TEXT.notGif,
    ]);
    const truncated = (await animatedGif()).subarray(0, 60);
    expect(refused(await upload(a.token, truncated, 'cut.gif', { name: 'cut' }))).toEqual([400, GIF_TEXT.notGif]);
    expect(refused(await upload(a.token, Buffer.alloc(0), 'empty.gif', { name: 'empty' }))).toEqual([
      400,
      GIF_TEXT.notGif,
    ]);
    expect((await upload(a.token, await stillGif(), 'real.png', { name: 'real' })).status).toBe(201);
    expect(await storageUsed(a.id)).toBe((await stillGif()).length);
  });

  it('checks in the spec’s order, a file failing two checks getting the earlier text', async () => {
    const a = await api.person('a');
    const gif = await stillGif();
    const big = Buffer.concat([gif, Buffer.alloc(GIF_MAX_BYTES + 1 - gif.length)]);
    const bigPng = Buffer.concat([await png(), Buffer.alloc(GIF_MAX_BYTES)]);
    // Type before size before name.
    expect(refused(await upload(a.token, bigPng, 'big.gif', { name: 'bad name' }))).toEqual([400, GIF_TEXT.notGif]);
    expect(refused(await upload(a.token, big, 'big.gif', { name: 'bad name' }))).toEqual([400, GIF_TEXT.tooLarge]);
    // Exactly 10 MB is allowed.
    const exact = Buffer.concat([gif, Buffer.alloc(GIF_MAX_BYTES - gif.length)]);
    const ok = await upload(a.token, exact, 'exact.gif', { name: 'exact' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.file_size).toBe(GIF_MAX_BYTES);

    expect(refused(await upload(a.token, gif, 'x.gif', { name: '' }))).toEqual([400, GIF_TEXT.nameRequired]);
    expect(refused(await upload(a.token, gif, 'x.gif', { name: '   ' }))).toEqual([400, GIF_TEXT.nameRequired]);
    expect(refused(await upload(a.token, gif, 'x.gif', { name: 'has space' }))).toEqual([400, GIF_TEXT.nameChars]);
    expect(refused(await upload(a.token, gif, 'x.gif', { name: '-'.repeat(40) }))).toEqual([400, GIF_TEXT.nameChars]);
    expect(refused(await upload(a.token, gif, 'x.gif', { name: 'a'.repeat(33) }))).toEqual([400, GIF_TEXT.nameTooLong]);
    // Unique for the owner in any case; another user may have the same name.
    expect(refused(await upload(a.token, gif, 'x.gif', { name: 'EXACT' }))).toEqual([400, GIF_TEXT.nameTaken]);
    const b = await api.person('b');
    expect((await upload(b.token, gif, 'x.gif', { name: 'exact' })).status).toBe(201);
    expect(await storageUsed(a.id)).toBe(GIF_MAX_BYTES);
  });

  it('names a GIF sent without a name after its file, and reads is_nsfw as text', async () => {
    const a = await api.person('a');
    const gif = await stillGif();
    let res = await upload(a.token, gif, 'My Party (2).gif');
    expect([res.status, res.body.name, res.body.is_nsfw]).toEqual([201, 'My_Party__2_', false]);
    res = await upload(a.token, gif, '.gif', { is_nsfw: 'false' });
    expect([res.body.name, res.body.is_nsfw]).toEqual(['gif', false]);
    res = await upload(a.token, gif, 'x.gif', { name: ' spaced_out ', is_nsfw: 'TRUE' });
    expect([res.body.name, res.body.is_nsfw]).toEqual(['spaced_out', true]);
  });

  it('refuses the 201st GIF, after the name check', async () => {
    const a = await api.person('a');
    // 199 rows straight into the table (their storage counted by the trigger like any other).
    await server.ctx.db.query(
      `INSERT INTO user_gifs (user_id, name, storage_key, file_size, width, height)
       SELECT $1, 'g' || n, 'gifs/test-' || $2::text || '-' || n, 10, 1, 1 FROM generate_series(1, 199) n`,
      [a.id, randomUUID()],
    );
    const gif = await stillGif();
    expect((await upload(a.token, gif, 'x.gif', { name: 'two_hundredth' })).status).toBe(201);
    expect(refused(await upload(a.token, gif, 'x.gif', { name: 'one_more' }))).toEqual([400, GIF_TEXT.limitReached]);
    // A taken name is told first.
    expect(refused(await upload(a.token, gif, 'x.gif', { name: 'G1' }))).toEqual([400, GIF_TEXT.nameTaken]);
    expect(await storageUsed(a.id)).toBe(199 * 10 + gif.length);
    expect((await api.get('/gif/user', a.token)).body).toHaveLength(200);
  });

  it('answers a body that is not multipart with 415', async () => {
    const a = await api.person('a');
    expect((await api.post('/gif/upload', { name: 'x' }, a.token)).status).toBe(415);
  });
});

describe('changing an uploaded GIF', () => {
  it('renames, unique among the owner’s GIFs except itself', async () => {
    const a = await api.person('a');
    const gif = await stillGif();
    const one = (await upload(a.token, gif, 'x.gif', { name: 'one' })).body;
    await upload(a.token, gif, 'x.gif', { name: 'two' });
    const rename = (id: number, name: unknown, token = a.token) =>
      api.patch(`/gif/gifs/user/${id}/rename`, { name }, token);

    let res = await rename(one.id, 'ONE');
    expect([res.status, res.body.name]).toEqual([200, 'ONE']);
    expect(refused(await rename(one.id, 'Two'))).toEqual([400, GIF_TEXT.nameTaken]);
    expect(refused(await rename(one.id, ''))).toEqual([400, GIF_TEXT.nameRequired]);
    expect(refused(await rename(one.id, undefined))).toEqual([400, GIF_TEXT.nameRequired]);
    expect(refused(await rename(one.id, 'a b'))).toEqual([400, GIF_TEXT.nameChars]);
    expect(refused(await rename(one.id, 'a'.repeat(33)))).toEqual([400, GIF_TEXT.nameTooLong]);
    res = await rename(one.id, '  first  ');
    expect(res.body).toMatchObject({ name: 'first', file_url: one.file_url });
    expect(refused(await rename(999_999, 'x'))).toEqual([404, GIF_TEXT.gifNotFound]);
  });

  it('toggles NSFW, for everyone to see', async () => {
    const a = await api.person('a');
    const b = await api.person('b');
    const mine = (await upload(a.token, await stillGif(), 'x.gif', { name: 'spicy' })).body;
    let res = await api.patch(`/gif/gifs/user/${mine.id}/nsfw`, { is_nsfw: true }, a.token);
    expect([res.status, res.body.is_nsfw]).toEqual([200, true]);
    const seen = (await api.get('/gif/user/all', b.token)).body.find((g: { id: number }) => g.id === mine.id);
    expect(seen.is_nsfw).toBe(true);
    res = await api.patch(`/gif/gifs/user/${mine.id}/nsfw`, { is_nsfw: false }, a.token);
    expect(res.body.is_nsfw).toBe(false);
    expect((await api.patch(`/gif/gifs/user/${mine.id}/nsfw`, { is_nsfw: 'yes' }, a.token)).status).toBe(400);
  });

  it('lets only the owner or an admin rename, toggle or delete', async () => {
    const a = await api.person('a');
    const b = await api.person('b');
    const bytes = await stillGif();
    const mine = (await upload(a.token, bytes, 'x.gif', { name: 'mine' })).body;
    expect(refused(await api.patch(`/gif/gifs/user/${mine.id}/rename`, { name: 'stolen' }, b.token))).toEqual([
      403,
      GIF_TEXT.notOwner,
    ]);
    expect((await api.patch(`/gif/gifs/user/${mine.id}/nsfw`, { is_nsfw: true }, b.token)).status).toBe(403);
    expect((await api.delete(`/gif/user/${mine.id}`, b.token)).status).toBe(403);

    // An admin may; the name stays unique among the owner's GIFs, not the admin's.
    await upload(a.token, bytes, 'x.gif', { name: 'taken' });
    expect(refused(await api.patch(`/gif/gifs/user/${mine.id}/rename`, { name: 'taken' }, admin.token))).toEqual([
      400,
      GIF_TEXT.nameTaken,
    ]);
    const renamed = await api.patch(`/gif/gifs/user/${mine.id}/rename`, { name: 'moderated' }, admin.token);
    expect([renamed.status, renamed.body.user_id]).toEqual([200, a.id]);
    expect((await api.patch(`/gif/gifs/user/${mine.id}/nsfw`, { is_nsfw: true }, admin.token)).status).toBe(200);

    const before = await storageUsed(a.id);
    expect((await api.delete(`/gif/user/${mine.id}`, admin.token)).status).toBe(204);
    expect(await storageUsed(a.id)).toBe(before - bytes.length);
    expect((await api.delete(`/gif/user/${mine.id}`, a.token)).status).toBe(404);
  });

  it('deletes with its file and its favorites, keeping storage exact', async () => {
    const a = await api.person('a');
    const fan = await api.person('fan');
    const bytes = await animatedGif();
    const start = await storageUsed(a.id);
    const gif = (await upload(a.token, bytes, 'x.gif', { name: 'bye' })).body;
    const kept = (await upload(a.token, await stillGif(), 'x.gif', { name: 'kept' })).body;
    const favorite = {
      gif_id: `user-${gif.id}`,
      gif_title: 'bye',
      gif_url: gif.file_url,
      gif_preview_url: gif.file_url,
      gif_width: 40,
      gif_height: 30,
      gif_size: bytes.length,
      is_nsfw: false,
    };
    expect((await api.post('/gif/favorites', favorite, fan.token)).status).toBe(201);

    expect((await api.delete(`/gif/user/${gif.id}`, a.token)).status).toBe(204);
    await removeDeletedFiles(server.ctx);
    expect((await fetch(`${server.url}${gif.file_url}`)).status).toBe(404);
    expect((await fetch(`${server.url}${kept.file_url}`)).status).toBe(200);
    expect(await storageUsed(a.id)).toBe(start + kept.file_size);
    expect((await api.get(`/gif/favorites/check/user-${gif.id}`, fan.token)).body).toEqual({ is_favorite: false });
    const ownNames = (await api.get('/gif/user', a.token)).body.map((g: { name: string }) => g.name);
    expect(ownNames).toEqual(['kept']);
  });

  it('lists one’s own GIFs, and everyone’s', async () => {
    const a = await api.person('a');
    const b = await api.person('b');
    const gif = await stillGif();
    const first = (await upload(a.token, gif, 'x.gif', { name: 'a_first' })).body;
    const second = (await upload(a.token, gif, 'x.gif', { name: 'a_second' })).body;
    const theirs = (await upload(b.token, gif, 'x.gif', { name: 'b_only' })).body;
    expect((await api.get('/gif/user', a.token)).body).toEqual([second, first]);
    const all = (await api.get('/gif/user/all', a.token)).body as { id: number }[];
    const ids = all.map((g) => g.id);
    expect(ids.indexOf(theirs.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect((await api.get('/gif/user/all')).status).toBe(401);
  });

  it('looks up one user’s GIFs, and a GIF by its file, for anyone signed in', async () => {
    const a = await api.person('a');
    const b = await api.person('b');
    const first = (await upload(a.token, await stillGif(), 'x.gif', { name: 'a_one' })).body;
    const second = (await upload(a.token, await stillGif(), 'x.gif', { name: 'a_two', is_nsfw: 'true' })).body;
    expect((await api.get(`/gif/users/${a.id}`, b.token)).body).toEqual([second, first]);
    expect((await api.get(`/gif/users/${b.id}`, b.token)).body).toEqual([]);
    const file = (gif: { file_url: string }) => gif.file_url.split('/').pop();
    expect((await api.get(`/gif/files/${file(second)}`, b.token)).body).toEqual(second);
    expect(refused(await api.get(`/gif/files/${'0'.repeat(32)}.gif`, b.token))).toEqual([404, GIF_TEXT.gifNotFound]);
    expect(refused(await api.get('/gif/files/..%2Fsecret', b.token))).toEqual([404, GIF_TEXT.gifNotFound]);
    expect((await api.get(`/gif/users/${a.id}`)).status).toBe(401);
    expect((await api.get(`/gif/files/${file(first)}`)).status).toBe(401);
    expect((await api.get('/gif/users/abc', b.token)).status).toBe(400);
  });
});

describe('favorites', () => {
  const favorite = (id: string) => ({
    gif_id: id,
    gif_title: `Title ${id}`,
    gif_url: `https://media1.giphy.com/media/${id}/giphy.gif`,
    gif_preview_url: `https://media1.giphy.com/media/${id}/200w.gif`,
    gif_width: 480,
    gif_height: 270,
    gif_size: 123456,
    is_nsfw: false,
  });

  it('adds, lists, checks and removes, never twice', async () => {
    const a = await api.person('a');
    const added = await api.post('/gif/favorites', favorite('abc'), a.token);
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: expect.any(Number), ...favorite('abc') });
    const again = await api.post('/gif/favorites', { ...favorite('abc'), gif_title: 'changed' }, a.token);
    expect([again.status, again.body]).toEqual([200, added.body]);
    await api.post('/gif/favorites', favorite('def'), a.token);
    const list = (await api.get('/gif/favorites', a.token)).body as { gif_id: string }[];
    expect(list.map((f) => f.gif_id)).toEqual(['def', 'abc']);
    expect((await api.get('/gif/favorites/check/abc', a.token)).body).toEqual({ is_favorite: true });
    expect((await api.get('/gif/favorites/check/zzz', a.token)).body).toEqual({ is_favorite: false });
    // Someone else's favorites are theirs.
    const b = await api.person('b');
    expect((await api.get('/gif/favorites', b.token)).body).toEqual([]);
    expect(refused(await api.delete('/gif/favorites/abc', b.token))).toEqual([404, GIF_TEXT.favoriteNotFound]);

    expect((await api.delete('/gif/favorites/abc', a.token)).status).toBe(204);
    expect(refused(await api.delete('/gif/favorites/abc', a.token))).toEqual([404, GIF_TEXT.favoriteNotFound]);
    expect((await api.get('/gif/favorites/check/abc', a.token)).body).toEqual({ is_favorite: false });
  });

  it('shows an uploaded GIF’s current name and NSFW flag, not the ones it had when favorited', async () => {
    const a = await api.person('a');
    const fan = await api.person('fan');
    const gif = (await upload(a.token, await stillGif(), 'x.gif', { name: 'calm' })).body;
    const body = { gif_id: `user-${gif.id}`, gif_title: 'calm', gif_url: gif.file_url, is_nsfw: false };
    expect((await api.post('/gif/favorites', body, fan.token)).status).toBe(201);
    await api.patch(`/gif/gifs/user/${gif.id}/nsfw`, { is_nsfw: true }, a.token);
    await api.patch(`/gif/gifs/user/${gif.id}/rename`, { name: 'wild' }, a.token);
    await api.post('/gif/favorites', { ...favorite('user-x1'), gif_id: 'user-99999999999999999999' }, fan.token);
    const [odd, shown] = (await api.get('/gif/favorites', fan.token)).body;
    expect(shown).toMatchObject({ gif_id: `user-${gif.id}`, gif_title: 'wild', is_nsfw: true });
    // An id that only looks like one of ours (too long to be) is kept as it was sent.
    expect(odd).toMatchObject({ gif_id: 'user-99999999999999999999', gif_title: 'Title user-x1', is_nsfw: false });
  });

  it('takes an uploaded GIF’s path or an http(s) address, and fills what was left out', async () => {
    const a = await api.person('a');
    const res = await api.post(
      '/gif/favorites',
      { gif_id: 'user-1', gif_url: '/api/gif-files/0123456789abcdef0123456789abcdef.gif' },
      a.token,
    );
    expect(res.body).toMatchObject({
      gif_title: '',
      gif_preview_url: '/api/gif-files/0123456789abcdef0123456789abcdef.gif',
      gif_width: 0,
      gif_size: 0,
      is_nsfw: false,
    });
    for (const gif_url of ['javascript:alert(1)', '//evil.example/x.gif', 'data:image/gif;base64,R0lG']) {
      expect(refused(await api.post('/gif/favorites', { gif_id: 'x', gif_url }, a.token)), gif_url).toEqual([
        400,
        GIF_TEXT.invalidUrl,
      ]);
    }
    expect(refused(await api.post('/gif/favorites', { ...favorite('a/b') }, a.token))).toEqual([
      400,
      GIF_TEXT.invalidGifId,
    ]);
  });

  it('runs one favorites operation per user at a time', async () => {
    const a = await api.person('a');
    const b = await api.person('b');
    await api.post('/gif/favorites', favorite('held'), a.token);
    // Another operation of a's holds the lock: an open transaction of this test's own.
    const other = await server.ctx.db.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock($1, $2)', [FAVORITES_LOCK_CLASS, favoritesLockObject(a.id)]);
      expect(refused(await api.post('/gif/favorites', favorite('new'), a.token))).toEqual([
        409,
        GIF_TEXT.favoritesBusy,
      ]);
      expect(refused(await api.delete('/gif/favorites/held', a.token))).toEqual([409, GIF_TEXT.favoritesBusy]);
      // Reading is not an operation, and b is not a.
      expect((await api.get('/gif/favorites', a.token)).status).toBe(200);
      expect((await api.post('/gif/favorites', favorite('new'), b.token)).status).toBe(201);
    } finally {
      await other.query('COMMIT');
      other.release();
    }
    expect((await api.post('/gif/favorites', favorite('new'), a.token)).status).toBe(201);

    // Two at the same moment: each succeeds or is told to wait, and the favorite is there once.
    const both = await Promise.all([1, 2].map(() => api.post('/gif/favorites', favorite('race'), a.token)));
    for (const res of both) expect([200, 201, 409]).toContain(res.status);
    expect(both.filter((r) => r.status === 201)).toHaveLength(1);
    const races = (await api.get('/gif/favorites', a.token)).body.filter(
      (f: { gif_id: string }) => f.gif_id === 'race',
    );
    expect(races).toHaveLength(1);
  });
});

describe('the built-in provider (no GIPHY key)', () => {
  it('pages trending newest first, searches names and offers the 16 quick searches', async () => {
    const a = await api.person('a');
    const tag = `p${randomUUID().slice(0, 6)}`;
    const gif = await stillGif();
    const made: any[] = [];
    for (const name of [`${tag}_party`, `${tag}_partytime`, `x_${tag}_party_hat`, `${tag}_other`])
      made.push((await upload(a.token, gif, 'x.gif', { name, is_nsfw: name.endsWith('hat') ? 'true' : 'false' })).body);

    expect((await api.get('/gif/provider', a.token)).body).toEqual({ provider: 'builtin' });
    // Trending: every uploaded GIF, newest first, seven at a time.
    const seen: any[] = [];
    let pos: string | null = '';
    for (let pages = 0; pos !== null && pages < 500; pages++) {
      const res: any = await api.get(`/gif/trending?limit=7${pos ? `&pos=${pos}` : ''}`, a.token);
      expect(res.status).toBe(200);
      expect(res.body.results.length).toBeLessThanOrEqual(7);
      seen.push(...res.body.results);
      pos = res.body.next;
    }
    const all = (await api.get('/gif/user/all', a.token)).body as any[];
    expect(seen.map((r) => r.id)).toEqual(all.map((g) => `user-${g.id}`));
    expect(seen[0]).toEqual({
      id: `user-${made[3].id}`,
      title: `${tag}_other`,
      url: made[3].file_url,
      preview_url: made[3].file_url,
      width: 20,
      height: 10,
      size: gif.length,
      is_nsfw: false,
      is_user_generated: true,
    });

    // Search: names containing the words, exact and prefix matches first; spaces match underscores.
    let res = await api.get(`/gif/search?q=${tag}_party&limit=2`, a.token);
    expect(res.body.results.map((r: any) => r.title)).toEqual([`${tag}_party`, `${tag}_partytime`]);
    expect(res.body.next).toBe('2');
    res = await api.get(`/gif/search?q=${tag}_party&limit=2&pos=2`, a.token);
    expect(res.body.results.map((r: any) => [r.title, r.is_nsfw])).toEqual([[`x_${tag}_party_hat`, true]]);
    expect(res.body.next).toBeNull();
    res = await api.get(`/gif/search?q=${encodeURIComponent(`${tag} party hat`)}`, a.token);
    expect(res.body.results.map((r: any) => r.title)).toEqual([`x_${tag}_party_hat`]);
    // LIKE's wildcards are plain characters.
    expect((await api.get(`/gif/search?q=%25`, a.token)).body.results).toEqual([]);

    expect(refused(await api.get('/gif/search?q=%20%20', a.token))).toEqual([400, GIF_TEXT.queryRequired]);
    expect(refused(await api.get('/gif/search', a.token))).toEqual([400, GIF_TEXT.queryRequired]);
    expect(refused(await api.get('/gif/trending?pos=abc', a.token))).toEqual([400, GIF_TEXT.invalidPosition]);
    expect((await api.get('/gif/trending?limit=51', a.token)).status).toBe(400);
    expect((await api.get('/gif/trending')).status).toBe(401);

    const categories = (await api.get('/gif/categories', a.token)).body.categories;
    expect(categories.map((c: any) => c.search_term)).toEqual([...GIF_QUICK_SEARCHES]);
    expect(categories[9]).toEqual({ name: 'thumbs up', search_term: 'thumbs up', preview_url: null });
  });

  it('still allows GIPHY’s image hosts, for GIPHY links people paste into messages', async () => {
    const res = await fetch(`${server.url}/api/gif/provider`);
    expect(res.headers.get('content-security-policy')).toContain(
      `img-src 'self' data: blob: ${GIPHY_MEDIA_ORIGINS.join(' ')};`,
    );
  });
});

/* ---------- GIPHY ---------- */

/**
 * A stand-in for GIPHY's API on a local port (the real service is out of reach in tests). It answers
 * in GIPHY's documented format (developers.giphy.com/docs/api: the GIF object, its images' renditions
 * with numbers as strings, pagination and meta), counts the requests it gets, and fails on demand.
 */
const KEY = 'test-giphy-key-7f3a';
const TRENDING_TOTAL = 5;
const hits: URL[] = [];
const failing = { trending: false, categories: false };

function giphyGif(id: string, rating = 'g', host = 'https://media2.giphy.com') {
  const rendition = (name: string, width: number, height: number, size: number) => ({
    url: `${host}/media/v1.Y2lkPTc5/${id}/${name}.gif?cid=79&rid=${name}.gif&ct=g`,
    width: String(width),
    height: String(height),
    size: String(size),
    mp4: `${host}/media/${id}/${name}.mp4`,
    webp: `${host}/media/${id}/${name}.webp`,
  });
  return {
    type: 'gif',
    id,
    url: `https://giphy.com/gifs/${id}`,
    slug: `funny-${id}`,
    title: `Funny ${id} GIF`,
    rating,
    images: {
      original: rendition('giphy', 480, 270, 1_449_185),
      fixed_width: rendition('200w', 200, 113, 318_000),
      fixed_height: rendition('200', 356, 200, 718_125),
    },
  };
}

function answerGiphy(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, 'http://giphy.test');
  hits.push(url);
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  if (url.searchParams.get('api_key') !== KEY) return send(401, { meta: { status: 401, msg: 'Unauthorized' } });
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 25);
  const list = (total: number, make: (i: number) => unknown) => {
    const data = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => make(offset + i));
    return { data, pagination: { total_count: total, count: data.length, offset }, meta: { status: 200, msg: 'OK' } };
  };
  switch (url.pathname) {
    case '/v1/gifs/trending':
      if (failing.trending) return send(503, { meta: { status: 503, msg: 'Unavailable' } });
      return send(
        200,
        list(TRENDING_TOTAL, (i) => giphyGif(`trend${i}`, i === 1 ? 'r' : 'g')),
      );
    case '/v1/gifs/search': {
      const q = url.searchParams.get('q');
      if (q === 'explode') return send(500, { meta: { status: 500, msg: 'Internal error' } });
      if (q === 'garbage') return send(200, '<html>not json</html>');
      if (q === 'shapeless') return send(200, { results: [] });
      // One result on a host that is not GIPHY's, one without images: both left out.
      return send(
        200,
        list(4, (i) =>
          i === 1 ? giphyGif('elsewhere', 'g', 'https://evil.example') : i === 2 ? { id: 'bare' } : giphyGif(`cat${i}`),
        ),
      );
    }
    case '/v1/gifs/categories':
      if (failing.categories) return send(500, 'oops');
      return send(200, {
        data: [
          { name: 'actions', name_encoded: 'actions', subcategories: [], gif: giphyGif('act') },
          { name: 'animals', name_encoded: 'animals', subcategories: [] },
          { name_encoded: 'nameless' },
        ],
        pagination: { count: 3, offset: 0 },
        meta: { status: 200, msg: 'OK' },
      });
    default:
      return send(404, { meta: { status: 404, msg: 'Not found' } });
  }
}

describe('the GIPHY provider', () => {
  let giphy: Server;
  let hearth: RunningApp;
  let hApi: Api;
  let user: Person;

  beforeAll(async () => {
    giphy = createServer(answerGiphy);
    await new Promise<void>((resolve) => giphy.listen(0, '127.0.0.1', resolve));
    const { port } = giphy.address() as AddressInfo;
    hearth = await startTestServer({ giphyApiKey: KEY, giphyApiUrl: `http://127.0.0.1:${port}` });
    hApi = new Api(hearth.url);
    user = await hApi.person('g');
  });
  afterAll(async () => {
    await hearth?.close();
    if (giphy?.listening) {
      giphy.closeAllConnections();
      giphy.close();
    }
  });

  const hitsOf = (path: string) => hits.filter((h) => h.pathname === path);

  it('maps trending to the spec’s GIF, pages by pos and keeps the key on the server', async () => {
    expect((await hApi.get('/gif/provider', user.token)).body).toEqual({ provider: 'giphy' });
    const res = await hApi.get('/gif/trending?limit=2', user.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const host = 'https://media2.giphy.com/media/v1.Y2lkPTc5';
    expect(res.body).toEqual({
      results: [
        {
          id: 'trend0',
          title: 'Funny trend0 GIF',
          url: `${host}/trend0/giphy.gif?cid=79&rid=giphy.gif&ct=g`,
          preview_url: `${host}/trend0/200w.gif?cid=79&rid=200w.gif&ct=g`,
          width: 480,
          height: 270,
          size: 1_449_185,
          is_nsfw: false,
          is_user_generated: false,
        },
        expect.objectContaining({ id: 'trend1', is_nsfw: true }),
      ],
      next: '2',
    });
    const sent = hitsOf('/v1/gifs/trending').at(-1)!;
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      api_key: KEY,
      limit: '2',
      offset: '0',
      rating: 'pg-13',
    });
    expect(JSON.stringify(res.body)).not.toContain(KEY);

    let page = await hApi.get('/gif/trending?limit=2&pos=2', user.token);
    expect([page.body.results.map((r: any) => r.id), page.body.next]).toEqual([['trend2', 'trend3'], '4']);
    page = await hApi.get('/gif/trending?limit=2&pos=4', user.token);
    expect([page.body.results.map((r: any) => r.id), page.body.next]).toEqual([['trend4'], null]);
    expect(hitsOf('/v1/gifs/trending').at(-1)!.searchParams.get('offset')).toBe('4');
  });

  it('keeps answers for a while: the same page costs one call', async () => {
    const before = hits.length;
    const first = await hApi.get('/gif/search?q=cats&limit=3', user.token);
    expect(hits.length).toBe(before + 1);
    const other = await hApi.person('o');
    const again = await hApi.get('/gif/search?q=cats&limit=3', other.token);
    expect(again.body).toEqual(first.body);
    expect(hits.length).toBe(before + 1);
    await hApi.get('/gif/search?q=cats&limit=3&pos=3', user.token);
    expect(hits.length).toBe(before + 2);
    // Left out: the result on another host, and the one without images; paging follows GIPHY's count.
    expect(first.body.results.map((r: any) => r.id)).toEqual(['cat0']);
    expect(first.body.next).toBe('3');
    expect(hitsOf('/v1/gifs/search').at(-1)!.searchParams.get('q')).toBe('cats');
  });

  it('maps categories, leaving out what does not read', async () => {
    failing.categories = true;
    expect(refused(await hApi.get('/gif/categories', user.token))).toEqual([502, GIF_TEXT.categoriesFailed]);
    failing.categories = false;
    const res = await hApi.get('/gif/categories', user.token);
    expect(res.body.categories).toEqual([
      {
        name: 'actions',
        search_term: 'actions',
        preview_url: 'https://media2.giphy.com/media/v1.Y2lkPTc5/act/200w.gif?cid=79&rid=200w.gif&ct=g',
      },
      { name: 'animals', search_term: 'animals', preview_url: null },
    ]);
  });

  it('answers 502 with the spec’s texts when GIPHY fails, and keeps no failure', async () => {
    expect(refused(await hApi.get('/gif/search?q=explode', user.token))).toEqual([502, GIF_TEXT.searchFailed]);
    expect(refused(await hApi.get('/gif/search?q=garbage', user.token))).toEqual([502, GIF_TEXT.searchFailed]);
    expect(refused(await hApi.get('/gif/search?q=shapeless', user.token))).toEqual([502, GIF_TEXT.searchFailed]);
    failing.trending = true;
    expect(refused(await hApi.get('/gif/trending?limit=7', user.token))).toEqual([502, GIF_TEXT.trendingFailed]);
    failing.trending = false;
    const calls = hitsOf('/v1/gifs/trending').length;
    expect((await hApi.get('/gif/trending?limit=7', user.token)).status).toBe(200);
    expect(hitsOf('/v1/gifs/trending').length).toBe(calls + 1);
    // A pos that was never ours is the caller's mistake, not GIPHY's.
    expect(refused(await hApi.get('/gif/trending?pos=-1', user.token))).toEqual([400, GIF_TEXT.invalidPosition]);
  });

  it('allows GIPHY’s image hosts in the Content-Security-Policy', async () => {
    const csp = (await fetch(`${hearth.url}/api/gif/provider`)).headers.get('content-security-policy')!;
    const imgSrc = csp.split(';').find((d) => d.trim().startsWith('img-src'))!;
    expect(imgSrc.trim()).toBe(`img-src 'self' data: blob: ${GIPHY_MEDIA_ORIGINS.join(' ')}`);
  });

  it('answers 502 when GIPHY cannot be reached at all, and goes on serving', async () => {
    giphy.closeAllConnections();
    await new Promise((resolve) => giphy.close(resolve));
    expect(refused(await hApi.get('/gif/search?q=dogs', user.token))).toEqual([502, GIF_TEXT.searchFailed]);
    expect(refused(await hApi.get('/gif/trending?limit=9', user.token))).toEqual([502, GIF_TEXT.trendingFailed]);
    // A cached page still answers; everything else goes on.
    expect((await hApi.get('/gif/search?q=cats&limit=3', user.token)).status).toBe(200);
    expect((await hApi.get('/gif/favorites', user.token)).status).toBe(200);
  });
});
