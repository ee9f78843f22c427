import { z } from 'zod';
import {
  LIVE_IDLE_TIMEOUT_MS,
  LIVE_MAX_FRAME_BYTES,
  LIVE_PING_INTERVAL_MS,
  LIVE_TOKEN_EXPIRY_GRACE_MS,
  RESUME_MIN_EVENTS,
  RESUME_WINDOW_MS,
} from './constants.js';
import { AuthAnswer, TokenPair } from './auth.js';
import { SelfUser } from './users.js';
import { Device } from './devices.js';
import { Category, Channel, Group, GroupPermissionEntry, PermissionSet } from './groups.js';
import { Message } from './messages.js';
import { PinnedMessage } from './pins.js';
import { Reaction } from './reactions.js';
import { ChannelReadStatus, GroupReadStatus } from './read-status.js';
import { StorageInfo, UserProfile } from './profiles.js';
import { OwnPresence, UserPresence } from './presence.js';
import { CustomEmoji } from './emoji.js';
import { FavoriteGif, GifPage, UserGif } from './gifs.js';
import { ClientFrame, CLOSE, PermissionChange, ServerControl, ServerEvents } from './gateway.js';
import { TEXT } from './texts.js';
import {
  CLIENT_FRAME_DOCS,
  CLOSE_CODE_DOCS,
  ENDPOINTS,
  FRAME_AUDIENCE,
  FRAME_LIMITS,
  RATE_LIMITS,
  type Endpoint,
  type RateLimitName,
} from './endpoints.js';

/**
 * Renders docs/api.md from the endpoint catalogue and the protocol schemas. The output depends on
 * nothing but the code, so a test can check the committed file is current.
 */

export interface ConfigVar {
  name: string;
  default: string;
  description: string;
}

