import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { GIPHY_MEDIA_ORIGINS } from '@hearth/protocol';
import type { RunningApp } from '../src/app.js';
import { Api, LiveClient, uniqueName } from './client.js';
import { startTestServer } from './harness.js';

/**
 * How the web client and the API are sent: content negotiation over the build's precompressed
 * copies, cache headers, compression of large API answers, and the security headers on every answer.
 * The client here is a small fake build in a temporary folder, so no real build is needed.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = `export const greeting = ${JSON.stringify('hello from the hearth '.repeat(200))};\n`;
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head></html>';
const SERVICE_WORKER = "self.addEventListener('push', () => {});\n";
const MANIFEST = JSON.stringify({ name: 'Hearth', short_name: 'Hearth', start_url: '/', display: 'standalone' });

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire, not decoded. */
  body: Buffer;
}

/** A GET that sends exactly the given headers (fetch would add and decode Accept-Encoding itself). */
function get(base: string, route: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(route, base), { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const varies = (answer: RawAnswer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

let dist: string;
let server: RunningApp;
/** Trusts X-Forwarded-Proto, as behind a TLS-terminating proxy. */
let proxied: RunningApp;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'hearth-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  await writeFile(path.join(dist, 'sw.js'), SERVICE_WORKER);
  await writeFile(path.join(dist, 'manifest.webmanifest'), MANIFEST);
  await writeFile(path.join(dist, 'assets/app-abc123.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dist, 'assets/app-abc123.js.gz'), gzipSync(SCRIPT));
  server = await startTestServer({ webDist: dist });
  proxied = await startTestServer({ webDist: dist, trustProxy: true });
});
afterAll(async () => {
  await server?.close();
  await proxied?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('hashed assets', () => {
  it('sends the brotli copy when brotli is accepted, byte for byte, and varies on Accept-Encoding', async () => {
    const answer = await get(server.url, '/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(varies(answer)).toContain('accept-encoding');
    // Sent as the build wrote it: not compressed a second time on the way out.
    expect(answer.body.equals(brotliCompressSync(SCRIPT))).toBe(true);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when only gzip is accepted, and the file itself when nothing is', async () => {
    const gzip = await get(server.url, '/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(varies(gzip)).toContain('accept-encoding');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const identity = await get(server.url, '/assets/app-abc123.js');
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(varies(identity)).toContain('accept-encoding');
    expect(identity.body.toString()).toBe(SCRIPT);
  });

  it('are cached for a year as immutable, whichever encoding is sent', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const answer = await get(server.url, '/assets/app-abc123.js', { 'accept-encoding': encoding });
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('a missing file is a 404, not index.html', async () => {
    for (const route of ['/assets/app-old999.js', '/favicon.ico']) {
      const answer = await get(server.url, route, { 'accept-encoding': 'br, gzip' });
      expect(answer.status, route).toBe(404);
      expect(JSON.parse(answer.body.toString()), route).toEqual({ detail: expect.any(String) });
    }
  });

  it('a rebuilt client is served without a restart', async () => {
    const next = `export const next = ${JSON.stringify('x'.repeat(2000))};\n`;
    await writeFile(path.join(dist, 'assets/app-new456.js'), next);
    await writeFile(path.join(dist, 'assets/app-new456.js.br'), brotliCompressSync(next));
    const answer = await get(server.url, '/assets/app-new456.js', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.body).toString()).toBe(next);
  });
});

describe('index.html and other files without a hash', () => {
  it('are revalidated on every use, at / and for client-side routes', async () => {
    for (const route of ['/', '/channels/12?x=1', '/settings']) {
      const answer = await get(server.url, route, { 'accept-encoding': 'br, gzip' });
      expect(answer.status, route).toBe(200);
      expect(answer.headers['content-type'], route).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], route).toBe('no-cache');
      expect(answer.body.toString(), route).toBe(INDEX);
    }
    const robots = await get(server.url, '/robots.txt');
    expect(robots.headers['cache-control']).toBe('no-cache');

    // Revalidation is cheap: the validator comes back as a 304 without a body.
    const first = await get(server.url, '/');
    const again = await get(server.url, '/', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
  });
});

describe('the service worker and the web app manifest', () => {
  it('the worker script is JavaScript from this origin, revalidated on every update check', async () => {
    const answer = await get(server.url, '/sw.js', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // A worker script the HTTP cache kept would hold every tab on the old worker.
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body.toString()).toBe(SERVICE_WORKER);
    // At the root its scope is the whole site by default: no Service-Worker-Allowed needed.
    expect(answer.headers['service-worker-allowed']).toBeUndefined();
    // The policy the worker runs under is the page's: scripts and fetches from this origin only.
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('the manifest is served as a web app manifest, and neither falls back to index.html', async () => {
    const answer = await get(server.url, '/manifest.webmanifest');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(answer.body.toString())).toMatchObject({ name: 'Hearth', start_url: '/' });
    for (const route of ['/sw-old.js', '/old.webmanifest']) {
      expect((await get(server.url, route)).status, route).toBe(404);
    }
  });
});

describe('API answers', () => {
  it('are compressed above 1 KB only, brotli or gzip as accepted, and the live connection still upgrades', async () => {
    const api = new Api(server.url);
    const admin = await api.register(uniqueName('zip'));
    const group = (await api.post('/group', { name: uniqueName('g') }, admin.token)).body.id as number;
    const channel = (await api.post('/channel', { name: uniqueName('c'), group_id: group }, admin.token)).body
      .id as number;
    for (let i = 0; i < 8; i++) {
      await api.post('/message', { channel_id: channel, content: `message ${i} `.repeat(20) }, admin.token);
    }
    const auth = { authorization: `Bearer ${admin.token}` };
    const route = `/api/message?channel_id=${channel}`;

    const plain = await get(server.url, route, auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const messages = JSON.parse(plain.body.toString());
    expect(messages).toHaveLength(8);

    const br = await get(server.url, route, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toContain('accept-encoding');
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(messages);

    const gzip = await get(server.url, route, { ...auth, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(messages);

    // A small answer is not worth it.
    const small = await get(server.url, `/api/channel?group_id=${group}`, { ...auth, 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    const live = await LiveClient.authed(server.url, admin.token);
    live.close();
  });
});

describe('security headers', () => {
  const routes = {
    'the client': '/',
    'a client-side route': '/channels/3',
    'an API answer': '/api/group',
    'an asset': '/assets/app-abc123.js',
    'an unknown API path': '/api/no-such-thing',
    'a missing asset': '/assets/missing-000.js',
  };

  it('are on every answer: the client, the API, assets and 404s', async () => {
    for (const [what, route] of Object.entries(routes)) {
      const answer = await get(server.url, route, { 'accept-encoding': 'br' });
      const csp = String(answer.headers['content-security-policy'] ?? '');
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((parts) => parts[0])
          .map(([name, ...values]) => [name!, values.join(' ')]),
      );
      expect(directives.get('default-src'), what).toBe("'self'");
      // WebAssembly compiled by the app's own scripts (RNNoise), and nothing else.
      expect(directives.get('script-src'), what).toBe("'self' 'wasm-unsafe-eval'");
      // This origin, and the video players' hosts only (the client asks whether a player's host answers).
      expect(directives.get('connect-src'), what).toBe(
        "'self' https://www.youtube-nocookie.com https://player.twitch.tv https://clips.twitch.tv " +
          'https://player.vimeo.com https://www.tiktok.com https://geo.dailymotion.com https://streamable.com',
      );
      // Other hosts' images: none without GIPHY configured; frames: only the players of the video platforms.
      expect(directives.get('img-src'), what).toBe(`'self' data: blob: ${GIPHY_MEDIA_ORIGINS.join(' ')}`);
      expect(directives.get('object-src'), what).toBe("'none'");
      expect(directives.get('frame-src'), what).toBe(
        'https://www.youtube-nocookie.com https://player.twitch.tv https://clips.twitch.tv https://player.vimeo.com ' +
          'https://www.tiktok.com https://geo.dailymotion.com https://streamable.com',
      );
      expect(directives.get('frame-ancestors'), what).toBe("'none'");
      expect(directives.get('base-uri'), what).toBe("'self'");
      expect(directives.get('form-action'), what).toBe("'self'");
      // No JavaScript eval: the only eval-like source is WebAssembly's.
      expect(csp.replaceAll("'wasm-unsafe-eval'", ''), what).not.toMatch(/unsafe-eval/);
      expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
      expect(answer.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-frame-options'], what).toBe('DENY');
      // Plain HTTP: no HSTS.
      expect(answer.headers['strict-transport-security'], what).toBeUndefined();
    }
    // The 404s keep their { detail } answers.
    const unknown = await get(server.url, routes['an unknown API path']);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body.toString())).toEqual({ detail: expect.any(String) });
  });

  it('HSTS only for requests that came over TLS, as told by a trusted proxy', async () => {
    const overTls = await get(proxied.url, '/', { 'x-forwarded-proto': 'https' });
    expect(overTls.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}/);
    const api = await get(proxied.url, '/api/no-such-thing', { 'x-forwarded-proto': 'https' });
    expect(api.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}/);

    const plain = await get(proxied.url, '/', { 'x-forwarded-proto': 'http' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header is anyone's to send, so it does not count.
    const untrusted = await get(server.url, '/', { 'x-forwarded-proto': 'https' });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    expect(untrusted.headers['content-security-policy']).toBeDefined();
  });
});
