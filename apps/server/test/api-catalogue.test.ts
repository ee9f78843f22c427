import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ENDPOINTS,
  RATE_LIMITS,
  ServerControl,
  ServerEvents,
  type Attachment,
  type CustomEmoji,
  type Endpoint,
  type HttpMethod,
  type UserGif,
} from '@hearth/protocol';
import { CONFIG_VARS, renderApiDocs } from '@hearth/protocol/api-docs';
import type { RunningApp } from '../src/app.js';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../src/config.js';
import { Api, LiveClient, uniqueName, type Frame } from './client.js';
import { startTestServer } from './harness.js';
import { PushServiceStandIn } from '../src/testing/push-stand-in.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

let server: RunningApp;
let api: Api;
let pushService: PushServiceStandIn;

beforeAll(async () => {
  pushService = await PushServiceStandIn.start();
  server = await startTestServer({ pushEndpointOrigins: [pushService.origin] });
  api = new Api(server.url);
});
afterAll(async () => {
  await server.close();
  await pushService.close();
});

const catalogued = (e: Endpoint) => [e.path, ...(e.aliases ?? [])].map((p) => `${e.method} ${p}`);

/**
 * Method and path (without /api) of every route the server registered under /api, read from
 * Fastify's route tree. The HEAD routes Fastify adds for each GET are left out.
 */
function registeredRoutes(): string[] {
  const tree = server.http.printRoutes({ commonPrefix: false });
  const segments: string[] = [];
  const routes = new Set<string>();
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    segments.length = m[1]!.length / 4;
    segments.push(m[2]!);
    const url = segments.join('');
    for (const method of m[3]?.split(', ') ?? []) routes.add(`${method} ${url}`);
  }
  return [...routes]
    .filter((r) => !(r.startsWith('HEAD ') && routes.has(`GET ${r.slice(5)}`)))
    .filter((r) => r.split(' ')[1]!.startsWith('/api/'))
    .map((r) => r.replace(' /api/', ' /'))
    .flatMap(namedAsCatalogued)
    .sort();
}

/**
 * Routes with a parameter at the same place under different names (`/friends/:friendship_id/accept`
 * and `/friends/:user_id`) share one node of the tree, printed as `:friendship_id|:user_id`. Each
 * route is read with the name the catalogue gives it; a route none of whose readings is catalogued
 * stays as printed, so the comparison still fails for it.
 */
