import { LINK_PREVIEW_TIMEOUT_MS, LIVE_IDLE_TIMEOUT_MS, RATE_LIMITS, type RateLimitName } from '@hearth/protocol';
import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { LOG_LEVELS, type LogLevel } from './logging/logger.js';
import type { S3Settings } from './storage/s3.js';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** Every limit of the catalogue's RATE_LIMITS, scaled by RATE_LIMIT_SCALE. */
export type RateLimits = Record<RateLimitName, RateLimitRule>;

/** GIPHY's content ratings, mildest first (GIPHY_RATING). */
export const GIPHY_RATINGS = ['g', 'pg', 'pg-13', 'r'] as const;
export type GiphyRating = (typeof GIPHY_RATINGS)[number];

/** Where stored files live (STORAGE_BACKEND): DATA_DIR/files, or an S3-compatible bucket. */
export type StorageSettings = { backend: 'local' } | ({ backend: 's3' } & S3Settings);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** 0: a free port chosen at each start, so several instances (and test runs) never collide. */
  embeddedPgPort: number;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several instances (or tests) can share one Redis. */
  redisPrefix: string;
  webDist: string | undefined;
  accessTokenTtlSec: number;
  refreshTokenTtlDays: number;
  /** The gateway closes a connection that sends nothing for this long. */
  liveIdleTimeoutMs: number;
  /** Bytes queued for one socket before it is treated as a slow consumer and closed. */
  liveMaxBufferedBytes: number;
  /** Live connections one user may hold on this node; more are closed (4029). 0: no cap. */
  liveMaxConnectionsPerUser: number;
  /** Live connections one client address may hold on this node; more are closed (4029). 0: no cap. */
  liveMaxConnectionsPerAddress: number;
  /** Open HTTP sockets one address may hold (not counting live connections); more are closed at once. 0: no cap. Off behind a trusted proxy. */
  httpMaxConnectionsPerAddress: number;
  /** A request's headers must arrive within this long, or it is answered 408 and closed. */
  httpHeadersTimeoutMs: number;
  /** A whole request (headers and body) must arrive within this long, or it is answered 408 and closed. */
  httpRequestTimeoutMs: number;
  /** An idle kept-alive HTTP socket is closed after this long. */
  httpKeepAliveTimeoutMs: number;
  /** An HTTP socket with no traffic either way for this long is closed (a client that stopped reading). */
  httpIdleTimeoutMs: number;
  /** A node sent SIGTERM drains (see shutdown/drain.ts) and exits within this long. */
  shutdownGraceMs: number;
  rateLimits: RateLimits;
  /** Which proxies' X-Forwarded-For to believe (see http/client-address.ts). */
  trustProxy: TrustProxy;
  /** One log line per HTTP request and live frame (at info). */
  logRequests: boolean;
  /** The least severe level the JSON log keeps (LOG_LEVEL). */
  logLevel: LogLevel;
  /** Set: GET /metrics answers with `Authorization: Bearer <it>`; unset: /metrics is 404. */
  metricsToken: string | undefined;
  storage: StorageSettings;
  /** Largest file one upload may carry; larger is answered 413. */
  uploadMaxBytes: number;
  /** How long a file's signed address stays valid (from the next whole hour). */
  fileUrlTtlSec: number;
  /** Uploads never sent with a message are deleted after this long. */
  unsentUploadTtlSec: number;
  /** A user whose last live connection closed shows offline after this long, unless they come back. */
  presenceOfflineGraceMs: number;
  /** How often each node tells the others it is alive (its users stay online). */
  presenceNodeBeatMs: number;
  /** A node silent this long is taken as gone: its users go offline. */
  presenceNodeTimeoutMs: number;
  /** A DM call still ringing after this long ends unanswered (reason no_answer). */
  dmCallRingTimeoutMs: number;
  /** An external TURN server's addresses (TURN_URLS); empty: none, a local coturn may be started. */
  turnUrls: string[];
  /** The external TURN server's shared secret (its static-auth-secret); set exactly when turnUrls is. */
  turnSecret: string | null;
  /** How long the TURN credentials handed to a caller stay valid. */
  turnCredentialTtlSec: number;
  /** Voice may connect peers directly (their addresses are then visible to each other): for a LAN without a relay. */
  voiceAllowDirect: boolean;
  /** Without TURN_URLS, start a coturn of the server's own when turnserver is installed. */
  localCoturn: boolean;
  /** With localCoturn and no turnserver: install coturn at start-up (as root on Debian or Ubuntu). */
  autoInstallCoturn: boolean;
  /** A voice seat whose holder has had no live connection for this long is freed (a seat taken over REST alone). */
  voiceSeatTimeoutMs: number;
  /** GIPHY's API key: set, the GIF picker searches GIPHY; unset, the instance's own uploaded GIFs. */
  giphyApiKey: string | undefined;
  /** GIPHY's API address (a local stand-in in tests). */
  giphyApiUrl: string;
  /** The highest GIPHY rating passed on; r results are marked NSFW. */
  giphyRating: GiphyRating;
  /** Outgoing mail server (smtp:// or smtps://, credentials in the address); unset: mail is only logged and kept in the outbox. */
  smtpUrl: string | undefined;
  /** The From of every mail. */
  mailFrom: string;
  /** The address people open the app at, for links in mails (no trailing slash). */
  publicUrl: string;
  /** VAPID key pair (base64url) for Web Push; unset: made on first start and kept in the database. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** Who push services contact about this server's pushes (mailto: or https:). */
  vapidSubject: string;
  /** Web Push services besides the browsers' own (Google, Mozilla, Apple, Microsoft) this server sends to: origins. */
  pushEndpointOrigins: string[];
  /** Path of a Firebase service account JSON file: set, pushes reach the Android app through FCM. */
  fcmServiceAccount: string | undefined;
  /** FCM's API address (a local stand-in in tests). */
  fcmApiUrl: string;
  /** `host:port` pairs link previews and the media proxy may fetch although private (an intranet; tests). */
  unfurlAllowedHosts: string[];
  /** A link preview's or proxied image's whole fetch must end within this long. */
  unfurlTimeoutMs: number;
}

