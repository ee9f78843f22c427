/**
 * A server with STORAGE_BACKEND=s3 (the test run's throwaway S3 server): attachments, pictures,
 * custom emoji and GIFs go into the bucket and are served from it, with ranges; deleted files leave
 * it; a backup of such a deployment restores into a new database and a new, empty bucket.
 */
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Attachment, Message } from '@hearth/protocol';
import type { RunningApp } from '../src/app.js';
import { restoreBackup } from '../src/backup/restore-backup.js';
import { takeBackup } from '../src/backup/take-backup.js';
import { loadConfig } from '../src/config.js';
import { openStorage, type OpenedStorage } from '../src/storage/create-storage.js';
import type { FileStorage } from '../src/storage/file-storage.js';
import { startThrowawayS3, type ThrowawayS3 } from '../src/testing/s3-server.js';
import { s3Client } from '../src/storage/s3.js';
import { removeDeletedFiles } from '../src/uploads/file-deletions.js';
import { Api, type Person } from './client.js';
import { createTestDatabase, startTestServer } from './harness.js';
import { runOpsCommand } from './support/backup-commands.js';

let s3: ThrowawayS3;
let server: RunningApp;
let api: Api;
let admin: Person;
let folder: string;
const closing: (() => Promise<unknown>)[] = [];

const MAX_UPLOAD = 8 * 1024 * 1024;
const s3Settings = (bucket: ThrowawayS3) => loadConfig(bucket.env).storage;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'hearth-s3-test-'));
  s3 = await startThrowawayS3();
  closing.push(() => s3.stop());
  // Over one S3 part (5 MB), so a refused upload has sent parts before it is refused.
  server = await startTestServer({ storage: s3Settings(s3), uploadMaxBytes: MAX_UPLOAD });
  closing.push(() => server.close());
  api = new Api(server.url);
  admin = await api.person('admin');
});
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await rm(folder, { recursive: true, force: true });
});

const png = (width: number, height: number, r = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 16, height: 8, channels: 3, background: '#884422' } })
    .gif()
    .toBuffer();

function form(bytes: Buffer, name: string, type: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return body;
}

const fetchAt = (base: string, url: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, { headers });
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** The keys in the bucket, read with a client of its own (not the server's). */
async function bucketKeys(bucket: ThrowawayS3): Promise<string[]> {
  const opened: OpenedStorage = await openStorage({ storage: s3Settings(bucket), dataDir: folder });
  try {
    const keys: string[] = [];
    for await (const key of opened.storage.list()) keys.push(key);
    return keys.sort();
  } finally {
    opened.close();
  }
}

async function channel(name: string): Promise<number> {
  const groupId = (await api.post('/group', { name }, admin.token)).body.id as number;
  return (await api.post('/channel', { name: 'files', group_id: groupId }, admin.token)).body.id as number;
}

const binary = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31) % 251));

