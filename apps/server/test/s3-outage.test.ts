/**
 * A server storing its files in S3 whose bucket goes out of reach while it runs: what people get is a
 * 503 with a text to show (and Retry-After) for what needs a file, never a 500, and everything that
 * does not need a file keeps working.
 */
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT, type Attachment } from '@hearth/protocol';
import type { RunningApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { startThrowawayS3, type ThrowawayS3 } from '../src/testing/s3-server.js';
import { asHttpError } from '../src/http/errors.js';
import { S3Storage, s3Client } from '../src/storage/s3.js';
import { StorageUnavailableError } from '../src/storage/unavailable.js';
import { Api, type Person } from './client.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { startTestServer } from './harness.js';

let s3: ThrowawayS3;
let server: RunningApp;
let api: Api;
let admin: Person;

beforeAll(async () => {
  s3 = await startThrowawayS3();
  server = await startTestServer({ storage: loadConfig(s3.env).storage });
  api = new Api(server.url);
  admin = await api.person('admin');
});
afterAll(async () => {
  await server?.close();
  await s3?.stop();
});

const png = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

function form(bytes: Buffer, name: string, type: string) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return body;
}

describe('a bucket that takes the connection and never answers', () => {
  it('gives up on a get, a size and a delete after the answer limit, as the storage being unavailable', async () => {
    const LIMIT_MS = 500;
    // As a hung host: the relay takes the connection and passes nothing either way.
    const hung = await TcpProxy.open('127.0.0.1', Number(new URL(s3.env.S3_ENDPOINT!).port));
    hung.freeze();
    const settings = loadConfig({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${hung.port}` }).storage;
    if (settings.backend !== 's3') throw new Error('the test bucket is S3');
    const storage = new S3Storage(s3Client(settings), settings.bucket, 1000, LIMIT_MS);
    try {
      for (const operation of [
        () => storage.get('some/file'),
        () => storage.size('some/file'),
        () => storage.delete('some/file'),
      ]) {
        const started = performance.now();
        const err = await operation().then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(StorageUnavailableError);
        expect(asHttpError(err)?.status).toBe(503);
        expect(performance.now() - started).toBeGreaterThanOrEqual(LIMIT_MS - 50);
      }
    } finally {
      storage.destroy();
      await hung.close();
    }
  });
});

describe('a server whose S3 bucket goes out of reach', () => {
  it('answers 503, not 500, when the bucket cuts the answer off after its headers', async () => {
    const proxy = await cuttingProxy(Number(new URL(s3.env.S3_ENDPOINT!).port));
    const cut = await startTestServer({
      storage: loadConfig({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` }).storage,
    });
    try {
      const cutApi = new Api(cut.url);
      const owner = await cutApi.person('owner');
      const picture = await cutApi.post('/upload/profile-image', form(await png(), 'me.png', 'image/png'), owner.token);
      expect(picture.status, JSON.stringify(picture.body)).toBe(200);
      const up = await cutApi.post('/upload/attachment', form(Buffer.from('kept'), 'a.txt', 'text/plain'), owner.token);
      expect(up.status, JSON.stringify(up.body)).toBe(201);

      proxy.cutAfterHeaders = true;
      for (const [what, url] of [
        ['a profile picture', picture.body.image_url as string],
        ['an attachment', (up.body.attachment as Attachment).file_url],
      ]) {
        const res = await fetch(`${cut.url}${url}`);
        expect(res.status, what).toBe(503);
        // Not kept as the file would have been: for good.
        expect(res.headers.get('cache-control') ?? '', what).not.toContain('immutable');
        expect(await res.json(), what).toEqual({ detail: TEXT.storageUnavailable });
      }
      proxy.cutAfterHeaders = false;
      expect((await fetch(`${cut.url}${picture.body.image_url as string}`)).status).toBe(200);
    } finally {
      await cut.close();
      await proxy.close();
    }
  });

  it('answers 503 with a text to show for files, and keeps answering everything else', async () => {
    const up = await api.post(
      '/upload/attachment',
      form(Buffer.from('kept in S3'), 'a.txt', 'text/plain'),
      admin.token,
    );
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const attachment = up.body.attachment as Attachment;
    const picture = await api.post('/upload/profile-image', form(await png(), 'me.png', 'image/png'), admin.token);
    expect(picture.status, JSON.stringify(picture.body)).toBe(200);

    await s3.stop();

    const expectOutage = async (res: Response, what: string) => {
      expect(res.status, what).toBe(503);
      expect(res.headers.get('retry-after'), what).toBe('5');
      // A HEAD answer has no body to say it in.
      if (!what.startsWith('HEAD')) expect(await res.json(), what).toEqual({ detail: TEXT.storageUnavailable });
    };
    await expectOutage(await fetch(`${server.url}${attachment.file_url}`), 'GET of an attachment');
    await expectOutage(
      await fetch(`${server.url}${attachment.file_url}`, { headers: { range: 'bytes=0-3' } }),
      'a range of an attachment',
    );
    await expectOutage(await fetch(`${server.url}${attachment.file_url}`, { method: 'HEAD' }), 'HEAD of an attachment');
    const pictureUrl = `${server.url}${picture.body.image_url as string}`;
    await expectOutage(await fetch(pictureUrl), 'GET of a profile picture');
    await expectOutage(await fetch(pictureUrl, { method: 'HEAD' }), 'HEAD of a profile picture');
    const upload = await api.post('/upload/attachment', form(Buffer.from('more'), 'b.txt', 'text/plain'), admin.token);
    expect([upload.status, upload.body]).toEqual([503, { detail: TEXT.storageUnavailable }]);

    // What needs no file is unaffected.
    expect((await api.get(`/user/profile/${admin.username}`, admin.token)).status).toBe(200);
  });
});

/**
 * A TCP relay to the S3 server that, once armed, passes an answer's headers and then resets the
 * connection: the bucket's answer starts and breaks off, as when its host goes away mid-download.
 */
async function cuttingProxy(target: number) {
  const sockets = new Set<Socket>();
  const state = { cutAfterHeaders: false };
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    let answer = Buffer.alloc(0);
    upstream.on('data', (chunk: Buffer) => {
      if (!state.cutAfterHeaders) return void client.write(chunk);
      answer = Buffer.concat([answer, chunk]);
      const end = answer.indexOf('\r\n\r\n');
      if (end < 0) return;
      client.write(answer.subarray(0, end + 4), () => client.resetAndDestroy());
      upstream.destroy();
    });
    for (const socket of [client, upstream])
      socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return Object.assign(state, {
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((closed) => server.close(() => closed()));
    },
  });
}
