import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTooLargeText, TEXT, type Attachment, type Message } from '@hearth/protocol';
import { expireUnsentUploads, removeDeletedFiles } from '../src/uploads/file-deletions.js';
import type { Person } from './client.js';
import { admin, api, live, server, serverForFile } from './test-server.js';

const MAX_BYTES = 300 * 1024;

let alice: Person;
let bob: Person;
let groupId: number;
let channelId: number;

serverForFile({ config: { uploadMaxBytes: MAX_BYTES } });
beforeAll(async () => {
  alice = await api.person('alice');
  bob = await api.person('bob');
  groupId = (await api.post('/group', { name: 'Uploads' }, admin.token)).body.id;
  channelId = (await api.post('/channel', { name: 'files', group_id: groupId }, admin.token)).body.id;
});

const png = (width: number, height: number, hue = 0) =>
  sharp({ create: { width, height, channels: 3, background: { r: hue, g: 120, b: 200 } } })
    .png()
    .toBuffer();

async function upload(
  token: string,
  bytes: Buffer | string,
  filename: string,
  declaredType = 'application/octet-stream',
  query = '',
): Promise<{ status: number; body: any; headers: Headers }> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type: declaredType }),
    filename,
  );
  const res = await fetch(`${server.url}/api/upload/attachment${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const uploaded = async (token: string, bytes: Buffer | string, filename: string, declared?: string) => {
  const res = await upload(token, bytes, filename, declared);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.attachment as Attachment;
};

const fetchFile = (url: string, headers: Record<string, string> = {}) => fetch(`${server.url}${url}`, { headers });

const storageUsed = async (userId: number) =>
  (await server.ctx.db.query<{ n: number }>('SELECT storage_used_bytes AS n FROM users WHERE id = $1', [userId]))
    .rows[0]!.n;

async function storedFiles(): Promise<string[]> {
  const root = path.join(server.ctx.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

describe('uploading', () => {
  it('stores a picture with its size and a preview, both served inline with safe headers', async () => {
    const bytes = await png(1200, 800);
    const before = await storageUsed(alice.id);
    const a = await uploaded(alice.token, bytes, 'holiday photo.png', 'image/png');
    expect(a).toMatchObject({
      attachment_type: 'image',
      content_type: 'image/png',
      original_filename: 'holiday photo.png',
      filename: 'holiday_photo.png',
      width: 1200,
      height: 800,
      file_size: bytes.length,
      user_id: alice.id,
      is_sensitive: false,
    });
    expect(await storageUsed(alice.id)).toBe(before + bytes.length);

    const file = await fetchFile(a.file_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);

    const preview = await fetchFile(a.preview_url!);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(800);
    expect(meta.width! / meta.height!).toBeCloseTo(1.5, 1);
  });

  it('reads the type from the bytes: HTML named .png and declared image/png is a download', async () => {
    const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
    const a = await uploaded(alice.token, html, 'cute-cat.png', 'image/png');
    expect(a).toMatchObject({ attachment_type: 'other', content_type: 'application/octet-stream', preview_url: null });
    const file = await fetchFile(a.file_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="cute-cat.png"/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await file.text()).toBe(html);
  });

  it('serves SVG (which can carry script) as a download, never inline', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>';
    const a = await uploaded(alice.token, svg, 'logo.svg', 'image/svg+xml');
    expect(a.attachment_type).toBe('other');
    const file = await fetchFile(a.file_url);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('keeps a picture that does not decode as a plain file', async () => {
    const broken = Buffer.concat([(await png(50, 50)).subarray(0, 60), Buffer.alloc(200, 7)]);
    const a = await uploaded(alice.token, broken, 'broken.png', 'image/png');
    expect(a).toMatchObject({ attachment_type: 'other', width: null, height: null, preview_url: null });
  });

  it('refuses a file over the size limit with 413, keeps nothing of it and counts nothing', async () => {
    const filesBefore = await storedFiles();
    const before = await storageUsed(bob.id);
    const res = await upload(bob.token, Buffer.alloc(MAX_BYTES + 1, 1), 'big.bin');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: fileTooLargeText(MAX_BYTES) });
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await storageUsed(bob.id)).toBe(before);
    // Exactly at the limit is fine.
    expect((await upload(bob.token, Buffer.alloc(MAX_BYTES, 1), 'exact.bin')).status).toBe(201);
  });

  it('answers a body that is not multipart with 415', async () => {
    const notMultipart = await api.post('/upload/attachment', { file: 'x' }, alice.token);
    expect(notMultipart.status).toBe(415);
    expect(notMultipart.body).toEqual({ detail: TEXT.uploadNotMultipart });
  });

  it('answers a file in another field with 400', async () => {
    const form = new FormData();
    form.append('other', new Blob(['x']), 'x.txt');
    const wrongField = await fetch(`${server.url}/api/upload/attachment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}` },
      body: form,
    });
    expect(wrongField.status).toBe(400);
    expect(await wrongField.json()).toEqual({ detail: TEXT.uploadNoFile });
  });

  it('answers an empty file with 400 and no token with 401', async () => {
    expect((await upload(alice.token, '', 'empty.txt')).body).toEqual({ detail: TEXT.uploadEmpty });
    expect((await upload('', 'x', 'x.txt')).status).toBe(401);
  });

  it('checks can_upload in the channel named beforehand', async () => {
    await api.put(
      `/admin/groups/${groupId}/permissions/${bob.id}`,
      { permissions: { can_upload: false } },
      admin.token,
    );
    try {
      const res = await upload(bob.token, 'hello', 'a.txt', 'text/plain', `?channel_id=${channelId}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: TEXT.noUploadPermission });
      // Sending an upload made elsewhere is refused too.
      const a = await uploaded(bob.token, 'hello', 'a.txt');
      const send = await api.post(
        '/message',
        { channel_id: channelId, content: '', attachment_ids: [a.id] },
        bob.token,
      );
      expect(send.status).toBe(403);
      expect(send.body).toEqual({ detail: TEXT.noUploadPermission });
    } finally {
      await api.put(
        `/admin/groups/${groupId}/permissions/${bob.id}`,
        { permissions: { can_upload: true } },
        admin.token,
      );
    }
  });
});