/** The server's environment variables (apps/server/src/config.ts); a server test checks the list and defaults. */
export const CONFIG_VARS: readonly ConfigVar[] = [
  { name: 'PORT', default: '8080', description: 'Port of the HTTP API, the live gateway and the web client.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Address to listen on.' },
  {
    name: 'DATA_DIR',
    default: './data',
    description:
      'Directory of the embedded PostgreSQL (used when DATABASE_URL is unset), relative to the folder the server or npm was started from. Run as root where the postgres user cannot enter it, the database lives in /var/lib/hearth instead (the start-up line says where).',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description: 'PostgreSQL connection string. Unset: an embedded PostgreSQL is started in DATA_DIR.',
  },
  {
    name: 'EMBEDDED_PG_PORT',
    default: '0',
    description: 'Port of the embedded PostgreSQL (on 127.0.0.1 only). 0: a free port chosen at each start.',
  },
  {
    name: 'REDIS_URL',
    default: '(unset)',
    description:
      'Redis for running several nodes: shared event log, live sessions and rate limits. Unset: one node, all in memory.',
  },
  {
    name: 'REDIS_PREFIX',
    default: 'hearth:',
    description: 'Prefix of every Redis key, so several instances can share one Redis.',
  },
  {
    name: 'WEB_DIST',
    default: 'apps/web/dist',
    description: 'The built web client to serve; without an index.html there, only the API is served.',
  },
  { name: 'ACCESS_TOKEN_TTL_SEC', default: '900', description: 'Lifetime of an access token, in seconds.' },
  { name: 'REFRESH_TOKEN_TTL_DAYS', default: '30', description: 'Lifetime of a refresh token, in days.' },
  {
    name: 'LIVE_IDLE_TIMEOUT_MS',
    default: String(LIVE_IDLE_TIMEOUT_MS),
    description: 'The gateway closes (4000) a connection that has sent nothing for this long.',
  },
  {
    name: 'LIVE_MAX_BUFFERED_BYTES',
    default: String(4 * 1024 * 1024),
    description: 'Bytes queued for one live connection before it is closed (4008) as a slow consumer.',
  },
  {
    name: 'LIVE_MAX_CONNECTIONS_PER_USER',
    default: '20',
    description:
      'Live connections one user may hold on each server node; more are closed (4029) after `auth` or `resume`. 0: no cap.',
  },
  {
    name: 'LIVE_MAX_CONNECTIONS_PER_ADDRESS',
    default: '256',
    description:
      'Live connections one client address (behind TRUST_PROXY, the forwarded one) may hold on each server node; more are closed (4029) at once. 0: no cap.',
  },
  {
    name: 'HTTP_MAX_CONNECTIONS_PER_ADDRESS',
    default: '256',
    description:
      'Open HTTP sockets one peer address may hold (live connections not counted); more are closed as they connect. 0: no cap. Not applied with TRUST_PROXY, where every socket comes from the proxy: limit sockets per client there.',
  },
  {
    name: 'HTTP_HEADERS_TIMEOUT_MS',
    default: '10000',
    description: "A request's headers must arrive within this long, or it is answered 408 and closed. 0: no limit.",
  },
  {
    name: 'HTTP_REQUEST_TIMEOUT_MS',
    default: '300000',
    description:
      'A whole request (headers and body) must arrive within this long, or it is answered 408 and closed; at least HTTP_HEADERS_TIMEOUT_MS. Long enough for a 25 MB upload over a slow uplink (about 0.7 Mbit/s); a stalled upload is closed sooner by HTTP_IDLE_TIMEOUT_MS. 0: no limit.',
  },
  {
    name: 'HTTP_KEEP_ALIVE_TIMEOUT_MS',
    default: '72000',
    description:
      'An idle kept-alive HTTP socket is closed after this long. Behind a load balancer, keep it above the idle timeout of the balancer.',
  },
  {
    name: 'SHUTDOWN_GRACE_MS',
    default: '25000',
    description:
      'SIGTERM drains the node: /readyz answers 503, it stops accepting connections, closes live connections with 4012 (clients resume at once on another node), finishes requests in flight (answered with Connection: close) and exits 0 within this long. SIGINT stops at once.',
  },
  {
    name: 'HTTP_IDLE_TIMEOUT_MS',
    default: '120000',
    description: 'An HTTP socket with no traffic either way for this long is closed. 0: no limit.',
  },
  {
    name: 'RATE_LIMIT_SCALE',
    default: '1',
    description: 'Multiplies every rate limit (rounded up), e.g. 10 for load tests.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Behind a reverse proxy: the addresses or subnets of the proxies, comma-separated (e.g. `loopback` or `10.0.0.0/8`); the client address (for per-address limits) is then read from X-Forwarded-For through those proxies only. `true` trusts every hop: only for a server no client can reach except through the proxy.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description:
      'The least severe level of the JSON log on standard output: `fatal`, `error`, `warn`, `info`, `debug` (adds a line per live event delivered, with the id of the request that published it), `trace` or `silent`.',
  },
  {
    name: 'LOG_REQUESTS',
    default: 'true',
    description:
      '`true`: one log line (at `info`) per HTTP request and per live frame, with its request id, route, status and time. `false` leaves them out; the rest of the log stays.',
  },
  {
    name: 'METRICS_TOKEN',
    default: '(unset)',
    description:
      'Set: `GET /metrics` answers Prometheus with `Authorization: Bearer <token>` (401 otherwise). Unset: `/metrics` is 404.',
  },
  {
    name: 'UPLOAD_MAX_BYTES',
    default: '26214400',
    description: 'Largest file one upload may carry (25 MB); a larger one is answered 413.',
  },
  {
    name: 'STORAGE_BACKEND',
    default: 'local',
    description:
      'Where uploaded files (attachments, pictures, emoji, GIFs, group icons) are kept: `local` (DATA_DIR/files) or `s3` (an S3-compatible bucket, the S3_* settings; every node of a cluster must use it). The server checks the bucket at start and stops with a sentence when it cannot reach it. S3_* settings without STORAGE_BACKEND are refused at start (a forgotten line would keep files on one node).',
  },
  {
    name: 'S3_ENDPOINT',
    default: '(unset)',
    description:
      'With STORAGE_BACKEND=s3: the address of an S3-compatible server (MinIO, Garage, Ceph, a cloud’s). Unset: Amazon S3 itself, by S3_REGION.',
  },
  { name: 'S3_REGION', default: '(unset)', description: 'With STORAGE_BACKEND=s3 (required): the bucket’s region.' },
  {
    name: 'S3_BUCKET',
    default: '(unset)',
    description: 'With STORAGE_BACKEND=s3 (required): the bucket, made beforehand.',
  },
  {
    name: 'S3_ACCESS_KEY_ID',
    default: '(unset)',
    description:
      'With STORAGE_BACKEND=s3 (required): the access key, allowed to read, write, list and delete in the bucket.',
  },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(unset)', description: 'With STORAGE_BACKEND=s3 (required): its secret.' },
  {
    name: 'S3_FORCE_PATH_STYLE',
    default: 'false',
    description:
      'With STORAGE_BACKEND=s3: `true` for addresses of the form endpoint/bucket/key, which most self-hosted S3 servers need; `false`: bucket.endpoint/key.',
  },
  {
    name: 'FILE_URL_TTL_SEC',
    default: '86400',
    description:
      "How long a file's signed address stays valid, counted from the next whole hour (so an address is the same for an hour and browsers cache it). History pages and events always carry fresh addresses.",
  },
  {
    name: 'UNSENT_UPLOAD_TTL_SEC',
    default: '86400',
    description: 'Uploads never sent with a message are deleted (with their files) after this long.',
  },
  {
    name: 'PRESENCE_OFFLINE_GRACE_MS',
    default: '8000',
    description:
      'A user whose last live connection closed shows offline after this long, unless a connection comes back first (a reload does not flicker).',
  },
  {
    name: 'PRESENCE_NODE_BEAT_MS',
    default: '10000',
    description: 'How often each server process records that it is alive, keeping its users online (at least 100).',
  },
  {
    name: 'PRESENCE_NODE_TIMEOUT_MS',
    default: '30000',
    description:
      'A server process silent this long is taken as gone (a crash): another one announces its users offline (at least 300).',
  },
  {
    name: 'DM_CALL_RING_TIMEOUT_MS',
    default: '45000',
    description: 'A DM call still ringing after this long ends unanswered (`end_reason` no_answer; at least 500).',
  },
  {
    name: 'GIPHY_API_KEY',
    default: '(unset)',
    description:
      "GIPHY's API key: set, the GIF picker's trending, search and categories come from GIPHY (through the server, which keeps the key; answers are kept a minute) and the Content-Security-Policy allows GIPHY's image hosts. Unset: they come from the GIFs this instance's users uploaded.",
  },
  {
    name: 'GIPHY_API_URL',
    default: 'https://api.giphy.com',
    description: "GIPHY's API address (tests point it at a local stand-in).",
  },
  {
    name: 'GIPHY_RATING',
    default: 'pg-13',
    description:
      'The highest GIPHY content rating shown: `g`, `pg`, `pg-13` or `r`; results rated `r` are marked NSFW.',
  },
  {
    name: 'TURN_URLS',
    default: '(unset)',
    description:
      'An external TURN server for voice, comma-separated as browsers take them (e.g. `turn:turn.example.com:3478?transport=udp,turn:turn.example.com:3478?transport=tcp`); with TURN_SECRET. Set, the server starts no coturn of its own.',
  },
  {
    name: 'TURN_SECRET',
    default: '(unset)',
    description:
      "The external TURN server's shared secret (coturn's `static-auth-secret`, with `use-auth-secret`); with TURN_URLS.",
  },
  {
    name: 'TURN_CREDENTIAL_TTL_SEC',
    default: '21600',
    description:
      'How long the TURN credentials handed to a caller can open relay allocations (at least 60); an allocation already open is still renewed after that, so a call in progress is not cut off.',
  },
  {
    name: 'LOCAL_COTURN',
    default: 'true',
    description:
      "Without TURN_URLS, the server starts a coturn of its own when `turnserver` is installed (Debian/Ubuntu: `apt-get install coturn`), on the host's first network address and free ports, with a secret made at each start. `false`: never.",
  },
  {
    name: 'AUTO_INSTALL_COTURN',
    default: 'true',
    description:
      'With LOCAL_COTURN and no TURN_URLS, a missing `turnserver` is installed at start-up (`apt-get install coturn`, as root on Debian or Ubuntu only, one line saying so); elsewhere the start-up line says what to install. `false`: never install.',
  },
  {
    name: 'VOICE_SEAT_TIMEOUT_MS',
    default: '30000',
    description:
      'A voice seat whose holder has had no live connection on any node for this long is freed (`voice_user_left`); checked on every node, first at start-up (at least 500).',
  },
  {
    name: 'VOICE_ALLOW_DIRECT',
    default: 'false',
    description:
      "`true` lets voice connect callers directly, not only through the relay: for a small LAN install without a relay. Callers then learn each other's addresses.",
  },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    description:
      'Outgoing mail server, e.g. `smtps://user:password@mail.example.com:465` or `smtp://mail.example.com:587` (STARTTLS when offered). Unset: no mail leaves the server; each one is written to the server log (to, subject, the link or code) and kept in the outbox admins read with GET /admin/mail/outbox.',
  },
  {
    name: 'MAIL_FROM',
    default: 'Hearth <no-reply@localhost>',
    description: 'The From of every mail the server sends.',
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:8080',
    description:
      'The address people open Hearth at, used in the links mails carry (password reset, email verification). Defaults to `http://localhost:` and PORT.',
  },
  {
    name: 'VAPID_PUBLIC_KEY',
    default: '(made on first start)',
    description:
      'With VAPID_PRIVATE_KEY, the key pair (base64url, as `web-push generate-vapid-keys` prints) Web Push requests are signed with. Unset: a pair is made on the first start and kept in the database, shared by every node.',
  },
  {
    name: 'VAPID_PRIVATE_KEY',
    default: '(made on first start)',
    description: 'The private half of VAPID_PUBLIC_KEY; set both or neither.',
  },
  {
    name: 'VAPID_SUBJECT',
    default: 'mailto: and the address of MAIL_FROM',
    description: "Who a push service may contact about this server's pushes: a `mailto:` or `https:` address.",
  },
  {
    name: 'PUSH_ENDPOINT_ORIGINS',
    default: '(none)',
    description:
      "Web Push services to send to besides the browsers' own (Google, Mozilla, Apple, Microsoft, over HTTPS), as comma-separated origins, e.g. a self-hosted push service. A subscription whose endpoint is elsewhere is refused, so no client can make the server send requests to other addresses.",
  },
  {
    name: 'FCM_SERVICE_ACCOUNT',
    default: '(unset)',
    description:
      "Path of a Firebase service account JSON file. Set: pushes reach the Android app's registrations (platform android) through Firebase Cloud Messaging. Unset: Android registrations are kept but not sent to.",
  },
  {
    name: 'FCM_API_URL',
    default: 'https://fcm.googleapis.com',
    description: "Firebase Cloud Messaging's API address.",
  },
  {
    name: 'UNFURL_ALLOWED_HOSTS',
    default: '(none)',
    description:
      'Comma-separated `host:port` pairs (e.g. `wiki.intranet:443`, IPv6 as `[fd00::1]:80`) that link previews and the media proxy may fetch although they resolve to a private or local address. Every other private, loopback, link-local, carrier-grade NAT, multicast or metadata address is refused.',
  },
  {
    name: 'UNFURL_TIMEOUT_MS',
    default: '5000',
    description: "How long a link preview's or proxied image's whole fetch (lookups, redirects, body) may take.",
  },
];