describe('a server storing its files in S3', () => {
  it('stores an attachment in the bucket and serves it whole, in ranges and to HEAD', async () => {
    const channelId = await channel('Attachments in S3');
    const up = await api.post('/upload/attachment', form(binary, 'data.bin', 'application/octet-stream'), admin.token);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const a = up.body.attachment as Attachment;
    const sent = await api.post(
      '/message',
      { channel_id: channelId, content: 'in S3', attachment_ids: [a.id] },
      admin.token,
    );
    expect(sent.status).toBe(201);
    const { rows } = await server.ctx.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM attachments WHERE id = $1',
      [a.id],
    );
    expect(await bucketKeys(s3)).toContain(rows[0]!.storage_key);
    // Nothing is written to the data folder's files.
    expect(server.ctx.storage.localPath(rows[0]!.storage_key)).toBeNull();

    const whole = await fetchAt(server.url, a.file_url);
    expect(whole.status).toBe(200);
    expect((await bytesOf(whole)).equals(binary)).toBe(true);
    const part = await fetchAt(server.url, a.file_url, { range: 'bytes=1000-1999' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${binary.length}`);
    expect((await bytesOf(part)).equals(binary.subarray(1000, 2000))).toBe(true);
    const first = await fetchAt(server.url, a.file_url, { range: 'bytes=0-0' });
    expect((await bytesOf(first)).equals(binary.subarray(0, 1))).toBe(true);
    const tail = await fetchAt(server.url, a.file_url, { range: 'bytes=-10' });
    expect(tail.headers.get('content-range')).toBe(`bytes ${binary.length - 10}-${binary.length - 1}/${binary.length}`);
    expect((await bytesOf(tail)).equals(binary.subarray(-10))).toBe(true);
    const head = await fetch(`${server.url}${a.file_url}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(binary.length)]);
  });

  it('answers 404 for an attachment removed from the bucket between its size and its read', async () => {
    const up = await api.post('/upload/attachment', form(binary, 'racy.bin', 'application/octet-stream'), admin.token);
    const a = up.body.attachment as Attachment;
    const { rows } = await server.ctx.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM attachments WHERE id = $1',
      [a.id],
    );
    const storage = server.ctx.storage;
    const read = storage.get.bind(storage);
    // The deletion queue removes the object in that moment.
    const gets = vi.spyOn(storage, 'get').mockImplementationOnce(async (key, range) => {
      await storage.delete(rows[0]!.storage_key);
      return read(key, range);
    });
    try {
      const res = await fetchAt(server.url, a.file_url);
      expect([res.status, await res.json()]).toEqual([404, { detail: 'Attachment not found' }]);
    } finally {
      gets.mockRestore();
    }
  });

  it('refuses an upload over the size limit with 413, leaving nothing in the bucket', async () => {
    const before = await bucketKeys(s3);
    const tooBig = Buffer.alloc(MAX_UPLOAD + 1024 * 1024, 7);
    const res = await api.post('/upload/attachment', form(tooBig, 'big.bin', 'application/octet-stream'), admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(await bucketKeys(s3)).toEqual(before);
  });

  it('measures an image attachment read back from the bucket and makes its preview', async () => {
    const up = await api.post('/upload/attachment', form(await png(1200, 800), 'photo.png', 'image/png'), admin.token);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const a = up.body.attachment as Attachment;
    expect(a).toMatchObject({ attachment_type: 'image', width: 1200, height: 800 });
    const preview = await fetchAt(server.url, a.preview_url!);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(await bytesOf(preview)).metadata();
    expect([meta.width, meta.height]).toEqual([800, 533]);
  });

  it('stores and serves a profile picture, a custom emoji and a GIF', async () => {
    const picture = await api.post(
      '/upload/profile-image',
      form(await png(600, 600), 'me.png', 'image/png'),
      admin.token,
    );
    expect(picture.status, JSON.stringify(picture.body)).toBe(200);
    const served = await fetchAt(server.url, picture.body.image_url as string);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await sharp(await bytesOf(served)).metadata()).width).toBe(512);

    const emoji = await api.post(
      '/emoji/emojis',
      form(await png(24, 24, 200), 'e.png', 'image/png', { name: 'in_s3' }),
      admin.token,
    );
    expect(emoji.status, JSON.stringify(emoji.body)).toBe(201);
    const emojiServed = await fetchAt(server.url, emoji.body.url as string);
    expect(emojiServed.status).toBe(200);
    expect((await sharp(await bytesOf(emojiServed)).metadata()).width).toBe(24);

    const gifBytes = await gif();
    const up = await api.post('/gif/upload', form(gifBytes, 'g.gif', 'image/gif', { name: 'in_s3' }), admin.token);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const gifServed = await fetchAt(server.url, up.body.file_url as string);
    expect([gifServed.status, gifServed.headers.get('content-type')]).toEqual([200, 'image/gif']);
    expect((await bytesOf(gifServed)).equals(gifBytes)).toBe(true);
  });

  it('answers HEAD of a picture, a banner, an emoji, a GIF and a group icon with its length, reading nothing', async () => {
    const picture = await api.post(
      '/upload/profile-image',
      form(await png(64, 64), 'me.png', 'image/png'),
      admin.token,
    );
    const banner = await api.post(
      '/upload/profile-banner',
      form(await png(300, 100), 'b.png', 'image/png'),
      admin.token,
    );
    const emoji = await api.post(
      '/emoji/emojis',
      form(await png(24, 24, 90), 'e.png', 'image/png', { name: 'head_s3' }),
      admin.token,
    );
    const gifUp = await api.post(
      '/gif/upload',
      form(await gif(), 'g.gif', 'image/gif', { name: 'head_s3' }),
      admin.token,
    );
    const groupId = (await api.post('/group', { name: 'Icon in S3' }, admin.token)).body.id as number;
    const icon = await api.post(
      `/group/${groupId}/upload-icon`,
      form(await png(80, 80), 'i.png', 'image/png'),
      admin.token,
    );
    const addresses = [
      picture.body.image_url,
      banner.body.banner_url,
      emoji.body.url,
      gifUp.body.file_url,
      icon.body.icon_url,
    ] as string[];
    expect(
      addresses.every((a) => typeof a === 'string' && a.startsWith('/')),
      JSON.stringify(addresses),
    ).toBe(true);

    const gets = vi.spyOn(server.ctx.storage, 'get');
    try {
      for (const address of addresses) {
        const whole = await fetchAt(server.url, address);
        expect(whole.status, address).toBe(200);
        const length = (await bytesOf(whole)).length;
        gets.mockClear();
        const head = await fetch(`${server.url}${address}`, { method: 'HEAD' });
        expect([head.status, head.headers.get('content-length')], address).toEqual([200, String(length)]);
        expect(head.headers.get('content-type'), address).toBe(whole.headers.get('content-type'));
        expect(gets, address).not.toHaveBeenCalled();
      }
    } finally {
      gets.mockRestore();
    }
    const gone = `${addresses[0]!.replace(/[^/]+$/, '')}${'0'.repeat(32)}.webp`;
    const missing = await fetch(`${server.url}${gone}`, { method: 'HEAD' });
    expect(missing.status).toBe(404);
  });

  it('removes a deleted message’s file from the bucket', async () => {
    const channelId = await channel('Deleted in S3');
    const a = (await api.post('/upload/attachment', form(binary, 'gone.bin', 'application/octet-stream'), admin.token))
      .body.attachment as Attachment;
    const { rows } = await server.ctx.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM attachments WHERE id = $1',
      [a.id],
    );
    const key = rows[0]!.storage_key;
    const m = await api.post(
      '/message',
      { channel_id: channelId, content: 'soon gone', attachment_ids: [a.id] },
      admin.token,
    );
    expect(await bucketKeys(s3)).toContain(key);
    expect((await api.delete(`/message/${(m.body as Message).id}`, admin.token)).status).toBe(200);
    await removeDeletedFiles(server.ctx);
    expect(await bucketKeys(s3)).not.toContain(key);
    expect((await fetchAt(server.url, a.file_url)).status).toBe(404);
  });

  it('backs up the database and the bucket, and restores them into a new database and an empty bucket', async () => {
    const channelId = await channel('Backed up from S3');
    const a = (await api.post('/upload/attachment', form(binary, 'kept.bin', 'application/octet-stream'), admin.token))
      .body.attachment as Attachment;
    await api.post('/message', { channel_id: channelId, content: 'kept in S3', attachment_ids: [a.id] }, admin.token);
    await removeDeletedFiles(server.ctx);
    const stored = await bucketKeys(s3);

    const archive = path.join(folder, 's3.tar.gz');
    const backup = await takeBackup({
      databaseUrl: server.ctx.config.databaseUrl!,
      storage: server.ctx.storage,
      out: archive,
      hearthVersion: 'test',
    });
    expect(backup.files).toBe(stored.length);

    // A bucket that holds anything is refused before anything is written.
    const used = await startThrowawayS3();
    closing.push(() => used.stop());
    const usedFiles = await openStorage({ storage: s3Settings(used), dataDir: folder });
    await usedFiles.storage.put('other/file', Readable.from([Buffer.from('not ours')]));
    await expect(
      restoreBackup({
        archive,
        dataDir: path.join(folder, 'refused'),
        databaseUrl: await createTestDatabase(),
        remoteFiles: usedFiles.storage,
      }),
    ).rejects.toThrow(/The S3 bucket is not empty/);
    usedFiles.close();

    const fresh = await startThrowawayS3();
    closing.push(() => fresh.stop());
    const target = await openStorage({ storage: s3Settings(fresh), dataDir: folder });
    const databaseUrl = await createTestDatabase();
    const dataDir = path.join(folder, 'restored');
    await restoreBackup({ archive, dataDir, databaseUrl, remoteFiles: target.storage });
    target.close();
    expect(await bucketKeys(fresh)).toEqual(stored);

    // A server on the restored database and bucket serves the file byte for byte.
    const restored = await startTestServer({ databaseUrl, dataDir, storage: s3Settings(fresh) });
    closing.push(() => restored.close());
    const back = new Api(restored.url);
    const login = await back.post('/auth/login', { username: admin.username, password: 'secret1' });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const history = (await back.get(`/message?channel_id=${channelId}`, login.body.access_token as string))
      .body as Message[];
    const kept = history.find((m) => m.content === 'kept in S3')!;
    expect((await bytesOf(await fetchAt(restored.url, kept.attachments[0]!.file_url))).equals(binary)).toBe(true);
  });

  it('says a failed restore left files in a bucket it could not empty again, and why it failed', async () => {
    for (const name of ['one.bin', 'two.bin'])
      await api.post('/upload/attachment', form(binary, name, 'application/octet-stream'), admin.token);
    const archive = path.join(folder, 'lost-bucket.tar.gz');
    const backup = await takeBackup({
      databaseUrl: server.ctx.config.databaseUrl!,
      storage: server.ctx.storage,
      out: archive,
      hearthVersion: 'test',
    });
    expect(backup.files).toBeGreaterThanOrEqual(2);
    const lost = await startThrowawayS3();
    closing.push(() => lost.stop());
    const target = await openStorage({ storage: s3Settings(lost), dataDir: folder });
    // The bucket goes out of reach once the first file is in: the next put fails, and so does emptying it.
    const goesAway: FileStorage = Object.assign(Object.create(target.storage) as FileStorage, {
      put: async (key: string, source: Readable) => {
        const size = await target.storage.put(key, source);
        await lost.stop();
        return size;
      },
    });
    try {
      const failure = await restoreBackup({
        archive,
        dataDir: path.join(folder, 'restore-lost-bucket'),
        databaseUrl: await createTestDatabase(),
        remoteFiles: goesAway,
      }).then(
        () => null,
        (err: unknown) => err as Error,
      );
      expect(failure?.message).toMatch(
        /^The file storage could not be reached: .* The S3 bucket could not be emptied again \(The file storage could not be reached: .*\): empty it before running the restore again\.$/,
      );
    } finally {
      target.close();
    }
  });

  it('backs up and restores with npm run backup and npm run restore and the S3 settings', async () => {
    const stored = await bucketKeys(s3);
    const archive = path.join(folder, 'by-command.tar.gz');
    const backup = await runOpsCommand('backup', ['--out', archive], {
      ...s3.env,
      DATA_DIR: server.ctx.config.dataDir,
      DATABASE_URL: server.ctx.config.databaseUrl!,
    });
    expect(backup.output).toMatch(new RegExp(`^Backup written to .*, ${stored.length} stored files\\)`));
    expect(backup.code).toBe(0);

    const fresh = await startThrowawayS3();
    closing.push(() => fresh.stop());
    const restore = await runOpsCommand('restore', [archive], {
      ...fresh.env,
      DATA_DIR: path.join(folder, 'restored-by-command'),
      DATABASE_URL: await createTestDatabase(),
    });
    expect(restore.output).toMatch(/^Restored .* and the database of DATABASE_URL and the S3 bucket: /);
    expect(restore.code).toBe(0);
    expect(await bucketKeys(fresh)).toEqual(stored);
  });

  it('backs up a bucket that also holds objects the server did not make, leaving them out', async () => {
    const ours = await bucketKeys(s3);
    const settings = s3Settings(s3);
    if (settings.backend !== 's3') throw new Error('the test bucket is S3');
    const client = s3Client(settings);
    const bucket = s3.env.S3_BUCKET!;
    // What a storage console leaves beside the files: a folder marker, and a file put there by hand.
    const foreign = ['Photos/', 'Photos/Holiday 2026.JPG'];
    try {
      for (const key of foreign) await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'x' }));
      const backup = await takeBackup({
        databaseUrl: server.ctx.config.databaseUrl!,
        storage: server.ctx.storage,
        out: path.join(folder, 'beside-others.tar.gz'),
        hearthVersion: 'test',
      });
      expect(backup.files).toBe(ours.length);
    } finally {
      for (const key of foreign) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      client.destroy();
    }
  });
});