describe('file addresses', () => {
  it('refuse a changed signature, another file with the same signature, and an expired address', async () => {
    const a = await uploaded(alice.token, await png(40, 40), 'a.png');
    const b = await uploaded(alice.token, await png(40, 40, 90), 'b.png');
    const tampered = a.file_url.replace(/signature=./, (m) => m.slice(0, -1) + (m.endsWith('A') ? 'B' : 'A'));
    expect((await fetchFile(tampered)).status).toBe(403);
    expect((await fetchFile(a.file_url.replace(`/${a.id}/`, `/${b.id}/`))).status).toBe(403);
    const asPreview = a.file_url.replace('/file/', '/preview/');
    expect((await fetchFile(asPreview)).status).toBe(403);

    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = server.ctx.files.url(a.id, 'file', a.filename, (past - server.ctx.files.ttlSec) * 1000 - 3_600_000);
    const res = await fetchFile(expired);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: TEXT.fileLinkInvalid });
  });

  it('answer a byte range with 206', async () => {
    const a = await uploaded(alice.token, '0123456789abcdef', 'digits.txt');
    const res = await fetchFile(a.file_url, { range: 'bytes=4-7' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 4-7/16');
    expect(await res.text()).toBe('4567');
    expect((await fetchFile(a.file_url, { range: 'bytes=99-' })).status).toBe(416);
  });
});