/** Answer and frame schemas documented once, under Schemas, and referred to by name elsewhere. */
const NAMED_SCHEMAS: readonly (readonly [string, z.ZodType])[] = [
  ['AuthAnswer', AuthAnswer],
  ['TokenPair', TokenPair],
  ['SelfUser', SelfUser],
  ['Device', Device],
  ['Group', Group],
  ['Category', Category],
  ['Channel', Channel],
  ['PermissionSet', PermissionSet],
  ['GroupPermissionEntry', GroupPermissionEntry],
  ['PermissionChange', PermissionChange],
  ['Message', Message],
  ['PinnedMessage', PinnedMessage],
  ['Reaction', Reaction],
  ['ChannelReadStatus', ChannelReadStatus],
  ['GroupReadStatus', GroupReadStatus],
  ['UserProfile', UserProfile],
  ['StorageInfo', StorageInfo],
  ['UserPresence', UserPresence],
  ['OwnPresence', OwnPresence],
  ['CustomEmoji', CustomEmoji],
  ['GifPage', GifPage],
  ['FavoriteGif', FavoriteGif],
  ['UserGif', UserGif],
];

type Json = Record<string, unknown>;

const WIDTH = 100;

function strip(schema: Json): Json {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

/** A check in front of a pipe (z.unknown().refine(...).pipe(X)) accepts what X accepts: document X. */
const inputOverride = (ctx: { zodSchema: z.core.$ZodType; jsonSchema: Json }) => {
  const def = ctx.zodSchema._zod.def;
  if (def.type !== 'pipe') return;
  const pipe = def as z.core.$ZodPipeDef;
  if (pipe.in._zod.def.type === 'unknown') Object.assign(ctx.jsonSchema, inputSchema(pipe.out));
};

function inputSchema(schema: z.core.$ZodType): Json {
  return strip(
    z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', override: inputOverride }) as unknown as Json,
  );
}

/** Output schemas, converted together so named schemas become `{ "$ref": "Name" }` wherever they occur. */
function outputSchemas(schemas: readonly z.ZodType[]): { ids: Map<z.ZodType, string>; json: Map<string, Json> } {
  const registry = z.registry<{ id: string }>();
  const ids = new Map<z.ZodType, string>();
  for (const [name, schema] of NAMED_SCHEMAS) {
    ids.set(schema, name);
    registry.add(schema, { id: name });
  }
  for (const schema of schemas) {
    if (ids.has(schema)) continue;
    const id = `#${ids.size}`;
    ids.set(schema, id);
    registry.add(schema, { id });
  }
  const result = z.toJSONSchema(registry, { io: 'output', unrepresentable: 'any', uri: (id) => id });
  const json = new Map<string, Json>();
  for (const [id, schema] of Object.entries(result.schemas)) json.set(id, strip(schema as unknown as Json));
  return { ids, json };
}

/* ---------- compact JSON: a value that fits on a line stays on one line ---------- */

function flat(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flat).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return '{}';
    return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${flat(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

function compact(value: unknown, indent = '', used = indent.length): string {
  const line = flat(value);
  if (used + line.length <= WIDTH || value === null || typeof value !== 'object') return line;
  const inner = `${indent}  `;
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
    // Scalars (e.g. a list of required fields) fill their lines.
    const rows: string[] = [];
    for (const item of value.map((v) => JSON.stringify(v))) {
      const last = rows.length - 1;
      if (last >= 0 && inner.length + rows[last]!.length + item.length + 3 <= WIDTH) rows[last] += `, ${item}`;
      else rows.push(item);
    }
    return `[\n${rows.map((r) => inner + r).join(',\n')}\n${indent}]`;
  }
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => inner + compact(v, inner)).join(',\n')}\n${indent}]`;
  }
  const lines = Object.entries(value).map(([k, v]) => {
    const key = `${inner}${JSON.stringify(k)}: `;
    return key + compact(v, inner, key.length);
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

const jsonBlock = (value: unknown) => ['```json', compact(value), '```'];

/* ---------- markdown ---------- */

const anchor = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const endpointAnchor = (e: Endpoint) => anchor(`${e.method} ${e.path}`);
const schemaAnchor = (name: string) => `schema-${anchor(name)}`;
const seconds = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`);
const cell = (text: string) => text.replace(/\|/g, '\\|');

