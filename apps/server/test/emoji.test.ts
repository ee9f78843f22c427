import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOM_EMOJI_MAX_BYTES,
  CUSTOM_EMOJI_PER_USER_MAX,
  EMOJI_TEXT,
  TEXT,
  type CustomEmoji,
} from '@hearth/protocol';
import { removeDeletedFiles } from '../src/uploads/file-deletions.js';
import { Api, LiveClient, uniqueName } from './client.js';
import { startTestServer, storageUsed as storageUsedBy } from './harness.js';
import { admin, api, server, serverForFile } from './test-server.js';

let channelId: number;

serverForFile();
beforeAll(async () => {
  const group = (await api.post('/group', { name: 'Emoji' }, admin.token)).body.id;
  channelId = (await api.post('/channel', { name: 'chat', group_id: group }, admin.token)).body.id;
});

const png = (width: number, height: number, hue = 40) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: hue, b: 40, alpha: 1 } } })
    .png()
    .toBuffer();

/** An animated GIF of three coloured frames. */
async function animatedGif(width: number, height: number): Promise<Buffer> {
  const frames = await Promise.all(
    ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
      sharp({ create: { width, height, channels: 4, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: [100, 100, 100], loop: 0 })
    .toBuffer();
}

interface FilePart {
  bytes: Buffer | string;
  filename?: string;
  type?: string;
}

let nameCounter = 0;
const freshName = () => `e_${process.pid % 1000}_${++nameCounter}`;

/** Uploads as the settings tab does: multipart with file, name, is_public, is_nsfw (text booleans). */
async function upload(
  token: string,
  file: FilePart | null,
  fields: Record<string, string> = { name: freshName() },
  fileFirst = true,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  const addFile = () => {
    if (!file) return;
    const bytes = typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes);
    form.append('file', new Blob([bytes], { type: file.type ?? 'image/png' }), file.filename ?? 'emoji.png');
  };
  if (fileFirst) addFile();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (!fileFirst) addFile();
  return api.post('/emoji/emojis', form, token);
}

async function uploaded(token: string, file: FilePart, fields: Record<string, string> = {}): Promise<CustomEmoji> {
  const res = await upload(token, file, { name: freshName(), ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as CustomEmoji;
}

const refused = (res: { status: number; body: any }) => [res.status, res.body?.detail];

const storageUsed = (userId: number) => storageUsedBy(server, userId);
const emojiBytes = async (userId: number) =>
  Number(
    (
      await server.ctx.db.query<{ n: string }>(
        'SELECT coalesce(sum(file_size), 0) AS n FROM custom_emojis WHERE user_id = $1',
        [userId],
      )
    ).rows[0]!.n,
  );

async function storedEmojiFiles(): Promise<string[]> {
  const root = path.join(server.ctx.config.dataDir, 'files', 'emoji');
  return (await readdir(root).catch(() => [])).filter((name) => !name.startsWith('.'));
}

const list = async (token: string, query = '') => {
  const res = await api.get(`/emoji/emojis${query}`, token);
  expect(res.status).toBe(200);
  return res.body as CustomEmoji[];
};

describe('uploading', () => {
  it('answers 201 with the emoji, re-encoded, served with safe headers and counted in storage', async () => {
    const a = await api.person('a');
    const emoji = await uploaded(a.token, { bytes: await png(64, 48) }, { name: '  Party_1  ', is_public: 'true' });
    expect(emoji).toEqual({
      id: expect.any(Number),
      name: 'Party_1',
      url: expect.stringMatching(/^\/api\/emoji\/images\/[0-9a-f]{32}\.webp$/),
      file_url: emoji.url,
      is_public: true,
      is_nsfw: false,
      width: 64,
      height: 48,
      user_id: a.id,
      created_at: expect.any(String),
    });
    const served = await fetch(`${server.url}${emoji.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48]);

    expect(await storageUsed(a.id)).toBe(await emojiBytes(a.id));
    expect(await storageUsed(a.id)).toBeGreaterThan(0);
    // Flags: the text true (any case), and left out or false is false.
    const nsfw = await uploaded(a.token, { bytes: await png(8, 8) }, { is_nsfw: 'TRUE', is_public: 'false' });
    expect([nsfw.is_public, nsfw.is_nsfw]).toEqual([false, true]);
    expect(refused(await upload(a.token, { bytes: await png(8, 8) }, { name: freshName(), is_nsfw: 'yes' }))).toEqual([
      400,
      EMOJI_TEXT.badFlag,
    ]);
    expect(await storageUsed(a.id)).toBe(await emojiBytes(a.id));
  });

  it('reads the fields in whatever order they come, and needs a multipart file', async () => {
    const a = await api.person('a');
    const res = await upload(a.token, { bytes: await png(8, 8) }, { name: 'after_fields' }, false);
    expect([res.status, res.body.name]).toEqual([201, 'after_fields']);
    expect(refused(await upload(a.token, null, { name: 'nofile' }))).toEqual([400, TEXT.uploadNoFile]);
    expect(refused(await upload(a.token, { bytes: '' }, { name: 'empty' }))).toEqual([400, TEXT.uploadEmpty]);
    expect((await api.post('/emoji/emojis', { name: 'json' }, a.token)).status).toBe(415);
    expect((await api.get('/emoji/emojis')).status).toBe(401);
  });

  it('answers an unchanged list with a 304, and a changed one in full', async () => {
    const a = await api.person('a');
    await uploaded(a.token, { bytes: await png(8, 8) }, { name: 'first_one' });
    const get = (etag?: string) =>
      fetch(`${server.url}/api/emoji/emojis`, {
        headers: { authorization: `Bearer ${a.token}`, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const full = await get();
    const etag = full.headers.get('etag') ?? '';
    expect([full.status, full.headers.get('cache-control'), etag]).toEqual([
      200,
      'private, no-cache',
      expect.any(String),
    ]);
    const same = await get(etag);
    expect([same.status, await same.text()]).toEqual([304, '']);
    await uploaded(a.token, { bytes: await png(8, 8) }, { name: 'second_one' });
    const changed = await get(etag);
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { name: string }[]).map((e) => e.name)).toEqual(['first_one', 'second_one']);
  });

  it('tells the type from the bytes, never from the name or the declared type', async () => {
    const a = await api.person('a');
    // A PNG called a GIF is a PNG: not exempt from 256x256.
    const pngAsGif = { bytes: await png(300, 300), filename: 'x.gif', type: 'image/gif' };
    expect(refused(await upload(a.token, pngAsGif))).toEqual([400, EMOJI_TEXT.dimensionsTooLarge]);
    const small = await uploaded(a.token, { ...pngAsGif, bytes: await png(16, 16) });
    expect((await fetch(`${server.url}${small.url}`)).headers.get('content-type')).toBe('image/webp');
    // HTML called a PNG is refused.
    const html = { bytes: '<html><script>alert(1)</script></html>', filename: 'x.png', type: 'image/png' };
    expect(refused(await upload(a.token, html))).toEqual([400, EMOJI_TEXT.invalidType]);
    // SVG is not among the four, and a PNG signature on bytes that do not decode is no picture.
    const svg = { bytes: '<svg xmlns="http://www.w3.org/2000/svg"/>', filename: 'x.svg', type: 'image/svg+xml' };
    expect(refused(await upload(a.token, svg))).toEqual([400, EMOJI_TEXT.invalidType]);
    const broken = { bytes: (await png(50, 50)).subarray(0, 60) };
    expect(refused(await upload(a.token, broken))).toEqual([400, EMOJI_TEXT.invalidType]);
    expect(await list(a.token)).toHaveLength(1);
  });

  it('allows 5 MB and no more, without reading past the limit', async () => {
    const a = await api.person('a');
    const base = await png(16, 16);
    const sized = (n: number) => Buffer.concat([base, Buffer.alloc(n - base.length)]);
    const exact = await upload(a.token, { bytes: sized(CUSTOM_EMOJI_MAX_BYTES) });
    expect(exact.status, JSON.stringify(exact.body)).toBe(201);
    // The stored file is the re-encoding, not the padded upload.
    expect(await emojiBytes(a.id)).toBeLessThan(10_000);
    for (const size of [CUSTOM_EMOJI_MAX_BYTES + 1, 20 * 1024 * 1024])
      expect(refused(await upload(a.token, { bytes: sized(size) }))).toEqual([400, EMOJI_TEXT.tooLarge]);
  });

  it('allows 256x256 at most, except for a GIF, which stays animated', async () => {
    const a = await api.person('a');
    await uploaded(a.token, { bytes: await png(256, 256) });
    for (const [w, h] of [
      [257, 10],
      [10, 257],
    ])
      expect(refused(await upload(a.token, { bytes: await png(w!, h!) }))).toEqual([
        400,
        EMOJI_TEXT.dimensionsTooLarge,
      ]);
    // An animated WebP is held to the limit too: only GIFs are exempt.
    const webp = await sharp(await animatedGif(300, 300), { animated: true })
      .webp()
      .toBuffer();
    expect(refused(await upload(a.token, { bytes: webp, filename: 'a.webp' }))).toEqual([
      400,
      EMOJI_TEXT.dimensionsTooLarge,
    ]);

    const gif = await uploaded(a.token, {
      bytes: await animatedGif(320, 300),
      filename: 'party.gif',
      type: 'image/gif',
    });
    expect([gif.width, gif.height]).toEqual([320, 300]);
    const served = Buffer.from(await (await fetch(`${server.url}${gif.url}`)).arrayBuffer());
    const meta = await sharp(served, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.width, meta.pageHeight]).toEqual(['webp', 3, 320, 300]);
    expect(meta.delay).toEqual([100, 100, 100]);
  });

  it('checks in the spec’s order: a file that fails two checks gets the earlier text', async () => {
    const a = await api.person('a');
    const html = '<html></html>';
    const big = (bytes: Buffer) => Buffer.concat([bytes, Buffer.alloc(CUSTOM_EMOJI_MAX_BYTES)]);
    const cases: [FilePart, Record<string, string>, string][] = [
      // type before size
      [{ bytes: html + ' '.repeat(CUSTOM_EMOJI_MAX_BYTES) }, { name: 'ok' }, EMOJI_TEXT.invalidType],
      // size before dimensions
      [{ bytes: big(await png(300, 300)) }, { name: 'ok' }, EMOJI_TEXT.tooLarge],
      // dimensions before the name
      [{ bytes: await png(300, 300) }, { name: 'bad name!' }, EMOJI_TEXT.dimensionsTooLarge],
      // name required before its characters, characters before length
      [{ bytes: await png(8, 8) }, {}, EMOJI_TEXT.nameRequired],
      [{ bytes: await png(8, 8) }, { name: '   ' }, EMOJI_TEXT.nameRequired],
      [{ bytes: await png(8, 8) }, { name: `bad-${'x'.repeat(40)}` }, EMOJI_TEXT.nameChars],
      [{ bytes: await png(8, 8) }, { name: 'x'.repeat(33) }, EMOJI_TEXT.nameTooLong],
      [{ bytes: await png(8, 8) }, { name: 'émoji' }, EMOJI_TEXT.nameChars],
      [{ bytes: await png(8, 8) }, { name: 'two words' }, EMOJI_TEXT.nameChars],
    ];
    for (const [file, fields, detail] of cases)
      expect(refused(await upload(a.token, file, fields)), detail).toEqual([400, detail]);
    expect((await upload(a.token, { bytes: await png(8, 8) }, { name: 'x'.repeat(32) })).status).toBe(201);
    // The name's uniqueness comes last.
    expect(refused(await upload(a.token, { bytes: await png(300, 300) }, { name: 'X'.repeat(32) }))).toEqual([
      400,
      EMOJI_TEXT.dimensionsTooLarge,
    ]);
    expect(refused(await upload(a.token, { bytes: await png(8, 8) }, { name: 'X'.repeat(32) }))).toEqual([
      400,
      EMOJI_TEXT.nameTaken,
    ]);
    expect(await storedEmojiFiles()).toContain((await list(a.token))[0]!.url.split('/').pop());
  });

  it('refuses the 201st emoji, after the type, size and dimension checks and before the name', async () => {
    const a = await api.person('a');
    await server.ctx.db.query(
      `INSERT INTO custom_emojis (user_id, name, storage_key, content_type, file_size, width, height)
       SELECT $1::bigint, 'filler_' || i, 'emoji/filler-' || $1::bigint || '-' || i, 'image/webp', 10, 8, 8
         FROM generate_series(1, $2::int) AS i`,
      [a.id, CUSTOM_EMOJI_PER_USER_MAX - 1],
    );
    await uploaded(a.token, { bytes: await png(8, 8) }, { name: 'the_200th' });
    expect(await list(a.token)).toHaveLength(CUSTOM_EMOJI_PER_USER_MAX);
    expect(refused(await upload(a.token, { bytes: await png(8, 8) }))).toEqual([400, EMOJI_TEXT.limitReached]);
    expect(refused(await upload(a.token, { bytes: await png(8, 8) }, { name: '' }))).toEqual([
      400,
      EMOJI_TEXT.limitReached,
    ]);
    expect(refused(await upload(a.token, { bytes: '<html>' }))).toEqual([400, EMOJI_TEXT.invalidType]);
    expect(refused(await upload(a.token, { bytes: await png(300, 300) }))).toEqual([
      400,
      EMOJI_TEXT.dimensionsTooLarge,
    ]);
    // Deleting one makes room again.
    const [first] = await list(a.token);
    expect((await api.delete(`/emoji/emojis/${first!.id}`, a.token)).status).toBe(204);
    await uploaded(a.token, { bytes: await png(8, 8) });
    expect(await storageUsed(a.id)).toBe(await emojiBytes(a.id));
  });

  it('keeps names unique per owner in any case, and lets owners share a name', async () => {
    const a = await api.person('a');
    const b = await api.person('b');
    await uploaded(a.token, { bytes: await png(8, 8) }, { name: 'Wave' });
    for (const name of ['Wave', 'wave', 'WAVE'])
      expect(refused(await upload(a.token, { bytes: await png(8, 8) }, { name }))).toEqual([400, EMOJI_TEXT.nameTaken]);
    expect((await uploaded(b.token, { bytes: await png(8, 8) }, { name: 'wave' })).name).toBe('wave');

    // Uploads of one name at the same moment: one is stored, the others get the same 400, never a 500.
    const bytes = await png(8, 8);
    const results = await Promise.all([1, 2, 3, 4].map(() => upload(a.token, { bytes }, { name: 'race' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
    for (const r of results.filter((r) => r.status === 400)) expect(r.body.detail).toBe(EMOJI_TEXT.nameTaken);
    expect((await list(a.token)).map((e) => e.name)).toEqual(['race', 'Wave']);
    // Nothing of the refused uploads stays in storage or in the count.
    expect(await storageUsed(a.id)).toBe(await emojiBytes(a.id));
    const mine = new Set((await list(a.token)).map((e) => e.url.split('/').pop()));
    const files = await storedEmojiFiles();
    expect(files.filter((f) => mine.has(f))).toHaveLength(2);
  });
});

describe('listing', () => {
  it('lists one’s own sorted by name, and every public one with public=true', async () => {
    const a = await api.person('a');
    const b = await api.person('b');
    const small = { bytes: await png(8, 8) };
    const aPrivate = await uploaded(a.token, small, { name: 'zeta_a' });
    const aPublic = await uploaded(a.token, small, { name: 'Alpha_a', is_public: 'true' });
    const aThird = await uploaded(a.token, small, { name: 'beta_a', is_public: 'true', is_nsfw: 'true' });
    const bPrivate = await uploaded(b.token, small, { name: 'secret_b' });
    const bPublic = await uploaded(b.token, small, { name: 'open_b', is_public: 'true' });

    expect(await list(a.token)).toEqual([aPublic, aThird, aPrivate]);
    expect(await list(b.token, '?public=false')).toEqual([bPublic, bPrivate]);
    const everyone = await list(b.token, '?public=true');
    const ids = everyone.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([aPublic.id, aThird.id, bPublic.id]));
    expect(ids).not.toContain(aPrivate.id);
    expect(ids).not.toContain(bPrivate.id);
    const names = everyone.map((e) => e.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await api.get('/emoji/emojis?public=yes', a.token)).status).toBe(400);
  });
});

describe('changing and deleting', () => {
  it('renames with the upload’s rules, the emoji itself excluded from uniqueness', async () => {
    const a = await api.person('a');
    const emoji = await uploaded(a.token, { bytes: await png(8, 8) }, { name: 'smile' });
    await uploaded(a.token, { bytes: await png(8, 8) }, { name: 'grin' });
    const put = (body: unknown) => api.put(`/emoji/emojis/${emoji.id}`, body, a.token);

    let res = await put({ name: 'SMILE' });
    expect([res.status, res.body.name]).toEqual([200, 'SMILE']);
    for (const [name, detail] of [
      ['', EMOJI_TEXT.nameRequired],
      ['bad name', EMOJI_TEXT.nameChars],
      ['y'.repeat(33), EMOJI_TEXT.nameTooLong],
      ['Grin', EMOJI_TEXT.nameTaken],
    ])
      expect(refused(await put({ name }))).toEqual([400, detail]);
    res = await put({ is_public: true, is_nsfw: true });
    expect(res.body).toEqual({ ...emoji, name: 'SMILE', is_public: true, is_nsfw: true });
    res = await put({ is_public: false });
    expect([res.body.name, res.body.is_public, res.body.is_nsfw]).toEqual(['SMILE', false, true]);
    expect((await put({ is_public: 'true' })).status).toBe(400);
    expect((await api.put('/emoji/emojis/999999999', { name: 'x' }, a.token)).body).toEqual({
      detail: EMOJI_TEXT.notFound,
    });
  });

  it('lets only the owner or an admin change or delete: 403 for a public one, 404 for a private one', async () => {
    const owner = await api.person('owner');
    const other = await api.person('other');
    const shown = await uploaded(owner.token, { bytes: await png(8, 8) }, { is_public: 'true' });
    const hidden = await uploaded(owner.token, { bytes: await png(8, 8) });

    for (const res of [
      await api.put(`/emoji/emojis/${shown.id}`, { name: 'mine_now' }, other.token),
      await api.delete(`/emoji/emojis/${shown.id}`, other.token),
    ])
      expect(refused(res)).toEqual([403, EMOJI_TEXT.notOwn]);
    for (const res of [
      await api.put(`/emoji/emojis/${hidden.id}`, { name: 'mine_now' }, other.token),
      await api.delete(`/emoji/emojis/${hidden.id}`, other.token),
    ])
      expect(refused(res)).toEqual([404, EMOJI_TEXT.notFound]);

    // An admin may change and delete anyone's; the name stays unique among the owner's emoji.
    const renamed = await api.put(`/emoji/emojis/${hidden.id}`, { name: 'moderated', is_nsfw: true }, admin.token);
    expect(renamed.body).toMatchObject({ name: 'moderated', is_nsfw: true, user_id: owner.id });
    expect(refused(await api.put(`/emoji/emojis/${hidden.id}`, { name: shown.name }, admin.token))).toEqual([
      400,
      EMOJI_TEXT.nameTaken,
    ]);
    expect((await api.delete(`/emoji/emojis/${hidden.id}`, admin.token)).status).toBe(204);
    expect((await api.delete(`/emoji/emojis/${hidden.id}`, owner.token)).status).toBe(404);
    expect((await list(owner.token)).map((e) => e.id)).toEqual([shown.id]);
  });

  it('removes the file and gives the bytes back on delete', async () => {
    const a = await api.person('a');
    const before = await storageUsed(a.id);
    const emoji = await uploaded(a.token, { bytes: await animatedGif(120, 90), type: 'image/gif' });
    const after = await storageUsed(a.id);
    expect(after - before).toBe(await emojiBytes(a.id));
    const file = emoji.url.split('/').pop()!;
    expect(await storedEmojiFiles()).toContain(file);

    expect((await api.delete(`/emoji/emojis/${emoji.id}`, a.token)).status).toBe(204);
    await removeDeletedFiles(server.ctx);
    expect(await storageUsed(a.id)).toBe(before);
    expect(await storedEmojiFiles()).not.toContain(file);
    expect((await fetch(`${server.url}${emoji.url}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/emoji/images/..%2F..%2Fsecret`)).status).toBe(404);
  });
});

describe('reactions with custom emoji', () => {
  const send = async (token: string, content = 'hello') =>
    (await api.post('/message', { channel_id: channelId, content }, token)).body.id as number;
  const react = (token: string, messageId: number, body: unknown) =>
    api.post(`/message/${messageId}/reactions`, body, token);
  const reactionsOf = async (token: string, messageId: number) =>
    ((await api.get(`/message?channel_id=${channelId}&limit=100`, token)).body as any[]).find((m) => m.id === messageId)
      .reactions as any[];

  it('are allowed with one’s own or a public emoji, and carry its name and picture', async () => {
    const owner = await api.person('owner');
    const other = await api.person('other');
    const hidden = await uploaded(owner.token, { bytes: await png(8, 8) }, { name: 'hidden_one' });
    const shown = await uploaded(owner.token, { bytes: await png(8, 8) }, { name: 'shown_one', is_public: 'true' });
    const message = await send(other.token);

    // Someone else's private emoji is not theirs to use, and looks like one that does not exist.
    expect(refused(await react(other.token, message, { emoji_id: hidden.id }))).toEqual([404, TEXT.emojiNotFound]);
    expect(refused(await react(other.token, message, { emoji_id: 999_999_999 }))).toEqual([404, TEXT.emojiNotFound]);

    const own = await react(owner.token, message, { emoji_id: hidden.id });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({
      emoji_id: hidden.id,
      emoji_unicode: null,
      emoji_name: 'hidden_one',
      emoji_url: hidden.url,
    });
    const pub = await react(other.token, message, { emoji_id: String(shown.id) });
    expect(pub.status).toBe(201);
    expect(pub.body).toMatchObject({ emoji_id: shown.id, emoji_name: 'shown_one', emoji_url: shown.url });
    expect(refused(await react(other.token, message, { emoji_id: shown.id }))).toEqual([409, TEXT.reactionDuplicate]);
    expect(await reactionsOf(other.token, message)).toEqual([own.body, pub.body]);

    // A rename shows everywhere; the reactions go with the emoji.
    await api.put(`/emoji/emojis/${shown.id}`, { name: 'renamed' }, owner.token);
    expect((await reactionsOf(owner.token, message))[1].emoji_name).toBe('renamed');
    await api.delete(`/emoji/emojis/${shown.id}`, owner.token);
    expect(await reactionsOf(owner.token, message)).toEqual([own.body]);
    expect(refused(await react(owner.token, message, { emoji_id: shown.id }))).toEqual([404, TEXT.emojiNotFound]);
  });

  it('are renamed and dropped live: one event per emoji change, to whoever may hold it', async () => {
    const owner = await api.person('owner');
    const other = await api.person('other');
    const shown = await uploaded(owner.token, { bytes: await png(8, 8) }, { name: 'live_shown', is_public: 'true' });
    const hidden = await uploaded(owner.token, { bytes: await png(8, 8) }, { name: 'live_hidden' });
    const watching = await LiveClient.authed(server.url, other.token);
    const ownerLive = await LiveClient.authed(server.url, owner.token);
    try {
      const isAbout = (id: number, type: string) => (f: { type: string; data: any }) =>
        f.type === type && f.data.id === id;
      // A private emoji's new name goes to its owner only; a public one's to everyone.
      await api.put(`/emoji/emojis/${hidden.id}`, { name: 'live_hidden_2' }, owner.token);
      await api.put(`/emoji/emojis/${shown.id}`, { name: 'live_shown_2' }, owner.token);
      const renamed = await watching.waitFor(isAbout(shown.id, 'custom_emoji_update'));
      expect(renamed.data).toMatchObject({ id: shown.id, name: 'live_shown_2', url: shown.url });
      await ownerLive.waitFor(isAbout(hidden.id, 'custom_emoji_update'));
      expect(watching.frames.some(isAbout(hidden.id, 'custom_emoji_update'))).toBe(false);

      // Deleting tells everyone the id alone, even for a private emoji (its reactions were visible).
      await api.delete(`/emoji/emojis/${hidden.id}`, owner.token);
      const deleted = await watching.waitFor(isAbout(hidden.id, 'custom_emoji_delete'));
      expect(deleted.data).toEqual({ id: hidden.id });
    } finally {
      watching.close();
      ownerLive.close();
    }
  });

  it('follow the same rule in direct messages', async () => {
    const owner = await api.person('owner');
    const friend = await api.person('friend');
    const asked = await api.post('/friends/request', { username: friend.username }, owner.token);
    await api.post(`/friends/${asked.body.friendship_id}/accept`, undefined, friend.token);
    const dm = (
      await api.post('/dm/send', { recipient_id: friend.id, content: 'hi', nonce: uniqueName('n') }, owner.token)
    ).body.id as number;
    const hidden = await uploaded(owner.token, { bytes: await png(8, 8) });
    const shown = await uploaded(owner.token, { bytes: await png(8, 8) }, { is_public: 'true' });
    expect(refused(await api.post(`/dm/reactions/${dm}`, { emoji_id: hidden.id }, friend.token))).toEqual([
      404,
      TEXT.emojiNotFound,
    ]);
    const res = await api.post(`/dm/reactions/${dm}`, { emoji_id: shown.id }, friend.token);
    expect([res.status, res.body.emoji_name, res.body.emoji_url]).toEqual([201, shown.name, shown.url]);
  });
});

describe('rate limits', () => {
  it('counts uploads, changes and deletions against the write limit', async () => {
    const limited = await startTestServer({
      rateLimits: { ...server.ctx.config.rateLimits, writePerUser: { limit: 2, windowMs: 60_000 } },
    });
    try {
      const lapi = new Api(limited.url);
      const user = await lapi.register(uniqueName('fast'));
      const form = () => {
        const f = new FormData();
        f.append('name', freshName());
        return f;
      };
      const post = async () => {
        const body = form();
        body.append('file', new Blob([new Uint8Array(await png(8, 8))]), 'e.png');
        return (
          await fetch(`${limited.url}/api/emoji/emojis`, {
            method: 'POST',
            headers: { authorization: `Bearer ${user.token}` },
            body,
          })
        ).status;
      };
      const first = await post();
      const emoji = (await lapi.get('/emoji/emojis', user.token)).body[0];
      const statuses = [
        first,
        (await lapi.put(`/emoji/emojis/${emoji.id}`, { is_nsfw: true }, user.token)).status,
        await post(),
        (await lapi.delete(`/emoji/emojis/${emoji.id}`, user.token)).status,
      ];
      expect(statuses).toEqual([201, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