describe('sending attachments', () => {
  const send = (token: string, body: Record<string, unknown>) =>
    api.post('/message', { channel_id: channelId, content: '', ...body }, token);

  it('sends uploads in the given order, marks the sensitive ones, and lists them in history and live', async () => {
    const watcher = await live(bob);

    const [x, y, z] = await Promise.all([
      uploaded(alice.token, await png(30, 20, 10), 'x.png'),
      uploaded(alice.token, await png(20, 30, 50), 'y.png'),
      uploaded(alice.token, 'notes', 'z.txt'),
    ]);
    const res = await send(alice.token, { attachment_ids: [z.id, x.id, y.id], sensitive_attachment_ids: [x.id] });
    expect(res.status).toBe(201);
    expect(res.body.content).toBe('');
    expect(res.body.attachment_ids).toEqual([z.id, x.id, y.id]);
    expect(res.body.sensitive_attachment_ids).toEqual([x.id]);
    expect(res.body.attachments.map((a: Attachment) => [a.original_filename, a.is_sensitive])).toEqual([
      ['z.txt', false],
      ['x.png', true],
      ['y.png', false],
    ]);

    const event = await watcher.waitFor((f) => f.type === 'message' && f.data.id === res.body.id);
    expect(event.data.attachment_ids).toEqual([z.id, x.id, y.id]);
    expect(event.data.attachments[1]).toMatchObject({ id: x.id, width: 30, height: 20, is_sensitive: true });

    const page = (await api.get<Message[]>(`/message?channel_id=${channelId}&limit=5`, bob.token)).body;
    const stored = page.find((m) => m.id === res.body.id)!;
    expect(stored.attachment_ids).toEqual([z.id, x.id, y.id]);
    expect(stored.sensitive_attachment_ids).toEqual([x.id]);
    // The reader can fetch what the page names.
    expect((await fetchFile(stored.attachments[1]!.preview_url!)).status).toBe(200);
  });

  it('refuses a 16th attachment, someone else’s upload, one already sent, repeats and stray sensitive ids', async () => {
    const mine = await Promise.all(Array.from({ length: 16 }, (_, i) => uploaded(alice.token, `f${i}`, `f${i}.txt`)));
    const ids = mine.map((a) => a.id);
    const sixteen = await send(alice.token, { attachment_ids: ids });
    expect(sixteen.status).toBe(400);
    expect(sixteen.body.detail).toMatch(/15/);

    const bobs = await uploaded(bob.token, 'bob', 'bob.txt');
    const foreign = await send(alice.token, { attachment_ids: [ids[0], bobs.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ detail: TEXT.attachmentsNotYours });

    expect((await send(alice.token, { attachment_ids: [ids[0], ids[0]] })).body).toEqual({
      detail: TEXT.attachmentsDuplicate,
    });
    expect((await send(alice.token, { attachment_ids: [ids[0]], sensitive_attachment_ids: [ids[1]] })).body).toEqual({
      detail: TEXT.sensitiveNotAttached,
    });
    expect((await send(alice.token, {})).body).toEqual({ detail: TEXT.messageEmpty });

    expect((await send(alice.token, { attachment_ids: ids.slice(0, 15) })).status).toBe(201);
    const again = await send(alice.token, { attachment_ids: [ids[0]] });
    expect(again.body).toEqual({ detail: TEXT.attachmentsNotYours });
  });

  it('lets two sends race for one upload: exactly one gets it', async () => {
    const a = await uploaded(alice.token, 'contested', 'c.txt');
    const results = await Promise.all([
      send(alice.token, { attachment_ids: [a.id] }),
      send(alice.token, { attachment_ids: [a.id] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
  });

  it('sends attachments over the live connection as well', async () => {
    const a = await uploaded(alice.token, await png(10, 10), 'live.png');
    const c = await live(alice);
    c.send({ type: 'message', channel_id: channelId, content: '', nonce: 'live-att', attachment_ids: [a.id] });
    const echo = await c.waitFor((f) => f.type === 'message' && f.data.nonce === 'live-att');
    expect(echo.data.attachments.map((x: Attachment) => x.id)).toEqual([a.id]);
  });
});

describe('deleting', () => {
  it('lets the uploader delete an unsent upload, with its files and its bytes', async () => {
    const bytes = await png(300, 200);
    const before = await storageUsed(alice.id);
    const filesBefore = (await storedFiles()).length;
    const a = await uploaded(alice.token, bytes, 'gone.png');
    expect(await storageUsed(alice.id)).toBe(before + bytes.length);
    expect((await api.delete(`/upload/attachment/${a.id}`, bob.token)).status).toBe(404);
    expect((await api.delete(`/upload/attachment/${a.id}`, alice.token)).status).toBe(204);
    expect(await storageUsed(alice.id)).toBe(before);
    expect((await fetchFile(a.file_url)).status).toBe(404);
    await removeDeletedFiles(server.ctx);
    const left = await server.ctx.db.query('SELECT count(*)::int AS n FROM file_deletions');
    expect(left.rows[0].n).toBe(0);
    expect((await storedFiles()).length).toBe(filesBefore);
  });

  it('refuses to delete an upload once sent (409)', async () => {
    const a = await uploaded(alice.token, 'sent', 's.txt');
    await api.post('/message', { channel_id: channelId, content: 'with file', attachment_ids: [a.id] }, alice.token);
    const res = await api.delete(`/upload/attachment/${a.id}`, alice.token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: TEXT.attachmentAlreadySent });
  });

  it('removes the files of a deleted message and of an admin-removed one', async () => {
    const before = await storageUsed(alice.id);
    const filesBefore = (await storedFiles()).length;
    const a = await uploaded(alice.token, await png(64, 64), 'p.png');
    const b = await uploaded(alice.token, 'text file', 'b.txt');
    expect((await storedFiles()).length).toBe(filesBefore + 3); // a, its preview, b
    const m1 = (
      await api.post('/message', { channel_id: channelId, content: 'one', attachment_ids: [a.id] }, alice.token)
    ).body.id;
    const m2 = (
      await api.post('/message', { channel_id: channelId, content: 'two', attachment_ids: [b.id] }, alice.token)
    ).body.id;
    expect((await api.delete(`/message/${m1}`, alice.token)).status).toBe(200);
    const removed = await api.delete(`/message/${m2}`, admin.token);
    expect(removed.body.message.attachments).toEqual([]);
    await removeDeletedFiles(server.ctx);
    expect((await storedFiles()).length).toBe(filesBefore);
    expect(await storageUsed(alice.id)).toBe(before);
    expect((await fetchFile(a.file_url)).status).toBe(404);
  });

  it('expires uploads never sent', async () => {
    const a = await uploaded(bob.token, 'forgotten', 'f.txt');
    const before = await storageUsed(bob.id);
    await server.ctx.db.query(`UPDATE attachments SET created_at = now() - interval '2 days' WHERE id = $1`, [a.id]);
    expect(await expireUnsentUploads(server.ctx)).toBeGreaterThanOrEqual(1);
    expect(await storageUsed(bob.id)).toBe(before - 'forgotten'.length);
    expect((await fetchFile(a.file_url)).status).toBe(404);
  });
});