function limitsApplyingTo(name: RateLimitName): string {
  const uses = ENDPOINTS.filter((e) => e.limits?.includes(name)).map((e) => `\`${e.method} ${e.path}\``);
  const frames = Object.entries(FRAME_LIMITS).filter(([, limits]) => limits.includes(name));
  for (const [type] of frames) uses.push(`live \`${type}\` frames`);
  return uses.join(', ');
}

function intro(): string[] {
  return [
    '# Hearth API',
    '',
    '<!-- Generated by `npm run docs:api` from packages/protocol (each feature’s `*.endpoints.ts` catalogue and its schemas). Do not edit by hand: a test fails when this file is out of date. -->',
    '',
    'A Hearth server answers on one port: the REST API under `/api`, the live gateway (WebSocket) at `/ws`, and the web client everywhere else.',
    '',
    'Schemas below are JSON Schema (draft 2020-12) generated from the zod schemas the server validates with: request schemas show what the server accepts, answer schemas what it sends. `{ "$ref": "Message" }` refers to a schema under [Schemas](#schemas).',
    '',
    '## Conventions',
    '',
    '- **Base path.** Every path below is relative to `/api`: `GET /group` is `GET /api/group`.',
    '- **JSON.** Request bodies are JSON objects sent with `Content-Type: application/json`, at most 256 KiB; unknown fields are ignored. Answers are JSON, except 204, which has no body.',
    '- **Authentication.** Send `Authorization: Bearer <access_token>`. Register, login and refresh answer an access token, valid for `expires_in` seconds (15 minutes by default), and a refresh token, valid for 30 days and good for one refresh (each refresh answers a new one).',
    '- **Devices.** Every register or login is a new device of the account, named from the `User-Agent`. A client may send `X-Device-Fingerprint` (1 to 128 printable ASCII characters: a random id it keeps for the browser) with register, login and refresh; it is stored on the device so the client can recognise itself in `GET /auth/devices`. Access tokens are checked against their device on every request: once a device is logged out or revoked its tokens are refused (401) at once, on every node.',
    '- **Auth** of an endpoint is `none`, `user` (any signed-in user) or `admin` (a user with role ADMIN; anyone else gets 403 "Admin privileges required"). Without a valid token the answer is 401 "Not authenticated"; a valid token of a suspended account gets 403 with the suspension notice and the reason, URI-encoded, in the `Hearth-Suspended-Reason` header (and a live `auth` with it gets the `suspended` event, then the 4003 close).',
    '- **Ids** are positive integers: decimal digits without a leading zero in paths and query strings (`0xb`, `011`, `11.0`, `1e1`, `+11` are 400 "Must be a positive integer id"); a number or such a string in bodies.',
    '- **Visibility.** Group permissions decide what a user may see. Anything in a group the caller may not view is answered 404, as if it did not exist. Admins may view and do everything.',
    '- **Errors.** Every error answer is `{ "detail": "<text>" }`, with a text fit to show to the user: 400 invalid input (the first problem found, e.g. "Name is required", or "Request body is not valid JSON"), 401 not authenticated, 403 not allowed, 404 not found, 409 conflict, other 4xx from the HTTP layer as they are (e.g. 413 "Request body is too large"), 429 rate limited, 503 "Another change got in the way. Please try again." with `Retry-After: 1` when the database had to part two changes made at the same moment (the change was not made; the same request goes through a moment later), 503 "Files cannot be reached right now. Please try again in a moment." with `Retry-After: 5` when a request needs a stored file and the file storage (the S3 bucket) cannot be reached, 503 "Hearth cannot reach its database right now. Try again in a moment." with `Retry-After: 5` while the database is stopped, restarting or out of reach (nothing was done), and 500 "Internal server error".',
    '- **Rate limits.** Over a limit the answer is 429 "Too many requests. Please try again later." with a `Retry-After` header (seconds). Limits count requests in fixed windows, shared by all nodes when Redis is used, and scale with RATE_LIMIT_SCALE:',
    '',
    '| Limit | Requests | Window | Counted per | Applies to |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(RATE_LIMITS).map(
      ([name, r]) =>
        `| ${name} | ${r.limit} | ${seconds(r.windowMs)} | ${r.per} | ${limitsApplyingTo(name as RateLimitName)} |`,
    ),
    '',
    '## Configuration',
    '',
    'The server reads its settings from environment variables; every one has a default, so none is needed to start.',
    '',
    '| Variable | Default | Meaning |',
    '| --- | --- | --- |',
    ...CONFIG_VARS.map((v) => `| \`${v.name}\` | \`${v.default}\` | ${cell(v.description)} |`),
    '',
  ];
}

