/**
 * A server storing its files in S3 whose bucket goes out of reach while it runs: what people get is a
 * 503 with a text to show (and Retry-After) for what needs a file, never a 500, and everything that
 * does not need a file keeps working.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT, type Attachment } from '@hearth/protocol';
import type { RunningApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { startThrowawayS3, type ThrowawayS3 } from '../src/testing/s3-server.js';
import { Api, type Person } from './client.js';
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

describe('a server whose S3 bucket goes out of reach', () => {
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