function namedAsCatalogued(route: string): string[] {
  if (!route.includes('|')) return [route];
  let readings = [''];
  for (const part of route.split(/(?=\/)/)) {
    const names = part.replace(/^\//, '').split('|');
    readings = readings.flatMap((r) => names.map((n) => `${r}${part.startsWith('/') ? '/' : ''}${n}`));
  }
  const known = new Set(ENDPOINTS.flatMap(catalogued));
  const matching = readings.filter((r) => known.has(r));
  return matching.length > 0 ? matching : [route];
}

/** The value matches the schema exactly: valid, and with no field the schema does not know. */
function expectExactly(schema: z.ZodType, value: unknown, what: string): void {
  const result = schema.safeParse(value);
  expect(result.error?.issues, what).toBeUndefined();
  expect(result.data, `${what} has fields its schema lacks`).toStrictEqual(value);
}

describe('endpoint catalogue', () => {
  it('lists every route exactly once', () => {
    const all = ENDPOINTS.flatMap(catalogued);
    expect(new Set(all).size).toBe(all.length);
  });

  it('matches the routes the server registers, both ways', () => {
    for (const e of ENDPOINTS) {
      for (const url of [e.path, ...(e.aliases ?? [])]) {
        expect(server.http.hasRoute({ method: e.method, url: `/api${url}` }), `${e.method} ${url}`).toBe(true);
      }
    }
    expect(registeredRoutes()).toEqual(ENDPOINTS.flatMap(catalogued).sort());
  });

  it('documents the rate limits and settings the server uses', () => {
    expect(
      Object.fromEntries(Object.entries(RATE_LIMITS).map(([k, r]) => [k, { limit: r.limit, windowMs: r.windowMs }])),
    ).toEqual(DEFAULT_RATE_LIMITS);
    const source = readFileSync(path.join(ROOT, 'apps/server/src/config.ts'), 'utf8');
    const read = new Set([...source.matchAll(/\benv\.([A-Z0-9_]+)/g)].map((m) => m[1]));
    read.delete('INIT_CWD'); // set by npm, not a Hearth setting
    expect(CONFIG_VARS.map((v) => v.name).sort()).toEqual([...read].sort());
    const c = loadConfig({});
    expect(Object.fromEntries(CONFIG_VARS.map((v) => [v.name, v.default]))).toEqual({
      PORT: String(c.port),
      HOST: c.host,
      DATA_DIR: `./${path.relative(process.cwd(), c.dataDir)}`,
      DATABASE_URL: c.databaseUrl ?? '(unset)',
      EMBEDDED_PG_PORT: String(c.embeddedPgPort),
      REDIS_URL: c.redisUrl ?? '(unset)',
      REDIS_PREFIX: c.redisPrefix,
      WEB_DIST: path.relative(ROOT, c.webDist!),
      ACCESS_TOKEN_TTL_SEC: String(c.accessTokenTtlSec),
      REFRESH_TOKEN_TTL_DAYS: String(c.refreshTokenTtlDays),
      LIVE_IDLE_TIMEOUT_MS: String(c.liveIdleTimeoutMs),
      LIVE_MAX_BUFFERED_BYTES: String(c.liveMaxBufferedBytes),
      LIVE_MAX_CONNECTIONS_PER_USER: String(c.liveMaxConnectionsPerUser),
      LIVE_MAX_CONNECTIONS_PER_ADDRESS: String(c.liveMaxConnectionsPerAddress),
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(c.httpMaxConnectionsPerAddress),
      HTTP_HEADERS_TIMEOUT_MS: String(c.httpHeadersTimeoutMs),
      HTTP_REQUEST_TIMEOUT_MS: String(c.httpRequestTimeoutMs),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: String(c.httpKeepAliveTimeoutMs),
      HTTP_IDLE_TIMEOUT_MS: String(c.httpIdleTimeoutMs),
      SHUTDOWN_GRACE_MS: String(c.shutdownGraceMs),
      RATE_LIMIT_SCALE: String(c.rateLimits.loginPerIp.limit / DEFAULT_RATE_LIMITS.loginPerIp.limit),
      TRUST_PROXY: String(c.trustProxy),
      LOG_LEVEL: c.logLevel,
      LOG_REQUESTS: String(c.logRequests),
      METRICS_TOKEN: c.metricsToken ?? '(unset)',
      STORAGE_BACKEND: c.storage.backend,
      S3_ENDPOINT: '(unset)',
      S3_REGION: '(unset)',
      S3_BUCKET: '(unset)',
      S3_ACCESS_KEY_ID: '(unset)',
      S3_SECRET_ACCESS_KEY: '(unset)',
      S3_FORCE_PATH_STYLE: 'false',
      UPLOAD_MAX_BYTES: String(c.uploadMaxBytes),
      FILE_URL_TTL_SEC: String(c.fileUrlTtlSec),
      UNSENT_UPLOAD_TTL_SEC: String(c.unsentUploadTtlSec),
      PRESENCE_OFFLINE_GRACE_MS: String(c.presenceOfflineGraceMs),
      PRESENCE_NODE_BEAT_MS: String(c.presenceNodeBeatMs),
      PRESENCE_NODE_TIMEOUT_MS: String(c.presenceNodeTimeoutMs),
      DM_CALL_RING_TIMEOUT_MS: String(c.dmCallRingTimeoutMs),
      GIPHY_API_KEY: c.giphyApiKey ?? '(unset)',
      GIPHY_API_URL: c.giphyApiUrl,
      GIPHY_RATING: c.giphyRating,
      TURN_URLS: c.turnUrls.join(',') || '(unset)',
      TURN_SECRET: c.turnSecret ?? '(unset)',
      TURN_CREDENTIAL_TTL_SEC: String(c.turnCredentialTtlSec),
      LOCAL_COTURN: String(c.localCoturn),
      VOICE_ALLOW_DIRECT: String(c.voiceAllowDirect),
      AUTO_INSTALL_COTURN: String(c.autoInstallCoturn),
      VOICE_SEAT_TIMEOUT_MS: String(c.voiceSeatTimeoutMs),
      SMTP_URL: c.smtpUrl ?? '(unset)',
      MAIL_FROM: c.mailFrom,
      PUBLIC_URL: c.publicUrl,
      VAPID_PUBLIC_KEY: c.vapidPublicKey ?? '(made on first start)',
      VAPID_PRIVATE_KEY: c.vapidPrivateKey ?? '(made on first start)',
      VAPID_SUBJECT:
        c.vapidSubject === 'mailto:no-reply@localhost' ? 'mailto: and the address of MAIL_FROM' : c.vapidSubject,
      PUSH_ENDPOINT_ORIGINS: c.pushEndpointOrigins.join(',') || '(none)',
      FCM_SERVICE_ACCOUNT: c.fcmServiceAccount ?? '(unset)',
      FCM_API_URL: c.fcmApiUrl,
      UNFURL_ALLOWED_HOSTS: c.unfurlAllowedHosts.join(',') || '(none)',
      UNFURL_TIMEOUT_MS: String(c.unfurlTimeoutMs),
    });
  });

  it('docs/api.md is up to date (npm run docs:api)', () => {
    const committed = readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8');
    expect(committed === renderApiDocs(), 'docs/api.md is stale: run npm run docs:api').toBe(true);
  });
});

describe('answers and frames match their schemas', () => {
  const exercised = new Set<Endpoint>();

  interface Call {
    params?: Record<string, number | string>;
    query?: Record<string, string | number>;
    body?: unknown;
    token?: string;
    /** When the call is meant to succeed with another status than the usual one. */
    status?: number;
  }

  /** Calls a catalogued endpoint; checks the request against its input schemas and the answer against its answer. */
  async function call<T = any>(method: HttpMethod, route: string, c: Call = {}): Promise<T> {
    const e = ENDPOINTS.find((x) => x.method === method && x.path === route);
    if (!e) throw new Error(`${method} ${route} is not catalogued`);
    e.params?.parse(c.params);
    e.query?.parse(c.query ?? {});
    e.body?.parse(c.body);
    let url = route.replace(/:(\w+)/g, (_, name: string) => String(c.params![name]));
    if (c.query)
      url += `?${new URLSearchParams(Object.entries(c.query).map(([k, v]): [string, string] => [k, String(v)]))}`;
    const res = await api.request(method, url, c.body, c.token);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(c.status ?? e.status);
    if (e.answer) expectExactly(e.answer, res.body, `${method} ${route} answer`);
    else expect(res.body).toBeNull();
    exercised.add(e);
    return res.body as T;
  }

  /** The catalogued endpoint of a call made outside `call` (multipart in, or bytes out). */
  const endpoint = (method: HttpMethod, route: string) => {
    const e = ENDPOINTS.find((x) => x.method === method && x.path === route)!;
    exercised.add(e);
    return e;
  };

  /** Uploads a profile picture or banner (multipart), checking the answer against its schema. */
  async function uploadPicture(token: string, route: '/upload/profile-image' | '/upload/profile-banner') {
    const e = endpoint('POST', route);
    const bytes = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'me.png');
    const res = await fetch(`${server.url}/api${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(e.status);
    const body = (await res.json()) as Record<string, string>;
    expectExactly(e.answer!, body, `POST ${route} answer`);
    return body;
  }

  /** Sets a group's icon (multipart), checking the answer against its schema. */
  async function uploadGroupIcon(token: string, groupId: number) {
    const e = endpoint('POST', '/group/:id/upload-icon');
    const bytes = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#669933' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'group-icon.jpg');
    const res = await fetch(`${server.url}/api/group/${groupId}/upload-icon`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(e.status);
    const body = (await res.json()) as Record<string, string>;
    expectExactly(e.answer!, body, 'POST /group/:id/upload-icon answer');
    return body;
  }

  /** Uploads a public custom emoji (multipart, the flags as text), checking the answer against its schema. */
  async function uploadEmoji(token: string): Promise<CustomEmoji> {
    const e = endpoint('POST', '/emoji/emojis');
    const bytes = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#ffcc00' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'wave.png');
    form.append('name', 'wave');
    form.append('is_public', 'true');
    form.append('is_nsfw', 'false');
    const res = await fetch(`${server.url}/api/emoji/emojis`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(e.status);
    const body = await res.json();
    expectExactly(e.answer!, body, 'POST /emoji/emojis answer');
    return body as CustomEmoji;
  }

  /** Uploads a custom GIF (multipart, the flag as text), checking the answer against its schema. */
  async function uploadGif(token: string): Promise<UserGif> {
    const e = endpoint('POST', '/gif/upload');
    const bytes = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#cc3366' } })
      .gif()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'party.gif');
    form.append('is_nsfw', 'false');
    const res = await fetch(`${server.url}/api/gif/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(e.status);
    const body = await res.json();
    expectExactly(e.answer!, body, 'POST /gif/upload answer');
    return body as UserGif;
  }

  /** Uploads a file as a client does (multipart), checking the answer against its schema. */
  async function upload(token: string, bytes: string, filename: string): Promise<Attachment> {
    const e = endpoint('POST', '/upload/attachment');
    const form = new FormData();
    form.append('file', new Blob([bytes]), filename);
    const res = await fetch(`${server.url}/api/upload/attachment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(e.status);
    const body = await res.json();
    expectExactly(e.answer!, body, 'POST /upload/attachment answer');
    return (body as { attachment: Attachment }).attachment;
  }

  // A few hundred requests: the limit below only ends a hang, it is not a speed target.
  it('for every endpoint, and every frame two live clients receive', async () => {
    const password = 'secret12';
    const admin = await call('POST', '/auth/register', { body: { username: uniqueName('adm'), password } });
    expect(admin.user.role).toBe('ADMIN');
    const userName = uniqueName('usr');
    const user = await call('POST', '/auth/register', { body: { username: userName, password, email: '' } });
    const adminLive = await LiveClient.authed(server.url, admin.access_token);

    const login = await call('POST', '/auth/login', { body: { username: userName, password } });
    const pair = await call('POST', '/auth/refresh', { body: { refresh_token: login.refresh_token } });
    // The user's second device, which logs out at the end and is the one told device_revoked.
    const userLive = await LiveClient.authed(server.url, pair.access_token);
    await call('GET', '/auth/me', { token: pair.access_token });

    const A = admin.access_token;
    const U = user.access_token;
    const group = await call('POST', '/group', { token: A, body: { name: 'Catalogue' } });
    await call('GET', '/group', { token: U });
    await call('PATCH', '/group/:id', { token: A, params: { id: group.id }, body: { name: 'Catalogue 2' } });
    const icon = await uploadGroupIcon(A, group.id);
    expect((await fetch(`${server.url}${icon.icon_url}`)).status).toBe(endpoint('GET', '/group-icons/:key').status);
    await call('DELETE', '/group/:id/icon', { token: A, params: { id: group.id } });
    const category = await call('POST', '/category', { token: A, body: { name: 'Cat', group_id: group.id } });
    await call('GET', '/category', { token: U, query: { group_id: group.id } });
    await call('PATCH', '/category/:id', { token: A, params: { id: category.id }, body: { name: 'Cat 2' } });
    const channel = await call('POST', '/channel', {
      token: A,
      body: { name: 'general', group_id: String(group.id), category_id: category.id },
    });
    await call('GET', '/channel', { token: U, query: { group_id: group.id } });
    const alias = await api.get(`/channel/?group_id=${group.id}`, U);
    expectExactly(ENDPOINTS.find((e) => e.aliases?.includes('/channel/'))!.answer!, alias.body, 'GET /channel/');
    await call('GET', '/channel/:id', { token: U, params: { id: channel.id } });
    await call('GET', '/channel/:id/members', { token: U, params: { id: channel.id }, query: { limit: 50 } });
    await call('PATCH', '/channel/:id', { token: A, params: { id: channel.id }, body: { description: 'All things' } });

    const gid = { id: group.id, userId: user.user.id };
    await call('GET', '/user/group-permissions/:group_id', { token: U, params: { group_id: group.id } });
    await call('GET', '/admin/groups/:id/permissions', { token: A, params: { id: group.id } });
    await call('GET', '/admin/groups/:id/permissions/:userId', { token: A, params: gid });
    await call('PUT', '/admin/groups/:id/permissions/:userId', {
      token: A,
      params: gid,
      body: { permissions: { can_upload: false } },
    });

    const send = { channel_id: channel.id, content: 'hello', nonce: 'n-1' };
    const sent = await call('POST', '/message', { token: U, body: send });
    await call('POST', '/message', { token: U, body: send, status: 200 });
    const thumbs = { emoji_unicode: '👍' };
    const reaction = await call('POST', '/message/:id/reactions', { token: U, params: { id: sent.id }, body: thumbs });
    await call('POST', '/message/:id/reactions', { token: A, params: { id: sent.id }, body: { emoji_unicode: '🎉' } });
    await call('GET', '/message', { token: U, query: { channel_id: channel.id, limit: 10 } });
    const suggestion = { query: userName.slice(0, 3), channel_id: channel.id, limit: 10 };
    await call('GET', '/user/mention-suggestions', { token: A, query: suggestion });
    await call('POST', '/message', { token: A, body: { channel_id: channel.id, content: `@${userName} look` } });
    await call('GET', '/channel/read-status/all', { token: U, query: { group_id: group.id } });
    await call('GET', '/group/read-status/all', { token: U });
    const found = await call('GET', '/search', { token: U, query: { q: `look mentions:${userName}` } });
    expect(found.total).toBe(1);
    const readUpTo = { message_id: sent.id };
    await call('POST', '/channel/:id/mark-read', { token: U, params: { id: channel.id }, body: readUpTo });
    await call('POST', '/group/:id/mark-read', { token: U, params: { id: group.id } });
    await call('POST', '/channel/:id/mark-unread', { token: U, params: { id: channel.id }, body: readUpTo });
    // Pins: the admin pins the user's message (a system line and `message_pin_update`), both list, then unpin.
    const pinned = { id: channel.id, messageId: sent.id };
    await call('PUT', '/channel/:id/pins/:messageId', { token: A, params: pinned });
    await call('GET', '/channel/:id/pins', { token: U, params: { id: channel.id } });
    await call('DELETE', '/channel/:id/pins/:messageId', { token: A, params: pinned });
    await call('PUT', '/message/:id', { token: U, params: { id: sent.id }, body: { content: 'hello again' } });
    await call('DELETE', '/message/:id/reactions/:reactionId', {
      token: U,
      params: { id: sent.id, reactionId: reaction.id },
    });
    const removed = await call('DELETE', '/message/:id', { token: A, params: { id: sent.id } });
    expect(removed.deleted).toBe(false);
    const own = await call('POST', '/message', { token: U, body: { channel_id: channel.id, content: 'mine' } });
    await call('DELETE', '/message/:id/embeds', { token: U, params: { id: own.id } });
    // A proxied image needs an outside site (test/link-previews.test.ts has one); here, the refusal of a forged address.
    const proxy = await fetch(
      `${server.url}/api/media-proxy?url=https%3A%2F%2Fexample.com%2Fa.png&expires=1&signature=x`,
    );
    expect(proxy.status).toBe(403);
    endpoint('GET', '/media-proxy');
    expect((await call('DELETE', '/message/:id', { token: U, params: { id: own.id } })).deleted).toBe(true);
    await call('POST', '/user/mute-channel', { token: U, body: { channel_id: channel.id, is_muted: true } });
    await call('POST', '/user/mute-group', { token: U, body: { group_id: group.id, is_muted: false } });
    await call('GET', '/user/notification-preferences', { token: U });
    await call('GET', '/user/notification-settings', { token: U });
    await call('PUT', '/user/notification-settings', { token: U, body: { message_notifications_enabled: true } });
    // Friends: the admin and the user go through every step, so both see every friend event.
    await call('GET', '/privacy/settings', { token: U });
    await call('PUT', '/privacy/settings', { token: U, body: { friend_request_cooldown_enabled: true } });
    await call('POST', '/privacy/report', {
      token: U,
      body: {
        device_info: { platform: 'Linux', userAgent: 'Test', language: 'en', screen: { width: 800, height: 600 } },
        user_agent: 'Test',
        timezone: 'UTC',
        language: 'en',
      },
    });
    const asked = await call('POST', '/friends/request', { token: A, body: { username: userName } });
    await call('GET', '/friends/requests/incoming', { token: U });
    await call('GET', '/friends/requests/outgoing', { token: A });
    const byId = { friendship_id: asked.friendship_id };
    await call('POST', '/friends/:friendship_id/accept', { token: U, params: byId });
    await call('GET', '/friends', { token: A });
    await call('GET', '/user/presence/all', { token: U });
    await call('GET', '/user/presence', { token: U });
    await call('PUT', '/user/presence', { token: U, body: { status: 'busy', is_manual: true } });
    await call('POST', '/user/presence/heartbeat', { token: U });
    // Profiles, while they are friends (so the admin sees the user's picture behind the blur too).
    await call('PUT', '/user/update-nickname', { token: U, body: { nickname: 'Catalogued' } });
    const pronouns = { pronouns: 'they/them', pronouns_bg_color: '#112233', pronouns_text_color: '#ffffff' };
    await call('PUT', '/user/update-pronouns', { token: U, body: pronouns });
    await call('PUT', '/user/update-bio', { token: U, body: { bio: 'Hi' } });
    await call('PUT', '/user/update-social-links', { token: U, body: { social_github: 'gh' } });
    const picture = await uploadPicture(U, '/upload/profile-image');
    const served = await fetch(`${server.url}${picture.image_url}`);
    expect(served.status).toBe(endpoint('GET', '/profile-images/:key').status);
    await uploadPicture(U, '/upload/profile-banner');
    await call('GET', '/user/profile/:username', { token: A, params: { username: userName } });
    await call('DELETE', '/profile-banner', { token: U });
    await call('DELETE', '/profile-image', { token: U });
    // Custom emoji: the user's public emoji, which the admin reacts with.
    const emoji = await uploadEmoji(U);
    await call('GET', '/emoji/emojis', { token: U });
    await call('GET', '/emoji/emojis', { token: A, query: { public: 'true' } });
    await call('PUT', '/emoji/emojis/:id', { token: U, params: { id: emoji.id }, body: { name: 'Wave_2' } });
    const emojiFile = await fetch(`${server.url}${emoji.url}`);
    expect(emojiFile.status).toBe(endpoint('GET', '/emoji/images/:key').status);
    const waved = await call('POST', '/message', { token: U, body: { channel_id: channel.id, content: 'wave' } });
    const custom = await call('POST', '/message/:id/reactions', {
      token: A,
      params: { id: waved.id },
      body: { emoji_id: emoji.id },
    });
    expect(custom).toMatchObject({ emoji_name: 'Wave_2', emoji_url: emoji.url });
    await call('DELETE', '/emoji/emojis/:id', { token: U, params: { id: emoji.id } });
    // GIFs: the user's upload, shown by the built-in provider, favorited, then deleted.
    const gif = await uploadGif(U);
    const gifFile = await fetch(`${server.url}${gif.file_url}`);
    expect(gifFile.status).toBe(endpoint('GET', '/gif-files/:name').status);
    await call('GET', '/gif/user', { token: U });
    await call('GET', '/gif/user/all', { token: A });
    await call('GET', '/gif/users/:userId', { token: A, params: { userId: gif.user_id } });
    await call('GET', '/gif/files/:name', { token: A, params: { name: gif.file_url.split('/').pop()! } });
    const gifId = { id: gif.id };
    await call('PATCH', '/gif/gifs/user/:id/rename', { token: U, params: gifId, body: { name: 'party_2' } });
    await call('PATCH', '/gif/gifs/user/:id/nsfw', { token: A, params: gifId, body: { is_nsfw: true } });
    await call('GET', '/gif/provider', { token: U });
    await call('GET', '/version', {});
    await call('GET', '/admin/app-version', { token: A });
    await call('PUT', '/admin/app-version', { token: A, body: { version: '0.9.0' } });
    const trending = await call('GET', '/gif/trending', { token: U, query: { limit: 15 } });
    await call('GET', '/gif/search', { token: U, query: { q: 'party', limit: 15 } });
    await call('GET', '/gif/categories', { token: U });
    const shown = trending.results[0];
    const favorite = {
      gif_id: shown.id,
      gif_title: shown.title,
      gif_url: shown.url,
      gif_preview_url: shown.preview_url,
      gif_width: shown.width,
      gif_height: shown.height,
      gif_size: shown.size,
      is_nsfw: shown.is_nsfw,
    };
    await call('POST', '/gif/favorites', { token: U, body: favorite });
    await call('POST', '/gif/favorites', { token: U, body: favorite, status: 200 });
    await call('GET', '/gif/favorites', { token: U });
    await call('GET', '/gif/favorites/check/:gifId', { token: U, params: { gifId: shown.id } });
    await call('DELETE', '/gif/favorites/:gifId', { token: U, params: { gifId: shown.id } });
    await call('DELETE', '/gif/user/:id', { token: U, params: gifId });
    // Direct messages, while they are friends.
    const toUser = { recipient_id: user.user.id, content: 'psst', nonce: 'dm-1' };
    const dm = await call('POST', '/dm/send', { token: A, body: toUser });
    await call('DELETE', '/dm/embeds/:id', { token: A, params: { id: dm.id } });
    await call('POST', '/dm/send', { token: A, body: toUser, status: 200 });
    const dmReaction = await call('POST', '/dm/reactions/:id', {
      token: U,
      params: { id: dm.id },
      body: { emoji_unicode: '👍' },
    });
    await call('DELETE', '/dm/reactions/:id/:reactionId', {
      token: U,
      params: { id: dm.id, reactionId: dmReaction.id },
    });
    const dmPinned = { userId: admin.user.id, messageId: dm.id };
    await call('PUT', '/dm/:userId/pins/:messageId', { token: U, params: dmPinned });
    await call('GET', '/dm/:userId/pins', { token: A, params: { userId: user.user.id } });
    await call('DELETE', '/dm/:userId/pins/:messageId', { token: U, params: dmPinned });
    await call('GET', '/dm/conversations', { token: U });
    await call('GET', '/dm/unread-count', { token: U });
    await call('GET', '/dm/conversation/:id', { token: U, params: { id: admin.user.id }, query: { limit: 10 } });
    await call('POST', '/dm/mark-read/:id', { token: U, params: { id: admin.user.id }, body: { message_id: dm.id } });
    await call('POST', '/dm/mark-all-read', { token: U });
    const guardianNote = { user_id: user.user.id, title: 'Heads up', content: 'Maintenance tonight' };
    await call('POST', '/admin/guardian/send-message', { token: A, body: guardianNote });
    await call('PUT', '/dm/edit/:id', { token: A, params: { id: dm.id }, body: { content: 'psst!' } });
    await call('DELETE', '/dm/delete/:id', { token: A, params: { id: dm.id } });
    userLive.send({ type: 'direct_message', recipient_id: admin.user.id, content: 'live dm', nonce: 'dm-2' });
    await userLive.waitFor((f) => f.type === 'direct_message' && f.data.nonce === 'dm-2');
    await call('GET', '/friends/status/:user_id', { token: A, params: { user_id: user.user.id } });
    await call('DELETE', '/friends/:user_id', { token: A, params: { user_id: user.user.id } });
    const again = await call('POST', '/friends/request', { token: A, body: { username: userName } });
    await call('POST', '/friends/:friendship_id/decline', { token: U, params: { friendship_id: again.friendship_id } });
    const back = await call('POST', '/friends/request', { token: U, body: { username: admin.user.username } });
    await call('POST', '/friends/:friendship_id/cancel', { token: U, params: { friendship_id: back.friendship_id } });
    await call('POST', '/friends/block/:user_id', { token: A, params: { user_id: user.user.id } });
    await call('GET', '/friends/blocked', { token: A });
    await call('DELETE', '/friends/block/:user_id', { token: A, params: { user_id: user.user.id } });
    await call('GET', '/commands');
    const announcement = { message: 'Maintenance at noon', channel_name: '#general', current_channel_id: channel.id };
    await call('POST', '/admin/guardian/announce', { token: A, body: announcement });
    await call('POST', '/guardian/hugme', { token: U, body: { current_channel_id: channel.id } });
    const kept = await upload(A, 'kept', 'kept.txt');
    const dropped = await upload(A, 'dropped', 'dropped.txt');
    await call('DELETE', '/upload/attachment/:id', { token: A, params: { id: dropped.id } });
    const withFile = { channel_id: channel.id, content: '', attachment_ids: [kept.id] };
    const carrying = await call('POST', '/message', { token: A, body: withFile });
    const file = await fetch(`${server.url}${carrying.attachments[0].file_url}`);
    expect(file.status).toBe(endpoint('GET', '/attachments/:id/:variant/:name').status);
    expect(await file.text()).toBe('kept');
    userLive.send({ type: 'message', channel_id: channel.id, content: 'live', nonce: 'n-2' });
    await userLive.waitFor((f) => f.type === 'message' && f.data.nonce === 'n-2');

    // Voice: a channel both join (signals both ways, mute, speaking), then DM calls answered and declined.
    const lounge = { name: 'Lounge', channel_type: 'voice', group_id: group.id };
    const voice = await call('POST', '/channel', { token: A, body: lounge });
    await call('GET', '/voice/turn-credentials', { token: U });
    const inVoice = { id: voice.id };
    const seatA = await call('POST', '/voice/channels/:id/join', {
      token: A,
      params: inVoice,
      body: { peer_id: 'pa' },
    });
    const seatU = await call('POST', '/voice/channels/:id/join', {
      token: U,
      params: inVoice,
      body: { peer_id: 'pu' },
    });
    await call('GET', '/voice/channels/:id/participants', { token: U, params: inVoice });
    const muteBody = { is_muted: true, is_deafened: false };
    await call('POST', '/voice/channels/:id/mute-state', { token: U, params: inVoice, body: muteBody });
    const sdp = { type: 'offer', sdp: 'v=0' };
    const offerToUser = { target_user_id: user.user.id, signal_type: 'offer', signal_data: sdp };
    adminLive.send({ type: 'webrtc_signal', channel_id: voice.id, session_id: seatA.session_id, ...offerToUser });
    await userLive.waitFor((f) => f.type === 'webrtc_signal');
    const toAdmin = { target_user_id: admin.user.id, signal_type: 'answer', signal_data: { ...sdp, type: 'answer' } };
    await call('POST', '/voice/signal', { token: U, body: { session_id: seatU.session_id, ...toAdmin } });
    userLive.send({ type: 'voice_speaking', channel_id: voice.id, is_speaking: true });
    await adminLive.waitFor((f) => f.type === 'voice_user_speaking');
    await call('POST', '/voice/channels/:id/leave', { token: U, params: inVoice });
    const refriend = await call('POST', '/friends/request', { token: U, body: { username: admin.user.username } });
    await call('POST', '/friends/:friendship_id/accept', {
      token: A,
      params: { friendship_id: refriend.friendship_id },
    });
    const ring = await call('POST', '/voice/dm/call/start', { token: A, body: { recipient_id: user.user.id } });
    await call('POST', '/voice/dm/call/action', { token: U, body: { call_id: ring.call_id, action: 'answer' } });
    const candidate = { signal_type: 'ice-candidate', signal_data: { candidate: '' } };
    userLive.send({ type: 'dm_call_signal', call_id: ring.call_id, target_user_id: admin.user.id, ...candidate });
    await adminLive.waitFor((f) => f.type === 'dm_call_signal');
    const callMute = { call_id: ring.call_id, is_muted: true, is_deafened: true };
    await call('POST', '/voice/dm/call/mute-state', { token: A, body: callMute });
    await call('POST', '/voice/dm/call/action', { token: A, body: { call_id: ring.call_id, action: 'end' } });
    const ringAgain = await call('POST', '/voice/dm/call/start', { token: U, body: { recipient_id: admin.user.id } });
    await call('POST', '/voice/dm/call/action', { token: A, body: { call_id: ringAgain.call_id, action: 'decline' } });

    // My Account, on a third account: storage, email and its code, a reset through the code (no SMTP
    // here: the codes are read from the outbox), password, username, sessions, and deletion.
    const accName = uniqueName('acc');
    const acc = await call('POST', '/auth/register', { body: { username: accName, password } });
    await call('GET', '/upload/storage-info', { token: acc.access_token });
    await call('POST', '/admin/recalculate-my-storage', { token: acc.access_token });
    const address = `${accName.toLowerCase()}@example.test`;
    const mailedCode = async (kind: string) => {
      await server.ctx.mail.idle();
      const box = await call('GET', '/admin/mail/outbox', { token: A });
      return /code=(\d{6})/.exec(box.mails.find((m: any) => m.to === address && m.kind === kind).summary)![1]!;
    };
    await call('PUT', '/user/update-email', { token: acc.access_token, body: { email: address } });
    await call('POST', '/user/resend-email-verification', { token: acc.access_token });
    await call('GET', '/user/email-status', { token: acc.access_token });
    const verification_code = await mailedCode('email_verification');
    await call('POST', '/user/verify-email', { token: acc.access_token, body: { verification_code } });
    await call('DELETE', '/user/remove-email', { token: acc.access_token });
    await call('PUT', '/user/update-email', { token: acc.access_token, body: { email: address } });
    await call('POST', '/auth/forgot-password', { body: { identifier: address } });
    const resetCode = { identifier: accName, code: await mailedCode('password_reset_code') };
    const { reset_token } = await call('POST', '/auth/verify-reset-code', { body: resetCode });
    await call('POST', '/auth/reset-password', { body: { token: reset_token, new_password: 'secret34' } });
    let accLogin = await call('POST', '/auth/login', { body: { username: accName, password: 'secret34' } });
    const passwords = { current_password: 'secret34', new_password: password };
    await call('PUT', '/user/update-password', { token: accLogin.access_token, body: passwords });
    accLogin = await call('POST', '/auth/login', { body: { username: accName, password } });
    const renamed = `${accName.slice(0, 16)}_acc`;
    await call('PUT', '/user/update-username', { token: accLogin.access_token, body: { username: renamed } });
    accLogin = await call('POST', '/auth/login', { body: { username: renamed, password } });
    await call('POST', '/auth/invalidate-all-sessions', { token: accLogin.access_token });
    accLogin = await call('POST', '/auth/login', { body: { username: renamed, password } });
    await call('DELETE', '/user/delete-account', { token: accLogin.access_token });

    // The admin panel, on an account of its own (a role change restarts its connections, a
    // suspension and a deletion end them): the frames it receives are checked with the others'.
    const victimName = uniqueName('vic');
    const victim = await call('POST', '/auth/register', { body: { username: victimName, password } });
    const V = { params: { id: victim.user.id as number } };
    await call('GET', '/admin/users', { token: A });
    await call('GET', '/admin/users/storage', { token: A });
    await call('POST', '/admin/users/:id/promote', { token: A, ...V });
    await call('POST', '/admin/users/:id/demote', { token: A, ...V });
    await call('PUT', '/admin/users/:id/email', { token: A, ...V, body: { email: `${victimName}@example.com` } });
    await call('GET', '/admin/users/:id/activity', { token: A, ...V });
    await call('POST', '/admin/recalculate-storage/:id', { token: A, ...V });
    await call('POST', '/admin/recalculate-all-storage', { token: A });
    const broadcast = { title: 'Maintenance', content: 'Back in five minutes.' };
    await call('POST', '/admin/guardian/send-announcement', { token: A, body: broadcast });
    await userLive.waitFor((f) => f.type === 'admin_announcement' && f.data.title === broadcast.title);
    await call('GET', '/admin/system/resources', { token: A });
    // The test server has a stand-in external relay: there is no coturn of its own to restart.
    await call('POST', '/admin/coturn/restart', { token: A });
    await call('POST', '/admin/voice/cleanup-sessions', { token: A });
    await call('GET', '/admin/voice/sessions/debug', { token: A });
    const victimReport = {
      device_info: { platform: 'Linux', userAgent: 'Test', language: 'en', screen: { width: 800, height: 600 } },
      user_agent: 'Test',
      timezone: 'UTC',
      language: 'en',
    };
    await call('POST', '/privacy/report', { token: victim.access_token, body: victimReport });
    const { reports } = await call('GET', '/admin/data-collection/reports', { token: A });
    await call('DELETE', '/admin/data-collection/reports/:id', { token: A, params: { id: reports[0].id } });
    await call('DELETE', '/admin/data-collection/reports', { token: A });
    const suspendedLive = await LiveClient.authed(server.url, victim.access_token);
    await call('POST', '/admin/users/:id/suspend', { token: A, ...V, body: { reason: 'spam' } });
    await suspendedLive.waitFor((f) => f.type === 'suspended');
    await call('POST', '/admin/users/:id/unsuspend', { token: A, ...V });
    const relogin = await call('POST', '/auth/login', { body: { username: victimName, password } });
    const terminatedLive = await LiveClient.authed(server.url, relogin.access_token);
    await call('DELETE', '/admin/users/:id', { token: A, ...V });
    await terminatedLive.waitFor((f) => f.type === 'account_terminated');
    await call('GET', '/admin/audit', { token: A, query: { limit: 20 } });

    // Push: a browser's subscription at the stand-in push service, a test push, then unregistered.
    await call('GET', '/push-notifications/vapid-public-key', { token: A });
    const pushToken = JSON.stringify(pushService.subscription().toJSON());
    await call('POST', '/push-notifications/register', { token: A, body: { token: pushToken, platform: 'web' } });
    await call('POST', '/push-notifications/test', { token: A });
    await call('POST', '/push-notifications/unregister', { token: A, body: { token: pushToken } });

    await call('DELETE', '/category/:id', { token: A, params: { id: category.id } });
    await call('DELETE', '/channel/:id', { token: A, params: { id: channel.id } });
    await call('DELETE', '/group/:id', { token: A, params: { id: group.id } });
    await call('POST', '/auth/logout', { token: pair.access_token, body: {} });
    // The user's devices: the registration, and one more signed in to be revoked; then revoke-others.
    await api.post('/auth/login', { username: userName, password });
    const { devices } = await call('GET', '/auth/devices', { token: U });
    // The caller's device first (listing counts as using it), then the spare one.
    expect(devices).toHaveLength(2);
    await call('DELETE', '/auth/devices/:id', { token: U, params: { id: devices[1].id } });
    await api.post('/auth/login', { username: userName, password });
    await call('POST', '/auth/devices/revoke-others', { token: U, body: { refresh_token: user.refresh_token } });

    expect(ENDPOINTS.filter((e) => !exercised.has(e)).map((e) => `${e.method} ${e.path}`)).toEqual([]);

    // Control replies.
    adminLive.send({ type: 'ping', timestamp: 1 });
    adminLive.send({ type: 'token_refresh', token: A });
    adminLive.send({ type: 'no_such_frame' });
    await adminLive.waitFor((f) => f.type === 'error');
    await adminLive.waitFor((f) => f.type === 'token_refreshed');
    await adminLive.waitFor((f) => f.type === 'group_deleted');
    await userLive.waitFor((f) => f.type === 'device_revoked');

    const seen = new Set<string>();
    for (const [who, client] of [
      ['admin', adminLive],
      ['user', userLive],
      ['suspended user', suspendedLive],
      ['terminated user', terminatedLive],
    ] as const) {
      let lastSeq = -1;
      for (const f of client.frames as Frame[]) {
        seen.add(f.type);
        const what = `${who} frame ${f.type}`;
        if (f.type in ServerEvents) {
          expectExactly(ServerEvents[f.type as keyof typeof ServerEvents], f.data, what);
          expect(f.seq, what).toBeGreaterThan(lastSeq);
          lastSeq = f.seq!;
        } else if (f.type in ServerControl) {
          expectExactly(ServerControl[f.type as keyof typeof ServerControl], f.data, what);
          if (f.type === 'ready') lastSeq = f.seq!;
          else expect(f.seq, what).toBeNull();
        } else {
          throw new Error(`${what} is in neither ServerEvents nor ServerControl`);
        }
      }
      client.close();
    }
    expect([...seen].sort()).toEqual(
      [
        'ready',
        'pong',
        'token_refreshed',
        'error',
        'message',
        'message_updated',
        'message_delete',
        'message_admin_delete',
        'message_embeds_update',
        'reaction_add',
        'reaction_remove',
        'custom_emoji_update',
        'custom_emoji_delete',
        'app_version_update',
        'voice_user_joined',
        'voice_user_left',
        'voice_user_speaking',
        'voice_user_muted',
        'voice_user_mute_state_update',
        'webrtc_signal',
        'dm_call_incoming',
        'dm_call_answered',
        'dm_call_declined',
        'dm_call_ended',
        'dm_call_signal',
        'dm_call_mute_state_update',
        'direct_message',
        'direct_message_edit',
        'direct_message_delete',
        'dm_reaction_add',
        'dm_reaction_remove',
        'dm_read_status_update',
        'message_pin_update',
        'user_update',
        'presence_update',
        'mention_notification',
        'admin_announcement',
        'suspended',
        'account_terminated',
        'notification_preferences_update',
        'friend_request_received',
        'friend_request_accepted',
        'friend_request_declined',
        'friend_request_cancelled',
        'friend_added',
        'friend_removed',
        'channel_read_status_update',
        'group_created',
        'group_updated',
        'group_deleted',
        'category_created',
        'category_updated',
        'category_deleted',
        'channel_created',
        'channel_updated',
        'channel_deleted',
        'permission_revoked',
        'device_revoked',
      ].sort(),
    );
  }, 180_000);
});
