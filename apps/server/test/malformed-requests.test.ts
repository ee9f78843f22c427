import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MAX_PIXELS,
  PROFILE_TEXT,
  TEXT,
  type Attachment,
} from '@hearth/protocol';
import { admin, api, server, serverForFile } from './test-server.js';

/*
 * Requests broken on purpose, as an attacker sends them: each is answered with a 4xx `{ detail }` that
 * says what is wrong, never a 500 and never an echo of what was sent.
 */

serverForFile({ adminName: 'mal_admin' });

const ID_TEXT = 'Must be a positive integer id';
const UPLOAD_ROUTES = [
  '/upload/attachment',
  '/upload/profile-image',
  '/upload/profile-banner',
  '/emoji/emojis',
  '/gif/upload',
];

async function post(path: string, contentType: string, body: string) {
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': contentType },
    body,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('a broken multipart upload', () => {
  it.for(UPLOAD_ROUTES)('%s without a boundary is 400', async (path) => {
    const res = await post(path, 'multipart/form-data', 'whatever');
    expect(res).toEqual({ status: 400, body: { detail: TEXT.uploadMalformed } });
  });

  it.for(UPLOAD_ROUTES)('%s with the body cut off in the middle of the file is 400', async (path) => {
    const body = [
      '--XyZ',
      'Content-Disposition: form-data; name="file"; filename="a.png"',
      'Content-Type: image/png',
      '',
      '\x89PNG\r\n\x1a\n and then the connection',
    ].join('\r\n');
    const res = await post(path, 'multipart/form-data; boundary=XyZ', body);
    expect(res).toEqual({ status: 400, body: { detail: TEXT.uploadMalformed } });
  });
});

describe('an address too long for the router', () => {
  it('is 414 with a detail that does not repeat it', async () => {
    const long = 'x'.repeat(3000);
    const res = await fetch(`${server.url}/api/channel/${long}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const text = await res.text();
    expect(res.status).toBe(414);
    expect(JSON.parse(text)).toEqual({ detail: TEXT.urlTooLong });
    expect(text).not.toContain('xxxxxxxx');
  });
});

describe('a byte range under If-Range', () => {
  async function uploadedFile() {
    const form = new FormData();
    form.append('file', new Blob(['0123456789abcdef']), 'digits.txt');
    const res = await fetch(`${server.url}/api/upload/attachment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { attachment: Attachment }).attachment;
  }
  const get = (url: string, headers: Record<string, string>) => fetch(`${server.url}${url}`, { headers });

  it('is honoured when If-Range names the file as it is', async () => {
    const a = await uploadedFile();
    const etag = (await get(a.file_url, {})).headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const res = await get(a.file_url, { range: 'bytes=4-7', 'if-range': etag! });
    expect([res.status, await res.text()]).toEqual([206, '4567']);
  });

  it.for([
    ['another entity tag', '"not-this-one"'],
    ['a weak one', 'W/"x"'],
    ['a date', 'Fri, 27 Nov 2026 10:00:00 GMT'],
  ])('sends the whole file when If-Range is %s', async ([, ifRange]) => {
    const a = await uploadedFile();
    const res = await get(a.file_url, { range: 'bytes=4-7', 'if-range': ifRange! });
    expect(res.headers.get('content-range')).toBeNull();
    expect([res.status, await res.text()]).toEqual([200, '0123456789abcdef']);
  });
});

describe('an id that is not plain decimal digits', () => {
  const BAD_IDS = ['0xb', '011', '11.0', '1e1', ' 11', '+11', '0'];
  /** Every catalogued route with an id in its path: a param that takes '7' but not 'x'. */
  const ID_ROUTES = ENDPOINTS.flatMap((e) => {
    const names = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const all = (value: string) => Object.fromEntries(names.map((n) => [n, value]));
    return names
      .filter((n) => e.params?.safeParse(all('7')).success && !e.params.safeParse({ ...all('7'), [n]: 'x' }).success)
      .map((param) => ({ route: `${e.method} ${e.path} (${param})`, e, param }));
  });

  it('covers the routes with ids', () => {
    expect(ID_ROUTES.length).toBeGreaterThan(40);
  });

  it.for(ID_ROUTES)('$route is 400 for each', async ({ e, param }) => {
    for (const bad of BAD_IDS) {
      const url = e.path.replace(/:(\w+)/g, (_, n: string) => (n === param ? encodeURIComponent(bad) : '999999999'));
      const res = await api.request(e.method, url, e.method === 'GET' ? undefined : {}, admin.token);
      expect([res.status, res.body], `${e.method} ${url}`).toEqual([400, { detail: ID_TEXT }]);
    }
  });

  it.for(BAD_IDS)('in a query string, %j is 400', async (bad) => {
    const q = encodeURIComponent(bad);
    for (const url of [
      `/channel?group_id=${q}`,
      `/category?group_id=${q}`,
      `/message?channel_id=${q}`,
      `/message?channel_id=1&before=${q}`,
    ]) {
      const res = await api.get(url, admin.token);
      expect([res.status, res.body], url).toEqual([400, { detail: ID_TEXT }]);
    }
  });
});

describe('a profile picture with too many pixels', () => {
  it('is refused with the limit it broke, not as an invalid file', async () => {
    // A valid PNG of 8,000 × 8,000 (64 megapixels) of one colour: small as a file, too large to decode.
    const bytes = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bytes.length).toBeLessThan(PROFILE_IMAGE_MAX_BYTES);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'huge.png');
    const res = await api.request('POST', '/upload/profile-image', form, admin.token);
    expect([res.status, res.body]).toEqual([400, { detail: PROFILE_TEXT.imageTooManyPixels }]);
    expect(PROFILE_TEXT.imageTooManyPixels).toContain(`${PROFILE_IMAGE_MAX_PIXELS / 1_000_000} megapixels`);
  });
});
