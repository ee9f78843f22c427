/**
 * S3 storage when things go wrong around it: a reader that goes away in the middle of a file, and a
 * bucket that cannot be reached (the real AWS SDK against the test run's throwaway S3 server).
 */
import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asHttpError } from '../http/errors.js';
import { loadConfig } from '../config.js';
import { startThrowawayS3, type ThrowawayS3 } from '../testing/s3-server.js';
import { inspectImage } from '../uploads/images.js';
import { S3Storage, s3Client, type S3Settings } from './s3.js';
import { StorageUnavailableError } from './unavailable.js';

let server: ThrowawayS3;
let settings: S3Settings;
beforeAll(async () => {
  server = await startThrowawayS3();
  const storage = loadConfig(server.env).storage;
  if (storage.backend !== 's3') throw new Error('expected S3 settings');
  settings = storage;
});
afterAll(() => server?.stop());

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `promise`, or a rejection saying `what` did not happen within 10 s (rather than a silent hang). */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(what)), 10_000)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A port where nothing listens (taken, then given back). */
async function deadPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('S3 storage and readers that go away', () => {
  it('gives the bucket’s connection back when a range it had to cut down is abandoned unread', async () => {
    // One connection: one that is never given back stops every request after it.
    const storage = new S3Storage(s3Client(settings, 1), settings.bucket);
    try {
      const bytes = Buffer.alloc(2 * 1024 * 1024, 7);
      await storage.put('abandoned/file', Readable.from([bytes]));
      // This S3 server answers bytes=0-0 with the whole object, which the storage cuts down; a browser
      // cancelling such a download destroys what it was given.
      const abandonThenRead = async () => {
        for (let i = 0; i < 3; i++) (await storage.get('abandoned/file', { start: 0, end: 0 })).destroy();
        return read(await storage.get('abandoned/file'));
      };
      const again = await within(abandonThenRead(), 'a read waited for a connection that was never given back');
      expect(again.equals(bytes)).toBe(true);
    } finally {
      storage.destroy();
    }
  });
});

describe('S3 storage when the bucket cannot be reached', () => {
  let storage: S3Storage;
  beforeAll(async () => {
    storage = new S3Storage(
      s3Client({ ...settings, endpoint: `http://127.0.0.1:${await deadPort()}` }),
      settings.bucket,
    );
  });
  afterAll(() => storage?.destroy());

  it('rejects every operation as the storage being unavailable, which requests answer with 503', async () => {
    const operations = [
      () => storage.get('some/file'),
      () => storage.get('some/file', { start: 0, end: 9 }),
      () => storage.size('some/file'),
      () => storage.delete('some/file'),
      () => storage.put('some/file', Readable.from([Buffer.from('bytes')])),
      async () => {
        for await (const key of storage.list()) return key;
      },
    ];
    for (const operation of operations) {
      const err = await operation().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(StorageUnavailableError);
      expect(asHttpError(err)).toMatchObject({
        status: 503,
        message: 'Files cannot be reached right now. Please try again in a moment.',
      });
    }
  });

  it('still refuses a key the server would never make as such, not as an outage', async () => {
    await expect(storage.get('../outside')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.size('/etc/passwd')).rejects.toThrow(/Invalid storage key/);
  });

  it('does not take a picture it could not read back for one that does not decode', async () => {
    // null would keep the upload as a plain file for good, without its size or preview.
    await expect(inspectImage(storage, 'pictures/photo', 'image/png')).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
