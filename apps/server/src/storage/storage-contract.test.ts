/**
 * One contract for every FileStorage: the local disk and an S3-compatible bucket (the real AWS SDK
 * against the test run's throwaway S3 server) must behave the same to the features above them.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startThrowawayS3 } from '../testing/s3-server.js';
import type { FileStorage } from './file-storage.js';
import { LocalDiskStorage } from './local-disk.js';
import { PART_BYTES, S3Storage, s3Client } from './s3.js';

const MB = 1024 * 1024;

interface Backend {
  storage: FileStorage;
  /** Bytes of the file being put that the backend holds so far (not what sits in memory on the way). */
  storedSoFar(): Promise<number>;
  close(): Promise<void>;
}

async function localDisk(): Promise<Backend> {
  const root = await mkdtemp(path.join(tmpdir(), 'hearth-storage-'));
  return {
    storage: new LocalDiskStorage(root),
    // The file being written is the one '.partial' file there.
    storedSoFar: async () => {
      let bytes = 0;
      for (const e of await readdir(root, { recursive: true, withFileTypes: true }))
        if (e.name.endsWith('.partial')) bytes += (await stat(path.join(e.parentPath, e.name))).size;
      return bytes;
    },
    close: () => rm(root, { recursive: true, force: true }),
  };
}

/** S3, through a client that counts the parts the server has acknowledged. */
const s3Traffic = { partBytes: 0, parts: 0, aborts: 0 };

async function s3(): Promise<Backend> {
  const server = await startThrowawayS3();
  const settings = loadConfig(server.env).storage;
  if (settings.backend !== 's3') throw new Error('expected S3 settings');
  const client = s3Client(settings);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      // Sent, whether or not this server carries it out (the stand-in has no AbortMultipartUpload).
      if (context.commandName === 'AbortMultipartUploadCommand') s3Traffic.aborts++;
      const result = await next(args);
      if (context.commandName === 'UploadPartCommand') {
        s3Traffic.parts++;
        s3Traffic.partBytes += (args.input as { Body: Uint8Array }).Body.byteLength;
      }
      return result;
    },
    { step: 'initialize' },
  );
  // Two keys a page, so listing a handful of files already goes across pages.
  const storage = new S3Storage(client, settings.bucket, 2);
  return {
    storage,
    storedSoFar: async () => s3Traffic.partBytes,
    close: async () => {
      storage.destroy();
      await server.stop();
    },
  };
}

const pattern = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + 3) % 256));
const put = (storage: FileStorage, key: string, bytes: Buffer) => storage.put(key, Readable.from([bytes]));

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keys(storage: FileStorage): Promise<string[]> {
  const all: string[] = [];
  for await (const key of storage.list()) all.push(key);
  return all.sort();
}

describe.each([
  ['the local disk', localDisk],
  ['an S3-compatible bucket', s3],
])('a file storage on %s', (_name, open) => {
  let backend: Backend;
  let storage: FileStorage;
  beforeAll(async () => {
    backend = await open();
    storage = backend.storage;
  });
  afterAll(() => backend?.close());

  it('stores a file, tells its size, gives it back, lists it and deletes it', async () => {
    const bytes = pattern(70_000);
    expect(await put(storage, 'attachments/kept1', bytes)).toBe(70_000);
    expect(await storage.size('attachments/kept1')).toBe(70_000);
    expect(await read(await storage.get('attachments/kept1'))).toEqual(bytes);
    expect(await keys(storage)).toContain('attachments/kept1');
    await storage.delete('attachments/kept1');
    expect(await storage.size('attachments/kept1')).toBeNull();
    expect(await keys(storage)).not.toContain('attachments/kept1');
  });

  it('lists every file, however many', async () => {
    for (let i = 0; i < 7; i++) await put(storage, `many/file${i}`, pattern(i + 1));
    expect((await keys(storage)).filter((k) => k.startsWith('many/'))).toEqual(
      Array.from({ length: 7 }, (_, i) => `many/file${i}`),
    );
  });

  it('stores an empty file', async () => {
    expect(await storage.put('empty/one', Readable.from([]))).toBe(0);
    expect(await storage.size('empty/one')).toBe(0);
    expect(await read(await storage.get('empty/one'))).toEqual(Buffer.alloc(0));
  });

  it('gives back exactly the range asked for', async () => {
    const bytes = pattern(1000);
    await put(storage, 'ranges/file', bytes);
    expect(await read(await storage.get('ranges/file', { start: 10, end: 19 }))).toEqual(bytes.subarray(10, 20));
    expect(await read(await storage.get('ranges/file', { start: 0, end: 0 }))).toEqual(bytes.subarray(0, 1));
    expect(await read(await storage.get('ranges/file', { start: 990, end: 999 }))).toEqual(bytes.subarray(990));
  });

  it('answers a missing file: get rejects with ENOENT, size is null, delete succeeds', async () => {
    await expect(storage.get('missing/file')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await storage.size('missing/file')).toBeNull();
    await expect(storage.delete('missing/file')).resolves.toBeUndefined();
  });

  it('refuses a key the server would never make', async () => {
    await expect(put(storage, '../outside', pattern(3))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/Invalid storage key/);
  });

  it('replaces a file put again under its key', async () => {
    await put(storage, 'again/file', pattern(50));
    await put(storage, 'again/file', Buffer.from('second'));
    expect((await read(await storage.get('again/file'))).toString()).toBe('second');
  });

  it('leaves nothing under the key when the source fails after more than one part', async () => {
    const abortsBefore = s3Traffic.aborts;
    async function* failing() {
      for (let i = 0; i < 7; i++) yield Buffer.alloc(MB, i); // more than one S3 part
      throw new Error('the client went away');
    }
    await expect(storage.put('failed/upload', Readable.from(failing()))).rejects.toThrow('the client went away');
    expect(await storage.size('failed/upload')).toBeNull();
    expect(await keys(storage)).not.toContain('failed/upload');
    if (storage instanceof S3Storage) expect(s3Traffic.aborts).toBe(abortsBefore + 1); // the parts are dropped
  });

  it('streams a 25 MB file in, holding no more than a few parts of it at a time', async () => {
    const total = 25 * MB;
    const step = 64 * 1024;
    const before = await backend.storedSoFar();
    const partsBefore = s3Traffic.parts;
    let pulled = 0;
    let aheadMost = 0;
    const sent = createHash('sha256');
    async function* source() {
      for (let i = 0; pulled < total; i++) {
        // How far the reading of the source is ahead of what the storage holds: a storage that
        // gathered the file in memory before writing it would be 25 MB ahead at the end.
        if (pulled % (512 * 1024) === 0)
          aheadMost = Math.max(aheadMost, pulled - ((await backend.storedSoFar()) - before));
        const chunk = Buffer.alloc(step, i % 251);
        sent.update(chunk);
        pulled += step;
        yield chunk;
      }
    }
    const size = await storage.put('big/file', Readable.from(source(), { objectMode: false, highWaterMark: step }));
    expect(size).toBe(total);
    expect(aheadMost).toBeLessThanOrEqual(3 * PART_BYTES + MB);
    const got = createHash('sha256');
    for await (const chunk of await storage.get('big/file')) got.update(chunk as Buffer);
    expect(got.digest('hex')).toBe(sent.digest('hex'));
    if (storage instanceof S3Storage) expect(s3Traffic.parts - partsBefore).toBe(total / PART_BYTES);
  });
});