function endpointSection(e: Endpoint, outputs: ReturnType<typeof outputSchemas>): string[] {
  const out = [`<a id="${endpointAnchor(e)}"></a>`, '', `### ${e.method} ${e.path}`, '', e.summary, ''];
  const facts = [`Auth: \`${e.auth}\``, `Success: ${e.status}`];
  if (e.limits?.length) facts.push(`Rate limits: ${e.limits.join(', ')}`);
  if (e.aliases?.length) facts.push(`Also at: ${e.aliases.map((a) => `\`${a}\``).join(', ')}`);
  out.push(facts.join(' · '), '');
  for (const [label, schema] of [
    ['Path parameters', e.params],
    ['Query', e.query],
    ['Body', e.body],
  ] as const) {
    if (schema) out.push(`${label}:`, '', ...jsonBlock(inputSchema(schema)), '');
  }
  if (!e.answer) out.push(`Answer (${e.status}): no body.`, '');
  else out.push(...answerLines(`Answer (${e.status})`, e.answer, outputs));
  return out;
}

function answerLines(label: string, schema: z.ZodType, outputs: ReturnType<typeof outputSchemas>): string[] {
  const id = outputs.ids.get(schema)!;
  if (!id.startsWith('#')) return [`${label}: [\`${id}\`](#${schemaAnchor(id)})`, ''];
  return [`${label}:`, '', ...jsonBlock(outputs.json.get(id)), ''];
}