/** The defaults are part of the documented interface, so they live in the protocol package. */
export const DEFAULT_RATE_LIMITS: RateLimits = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([name, { limit, windowMs }]) => [name, { limit, windowMs }]),
) as unknown as RateLimits;

function int(value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`Expected a whole number of at least ${min}, got "${value}"`);
  return n;
}

function bool(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value !== 'true' && value !== 'false') throw new Error(`${name} must be true or false, got "${value}"`);
  return value === 'true';
}

/** A comma-separated list, without blank entries. */
function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The bare address of a From line ('Hearth <no-reply@example.com>' → 'no-reply@example.com'). */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from;
}

/** SMTP_URL: an smtp:// or smtps:// address (nodemailer's form, e.g. smtps://user:pass@mail.example.com:465). */
function smtpUrl(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let protocol: string | undefined;
  try {
    protocol = new URL(text).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:')
    throw new Error(
      'SMTP_URL must be an smtp:// or smtps:// address (e.g. smtps://user:password@mail.example.com:465)',
    );
  return text;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

function httpUrl(name: string, value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:')
    throw new Error(`${name} must be an http(s) address, got "${value}"`);
  return value;
}

/** Node answers 408 when headers or a request take too long; 0 turns a limit off. */
function httpTimeouts(env: NodeJS.ProcessEnv) {
  const httpHeadersTimeoutMs = int(env.HTTP_HEADERS_TIMEOUT_MS, 10_000);
  // Long enough for a 25 MB upload over a slow uplink; a stalled one meets the idle timeout first.
  const httpRequestTimeoutMs = int(env.HTTP_REQUEST_TIMEOUT_MS, 300_000);
  // Node refuses to start otherwise: the headers are part of the request.
  if (httpHeadersTimeoutMs > 0 && httpRequestTimeoutMs > 0 && httpHeadersTimeoutMs > httpRequestTimeoutMs)
    throw new Error('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  return {
    httpHeadersTimeoutMs,
    httpRequestTimeoutMs,
    // Longer than the idle timeout of common load balancers (60 s), so they never reuse a socket being closed.
    httpKeepAliveTimeoutMs: int(env.HTTP_KEEP_ALIVE_TIMEOUT_MS, 72_000, 1),
    // Longer than the keep-alive timeout, which governs idle sockets between requests.
    httpIdleTimeoutMs: int(env.HTTP_IDLE_TIMEOUT_MS, 120_000),
  };
}

/** An external TURN server needs both its addresses and its secret: one without the other is a mistake. */
function turnServer(env: NodeJS.ProcessEnv) {
  const turnUrls = commaList(env.TURN_URLS);
  const bad = turnUrls.find((url) => !/^(turns?|stun):/.test(url));
  if (bad) throw new Error(`TURN_URLS must list turn:, turns: or stun: addresses, got "${bad}"`);
  const turnSecret = env.TURN_SECRET?.trim() || null;
  const [haveUrls, haveSecret] = [turnUrls.length > 0, turnSecret !== null];
  if (haveUrls !== haveSecret) throw new Error('TURN_URLS and TURN_SECRET must be set together');
  return { turnUrls, turnSecret };
}

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** STORAGE_BACKEND and, for s3, the bucket's settings: each one it needs must be set. */
function storageSettings(env: NodeJS.ProcessEnv): StorageSettings {
  const chosen = env.STORAGE_BACKEND?.trim();
  // S3 settings without STORAGE_BACKEND are a forgotten line, not a wish for the local disk: started
  // so, a node would keep its files to itself, and a cluster's nodes would not find each other's.
  const s3Setting = S3_SETTINGS.find((name) => env[name]?.trim());
  if (!chosen && s3Setting)
    throw new Error(
      `${s3Setting} is set but STORAGE_BACKEND is not: set STORAGE_BACKEND=s3 to keep files in the bucket (or STORAGE_BACKEND=local for DATA_DIR/files)`,
    );
  const backend = oneOf('STORAGE_BACKEND', chosen || 'local', ['local', 's3'] as const);
  if (backend === 'local') return { backend };
  const required = (name: string, value: string | undefined) => {
    if (!value?.trim()) throw new Error(`STORAGE_BACKEND=s3 needs ${name}`);
    return value.trim();
  };
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  return {
    backend,
    // Unset: Amazon S3 itself, found by its region.
    endpoint: endpoint && httpUrl('S3_ENDPOINT', endpoint),
    region: required('S3_REGION', env.S3_REGION),
    bucket: required('S3_BUCKET', env.S3_BUCKET),
    accessKeyId: required('S3_ACCESS_KEY_ID', env.S3_ACCESS_KEY_ID),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY', env.S3_SECRET_ACCESS_KEY),
    forcePathStyle: bool('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, false),
  };
}

/** Reads the environment. Every setting has a default so `npm start` needs none. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const scale = env.RATE_LIMIT_SCALE ? Number(env.RATE_LIMIT_SCALE) : 1;
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`RATE_LIMIT_SCALE must be a positive number, got "${env.RATE_LIMIT_SCALE}"`);
  const port = int(env.PORT, 8080);
  const rateLimits = Object.fromEntries(
    Object.entries(DEFAULT_RATE_LIMITS).map(([k, r]) => [k, { ...r, limit: Math.ceil(r.limit * scale) }]),
  ) as unknown as RateLimits;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    // npm runs workspace scripts inside the workspace; relative paths mean the folder npm was started from.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: int(env.EMBEDDED_PG_PORT, 0),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'hearth:',
    webDist: env.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist'),
    accessTokenTtlSec: int(env.ACCESS_TOKEN_TTL_SEC, 15 * 60),
    refreshTokenTtlDays: int(env.REFRESH_TOKEN_TTL_DAYS, 30),
    liveIdleTimeoutMs: int(env.LIVE_IDLE_TIMEOUT_MS, LIVE_IDLE_TIMEOUT_MS),
    liveMaxBufferedBytes: int(env.LIVE_MAX_BUFFERED_BYTES, 4 * 1024 * 1024),
    // Several tabs on several devices, plus connections of dropped networks not yet noticed.
    liveMaxConnectionsPerUser: int(env.LIVE_MAX_CONNECTIONS_PER_USER, 20),
    // An office of a hundred people behind one NAT, with a couple of tabs each.
    liveMaxConnectionsPerAddress: int(env.LIVE_MAX_CONNECTIONS_PER_ADDRESS, 256),
    // Browsers open up to 6 sockets per site, so this too is sized for an office behind one NAT.
    httpMaxConnectionsPerAddress: int(env.HTTP_MAX_CONNECTIONS_PER_ADDRESS, 256),
    ...httpTimeouts(env),
    // Room for a proxy's idle kept-alive sockets to be closed from its side (5 s in the shipped nginx
    // sites), the live sessions to be saved and requests in flight to finish (nginx buffers uploads,
    // so none waits on a slow client), and below systemd's TimeoutStopSec of 45 s.
    shutdownGraceMs: int(env.SHUTDOWN_GRACE_MS, 25_000, 1_000),
    rateLimits,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logRequests: bool('LOG_REQUESTS', env.LOG_REQUESTS, true),
    logLevel: oneOf('LOG_LEVEL', env.LOG_LEVEL?.trim() || 'info', LOG_LEVELS),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    storage: storageSettings(env),
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, 25 * 1024 * 1024, 1),
    fileUrlTtlSec: int(env.FILE_URL_TTL_SEC, 24 * 3600, 60),
    unsentUploadTtlSec: int(env.UNSENT_UPLOAD_TTL_SEC, 24 * 3600, 60),
    // A reload reconnects in a second or two; a tab closed for good goes offline soon after.
    presenceOfflineGraceMs: int(env.PRESENCE_OFFLINE_GRACE_MS, 8_000),
    presenceNodeBeatMs: int(env.PRESENCE_NODE_BEAT_MS, 10_000, 100),
    presenceNodeTimeoutMs: int(env.PRESENCE_NODE_TIMEOUT_MS, 30_000, 300),
    // Discord and phones ring for about this long before giving up.
    dmCallRingTimeoutMs: int(env.DM_CALL_RING_TIMEOUT_MS, 45_000, 500),
    ...turnServer(env),
    // Credentials open relay allocations until they expire (coturn keeps an open one alive past that):
    // long enough for an evening in a voice channel, short enough that a leaked pair soon stops working.
    turnCredentialTtlSec: int(env.TURN_CREDENTIAL_TTL_SEC, 6 * 3600, 60),
    voiceAllowDirect: bool('VOICE_ALLOW_DIRECT', env.VOICE_ALLOW_DIRECT, false),
    localCoturn: bool('LOCAL_COTURN', env.LOCAL_COTURN, true),
    autoInstallCoturn: bool('AUTO_INSTALL_COTURN', env.AUTO_INSTALL_COTURN, true),
    // Longer than a reload or a reconnection to another node takes, so neither loses its seat.
    voiceSeatTimeoutMs: int(env.VOICE_SEAT_TIMEOUT_MS, 30_000, 500),
    giphyApiKey: env.GIPHY_API_KEY?.trim() || undefined,
    giphyApiUrl: httpUrl('GIPHY_API_URL', env.GIPHY_API_URL || 'https://api.giphy.com'),
    giphyRating: oneOf('GIPHY_RATING', env.GIPHY_RATING || 'pg-13', GIPHY_RATINGS),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM?.trim() || 'Hearth <no-reply@localhost>',
    publicUrl: httpUrl('PUBLIC_URL', env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, ''),
    vapidPublicKey: env.VAPID_PUBLIC_KEY?.trim() || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY?.trim() || undefined,
    vapidSubject: env.VAPID_SUBJECT?.trim() || `mailto:${mailAddress(env.MAIL_FROM?.trim() || 'no-reply@localhost')}`,
    pushEndpointOrigins: commaList(env.PUSH_ENDPOINT_ORIGINS).map(
      (origin) => new URL(httpUrl('PUSH_ENDPOINT_ORIGINS', origin)).origin,
    ),
    fcmServiceAccount: env.FCM_SERVICE_ACCOUNT?.trim() || undefined,
    fcmApiUrl: httpUrl('FCM_API_URL', env.FCM_API_URL || 'https://fcm.googleapis.com'),
    unfurlAllowedHosts: commaList(env.UNFURL_ALLOWED_HOSTS).map((h) => h.toLowerCase()),
    unfurlTimeoutMs: int(env.UNFURL_TIMEOUT_MS, LINK_PREVIEW_TIMEOUT_MS, 1),
  };
}

/**
 * TRUST_PROXY: false (no proxy: the socket's peer is the client), true (every hop is trusted: only
 * for a server no client can reach except through the proxy), or the proxies' addresses and
 * subnets ('loopback', '10.0.0.0/8', ...). With a list, X-Forwarded-For is read from the right and
 * only through trusted proxies, so entries a client wrote itself are never taken as its address.
 */
export type TrustProxy = boolean | string[];

/** Reads TRUST_PROXY: 'true', 'false' (or unset), or a comma-separated list of proxy addresses. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  const list = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  proxyAddr.compile(list); // throws on an address it cannot read, so a typo stops the start
  return list;
}