function gatewaySection(outputs: ReturnType<typeof outputSchemas>): string[] {
  const out = [
    '## Live gateway (WebSocket)',
    '',
    `Connect to \`/ws\` on the same host and port (\`ws://\` or \`wss://\`). Frames are JSON text frames of at most ${LIVE_MAX_FRAME_BYTES / 1024} KiB.`,
    '',
    '### Frames',
    '',
    '- **Client frames** are JSON objects with a `type` and their fields at the top level, e.g. `{ "type": "ping", "timestamp": 1700000000000 }`.',
    '- **Server frames** are `{ "type": "<type>", "seq": <number or null>, "data": { ... } }`.',
    '- **Control replies** (`ready`, `pong`, `error`, ...) answer one connection. Their `seq` is `null`, except `ready`, whose `seq` is the position the session starts from; they are never replayed.',
    '- **Events** carry a `seq` that increases within a session. It is the position in the instance-wide event log, so a session sees gaps (events meant for others); only the order matters.',
    '',
    '### Session',
    '',
    '1. Open the socket and send `auth` within 10 s. The server answers `ready` with the `session_id`, the user, `heartbeat_interval` and `resume_window_ms`, then sends events as they happen.',
    '2. Keep the `seq` of the last frame that carried one (`ready` or an event).',
    `3. **Heartbeat.** Send \`ping\` every \`heartbeat_interval\` (${LIVE_PING_INTERVAL_MS / 1000} s); the server answers \`pong\`. Any frame counts as activity: a connection silent for LIVE_IDLE_TIMEOUT_MS (${LIVE_IDLE_TIMEOUT_MS / 1000} s by default, two missed pings) is closed with ${CLOSE.idleTimeout}.`,
    `4. **Resume.** After a drop, open a new socket and send \`resume\` with \`session_id\`, that \`seq\` and a fresh \`token\` (without one, only while the session's last token is still valid). The server replays, in order, every event after \`seq\` that the session would have received, sends \`resumed\`, and carries on live. When it cannot (the session is unknown or expired, its device was signed out, or the events are no longer kept) it answers \`invalid_session\`: send \`auth\` and reload state over REST. A session can be resumed for ${seconds(RESUME_WINDOW_MS)} after its connection dropped, and the server keeps at least the last ${RESUME_MIN_EVENTS.toLocaleString('en-US')} events or ${seconds(RESUME_WINDOW_MS)} of events, whichever is more.`,
    `5. **Token refresh.** Before the access token expires, refresh it over REST and send \`token_refresh\` with the new token. A connection whose token expired without one is closed with ${CLOSE.authFailed} ('${TEXT.wsTokenExpired}') ${LIVE_TOKEN_EXPIRY_GRACE_MS / 1000} s later: refresh, then reconnect and resume.`,
    `6. **Slow consumers.** The server never waits for a client: one that falls more than LIVE_MAX_BUFFERED_BYTES (4 MiB) behind is closed with ${CLOSE.slowConsumer}, and should reconnect and resume.`,
    '',
    '### Close codes',
    '',
    '| Code | Name | When |',
    '| --- | --- | --- |',
    ...(Object.entries(CLOSE) as [keyof typeof CLOSE, number][])
      .sort((a, b) => a[1] - b[1])
      .map(([name, code]) => `| ${code} | ${name} | ${cell(CLOSE_CODE_DOCS[name])} |`),
    '',
    '### Client frames',
    '',
  ];
  for (const option of ClientFrame.options) {
    const type = option.shape.type.value;
    out.push(`#### ${type}`, '', CLIENT_FRAME_DOCS[type], '', ...jsonBlock(inputSchema(option)), '');
  }
  out.push('### Control replies', '', 'Each shows its `data`.', '');
  for (const [type, schema] of Object.entries(ServerControl)) {
    out.push(`#### ${type}`, '', FRAME_AUDIENCE[type as keyof typeof ServerControl], '');
    out.push(...answerLines('data', schema, outputs));
  }
  out.push('### Events', '', 'Each shows who receives it, and its `data`.', '');
  for (const [type, schema] of Object.entries(ServerEvents)) {
    out.push(`#### ${type}`, '', FRAME_AUDIENCE[type as keyof typeof ServerEvents], '');
    out.push(...answerLines('data', schema, outputs));
  }
  return out;
}

/** The whole of docs/api.md. */
export function renderApiDocs(): string {
  const outputs = outputSchemas([
    ...ENDPOINTS.flatMap((e) => (e.answer ? [e.answer] : [])),
    ...Object.values(ServerControl),
    ...Object.values(ServerEvents),
  ]);
  const lines = [
    ...intro(),
    '## Endpoints',
    '',
    '| Method | Path | Auth | Success |',
    '| --- | --- | --- | --- |',
    ...ENDPOINTS.map((e) => `| ${e.method} | [\`${e.path}\`](#${endpointAnchor(e)}) | ${e.auth} | ${e.status} |`),
    '',
    ...ENDPOINTS.flatMap((e) => endpointSection(e, outputs)),
    ...gatewaySection(outputs),
    '## Schemas',
    '',
  ];
  for (const [name] of NAMED_SCHEMAS) {
    lines.push(`<a id="${schemaAnchor(name)}"></a>`, '', `### ${name}`, '', ...jsonBlock(outputs.json.get(name)), '');
  }
  const text = `${lines.join('\n').trimEnd()}\n`;
  // An unnamed schema nested in another would be referred to by its internal id: name it instead.
  if (text.includes('"$ref": "#')) throw new Error('A nested answer schema needs a name in NAMED_SCHEMAS');
  return text;
}
