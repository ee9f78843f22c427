import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { TEXT } from '@hearth/protocol';
import type { RunningApp } from '../src/app.js';
import { Api, uniqueName } from './client.js';
import type { IncomingMessage } from 'node:http';
import { clientAddress } from '../src/http/client-address.js';
import { startTestServer } from './harness.js';
import { DEFAULT_RATE_LIMITS, parseTrustProxy } from '../src/config.js';

const DEFAULT_AUTH_LIMITS = {
  loginPerIp: DEFAULT_RATE_LIMITS.loginPerIp,
  loginPerUsername: DEFAULT_RATE_LIMITS.loginPerUsername,
};

let server: RunningApp;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
});
afterAll(() => server.close());

describe('accounts', () => {
  it('makes the first account an admin and later ones ordinary users', async () => {
    const first = await api.register(uniqueName('first'));
    const second = await api.register(uniqueName('second'));
    expect(first.user.role).toBe('ADMIN');
    expect(first.user.is_admin).toBe(true);
    expect(second.user.role).toBe('USER');
    expect(first).toMatchObject({ token_type: 'bearer', expires_in: 900 });
  });

  it('applies the username rules with the spec texts', async () => {
    const cases: [unknown, string][] = [
      ['ab', TEXT.usernameTooShort],
      ['a'.repeat(21), TEXT.usernameTooLong],
      ['bad name', TEXT.usernameChars],
      ['émile', TEXT.usernameChars],
    ];
    for (const [username, detail] of cases) {
      const res = await api.post('/auth/register', { username, password: 'secret1' });
      expect(res.status, String(username)).toBe(400);
      expect(res.body).toEqual({ detail });
    }
    const short = await api.post('/auth/register', { username: uniqueName(), password: '12345' });
    expect(short.body).toEqual({ detail: TEXT.passwordTooShort });
  });

  it('refuses a taken username regardless of case', async () => {
    const name = uniqueName('Case');
    await api.register(name);
    const res = await api.post('/auth/register', { username: name.toLowerCase(), password: 'secret1' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(TEXT.usernameTaken);
  });

  it('keeps the names of mentions for everyone (`everyone`, `here`) from accounts, in any case', async () => {
    for (const username of ['everyone', 'Everyone', 'HERE']) {
      const res = await api.post('/auth/register', { username, password: 'secret1' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ detail: TEXT.usernameTaken });
    }
  });

  it('logs in with the right password only, and returns the profile from /auth/me', async () => {
    const name = uniqueName();
    await api.register(name, 'right-password');
    const bad = await api.post('/auth/login', { username: name, password: 'wrong-password' });
    expect(bad.status).toBe(401);
    expect(bad.body.detail).toBe(TEXT.invalidCredentials);
    const ok = await api.post('/auth/login', { username: name.toUpperCase(), password: 'right-password' });
    expect(ok.status).toBe(200);
    const me = await api.get('/auth/me', ok.body.access_token);
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(name);
  });

  it('never lets Guardian log in', async () => {
    for (const password of ['', 'secret1', 'null']) {
      const res = await api.post('/auth/login', { username: 'Guardian', password });
      expect([400, 401]).toContain(res.status);
      expect(res.body.access_token).toBeUndefined();
    }
    const taken = await api.post('/auth/register', { username: 'guardian', password: 'secret1' });
    expect(taken.status).toBe(409);
  });

  it('refuses an access token without an expiry, even one signed with the right secret', async () => {
    const { user } = await api.register(uniqueName());
    const { rows } = await server.ctx.db.query(`SELECT value FROM instance_settings WHERE key = 'jwt_secret'`);
    const secret = Buffer.from(rows[0].value, 'base64');
    const { rows: devices } = await server.ctx.db.query('SELECT id FROM devices WHERE user_id = $1', [user.id]);
    const forge = (exp: boolean) => {
      const jwt = new SignJWT({ did: devices[0].id, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt();
      return (exp ? jwt.setExpirationTime('5m') : jwt).sign(secret);
    };
    expect((await api.get('/auth/me', await forge(true))).status).toBe(200);
    const forever = await api.get('/auth/me', await forge(false));
    expect(forever.status).toBe(401);
    expect(forever.body).toEqual({ detail: TEXT.notAuthenticated });
  });

  it('rejects requests without a valid token', async () => {
    expect((await api.get('/auth/me')).body).toEqual({ detail: TEXT.notAuthenticated });
    expect((await api.get('/auth/me', 'garbage')).status).toBe(401);
  });
});

/** Makes every rotated token's reuse grace window (30 s) lie in the past. */
const endGraceWindows = () =>
  server.ctx.db.query(`UPDATE refresh_tokens SET used_at = used_at - interval '1 minute' WHERE used_at IS NOT NULL`);

describe('refresh tokens', () => {
  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const { refresh_token } = await api.register(uniqueName());
    const rotated = await api.post('/auth/refresh', { refresh_token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(refresh_token);
    expect((await api.get('/auth/me', rotated.body.access_token)).status).toBe(200);
    const again = await api.post('/auth/refresh', { refresh_token: rotated.body.refresh_token });
    expect(again.status).toBe(200);
  });

  it('revokes the device session when a rotated token is reused after the grace window', async () => {
    const { refresh_token } = await api.register(uniqueName());
    const rotated = await api.post('/auth/refresh', { refresh_token });
    await endGraceWindows();
    const reuse = await api.post('/auth/refresh', { refresh_token });
    expect(reuse.status).toBe(401);
    expect(reuse.body.detail).toBe(TEXT.sessionRevoked);
    // Both the thief's and the owner's tokens of that device are dead now.
    expect((await api.get('/auth/me', rotated.body.access_token)).status).toBe(401);
    expect((await api.post('/auth/refresh', { refresh_token: rotated.body.refresh_token })).status).toBe(401);
  });

  it('keeps other devices signed in when one device is revoked', async () => {
    const name = uniqueName();
    const laptop = await api.register(name);
    const phone = await api.post('/auth/login', { username: name, password: 'secret1' });
    await api.post('/auth/refresh', { refresh_token: laptop.refresh_token });
    await endGraceWindows();
    await api.post('/auth/refresh', { refresh_token: laptop.refresh_token });
    expect((await api.get('/auth/me', laptop.token)).status).toBe(401);
    expect((await api.get('/auth/me', phone.body.access_token)).status).toBe(200);
  });

  it('answers a second refresh with the same token within the grace window with the same new pair', async () => {
    const { refresh_token } = await api.register(uniqueName());
    // Two tabs refreshing at once: both present the same token.
    const [a, b] = await Promise.all([
      api.post('/auth/refresh', { refresh_token }),
      api.post('/auth/refresh', { refresh_token }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    // A late third tab gets that pair too, not a third one.
    const late = await api.post('/auth/refresh', { refresh_token });
    expect(late.status).toBe(200);
    expect(late.body).toEqual(a.body);
    expect((await api.get('/auth/me', a.body.access_token)).status).toBe(200);
    const next = await api.post('/auth/refresh', { refresh_token: a.body.refresh_token });
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(a.body.refresh_token);
  });

  it('honours the grace window on another node sharing the database', async () => {
    const other = await startTestServer({ databaseUrl: server.ctx.config.databaseUrl });
    try {
      const { refresh_token } = await api.register(uniqueName());
      const here = await api.post('/auth/refresh', { refresh_token });
      const there = await new Api(other.url).post('/auth/refresh', { refresh_token });
      expect(there.status).toBe(200);
      expect(there.body).toEqual(here.body);
    } finally {
      await other.close();
    }
  });

  it('still revokes when a token older than the just-rotated one is presented', async () => {
    const { refresh_token: first } = await api.register(uniqueName());
    const second = (await api.post('/auth/refresh', { refresh_token: first })).body;
    const third = (await api.post('/auth/refresh', { refresh_token: second.refresh_token })).body;
    const reuse = await api.post('/auth/refresh', { refresh_token: first });
    expect(reuse.status).toBe(401);
    expect(reuse.body.detail).toBe(TEXT.sessionRevoked);
    expect((await api.get('/auth/me', third.access_token)).status).toBe(401);
  });

  it('keeps the grace pair unreadable without the old token', async () => {
    const { refresh_token } = await api.register(uniqueName());
    const rotated = (await api.post('/auth/refresh', { refresh_token })).body;
    const { rows } = await server.ctx.db.query(`SELECT * FROM refresh_tokens`);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(rotated.refresh_token);
    expect(stored).not.toContain(rotated.access_token);
    expect(stored).not.toContain(refresh_token);
  });

  it('logout ends the device session', async () => {
    const { token, refresh_token } = await api.register(uniqueName());
    const out = await api.post('/auth/logout', {}, token);
    expect(out.status).toBe(204);
    expect((await api.get('/auth/me', token)).status).toBe(401);
    expect((await api.post('/auth/refresh', { refresh_token })).status).toBe(401);
  });

  it('records a device per login with a name from the user agent', async () => {
    const name = uniqueName();
    await api.register(name);
    await api.request('POST', '/auth/login', { username: name, password: 'secret1' }, undefined, {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    });
    const { rows } = await server.ctx.db.query(
      `SELECT device_name, ip_address, last_used_at FROM devices d JOIN users u ON u.id = d.user_id WHERE u.username = $1 ORDER BY d.id`,
      [name],
    );
    expect(rows).toHaveLength(2);
    expect(rows[1].device_name).toBe('Chrome on Linux');
    expect(rows[1].ip_address).toBe('127.0.0.1');
    expect(rows[1].last_used_at).toBeInstanceOf(Date);
  });
});

describe('sign-in rate limits', () => {
  it('allows a household behind one address at least 10 attempts a minute, then answers 429', async () => {
    const limited = await startTestServer({ rateLimits: { ...server.ctx.config.rateLimits, ...DEFAULT_AUTH_LIMITS } });
    try {
      const lapi = new Api(limited.url);
      // Ten different people at one address, each mistyping once: nobody is locked out.
      for (let i = 0; i < 10; i++) {
        const res = await lapi.post('/auth/login', { username: `person${i}`, password: 'wrong-password' });
        expect(res.status).toBe(401);
      }
      // One username guessed repeatedly is stopped after 10 attempts.
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await lapi.post('/auth/login', { username: 'target', password: `guess${i}` })).status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      const blocked = await lapi.post('/auth/login', { username: 'target', password: 'guess' });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ detail: TEXT.rateLimited });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('sign-in lockout', () => {
  it('keeps guessing from one address from locking the owner out at another', async () => {
    const rateLimits = { ...server.ctx.config.rateLimits, ...DEFAULT_AUTH_LIMITS };
    const limited = await startTestServer({ rateLimits, trustProxy: true });
    try {
      const lapi = new Api(limited.url);
      const from = (address: string, password: string) =>
        lapi.request('POST', '/auth/login', { username: name, password }, undefined, {
          'x-forwarded-for': address,
        });
      const name = uniqueName('owner');
      await lapi.register(name, 'owners-password');
      const limit = DEFAULT_AUTH_LIMITS.loginPerUsername.limit;
      for (let i = 0; i < limit; i++) expect((await from('203.0.113.7', `guess${i}`)).status).toBe(401);
      // The guesser stays throttled, even with the right password...
      expect((await from('203.0.113.7', 'guess')).status).toBe(429);
      expect((await from('203.0.113.7', 'owners-password')).status).toBe(429);
      // ...while the owner, elsewhere, signs in.
      const owner = await from('198.51.100.20', 'owners-password');
      expect(owner.status).toBe(200);
      expect(owner.body.user.username).toBe(name);
    } finally {
      await limited.close();
    }
  });
});

describe('client address behind a proxy', () => {
  it('believes X-Forwarded-For only through the listed proxies, so a client cannot pick its address', async () => {
    const rateLimits = { ...server.ctx.config.rateLimits, ...DEFAULT_AUTH_LIMITS };
    // The test talks to the server over loopback, as a proxy on the same host would.
    const limited = await startTestServer({ rateLimits, trustProxy: ['loopback'] });
    try {
      const lapi = new Api(limited.url);
      const name = uniqueName('spoof');
      await lapi.register(name, 'owners-password');
      // The proxy appends the address it saw; whatever the client wrote before that is its own.
      const from = (written: string, seen: string, password: string) =>
        lapi.request('POST', '/auth/login', { username: name, password }, undefined, {
          'x-forwarded-for': `${written}, ${seen}`,
        });
      const limit = DEFAULT_AUTH_LIMITS.loginPerUsername.limit;
      for (let i = 0; i < limit; i++) expect((await from(`192.0.2.${i}`, '203.0.113.7', `guess${i}`)).status).toBe(401);
      expect((await from('192.0.2.200', '203.0.113.7', 'owners-password')).status).toBe(429);
      expect((await from('192.0.2.201', '198.51.100.20', 'owners-password')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('reads TRUST_PROXY as off, every hop, or a list of proxies, and refuses an unreadable one', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
    expect(() => parseTrustProxy('10.0.0.0/99')).toThrow();
  });

  it('gives a live connection the same address as a request', () => {
    const upgrade = {
      socket: { remoteAddress: '127.0.0.1' },
      headers: { 'x-forwarded-for': '192.0.2.1, 203.0.113.7' },
    } as unknown as IncomingMessage;
    expect(clientAddress(upgrade, false)).toBe('127.0.0.1');
    expect(clientAddress(upgrade, ['loopback'])).toBe('203.0.113.7');
    expect(clientAddress(upgrade, true)).toBe('192.0.2.1');
  });
});

describe('bad input', () => {
  it('answers malformed or oversized bodies with a 4xx and a detail, never a 500', async () => {
    const cases: [string, string | undefined, Record<string, string>, number][] = [
      ['/auth/register', '{"username": "x"', { 'content-type': 'application/json' }, 400],
      ['/auth/register', '[1,2,3]', { 'content-type': 'application/json' }, 400],
      ['/auth/register', 'null', { 'content-type': 'application/json' }, 400],
      ['/auth/register', 'username=x', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
      [
        '/auth/register',
        JSON.stringify({ username: 'x'.repeat(400_000) }),
        { 'content-type': 'application/json' },
        413,
      ],
      [
        '/auth/login',
        JSON.stringify({ username: ['a'], password: { $ne: 1 } }),
        { 'content-type': 'application/json' },
        400,
      ],
      ['/auth/refresh', '{}', { 'content-type': 'application/json' }, 400],
      ['/auth/register', undefined, {}, 400],
    ];
    for (const [path, body, headers, status] of cases) {
      const res = await fetch(`${server.url}/api${path}`, { method: 'POST', body, headers });
      const json = (await res.json()) as { detail: unknown };
      expect(res.status, `${path} ${body?.slice(0, 40)}`).toBe(status);
      expect(typeof json.detail).toBe('string');
    }
    expect((await api.get('/no/such/route')).body).toEqual({ detail: TEXT.notFound });
    const { token } = await api.register(uniqueName());
    for (const path of ['/channel/abc', '/channel/0', '/channel/1.5', '/channel/99999999999999999999', '/group/-1']) {
      const method = path.startsWith('/group') ? 'DELETE' : 'GET';
      const res = await api.request(method, path, undefined, token);
      expect([400, 403, 404], path).toContain(res.status);
      expect(typeof res.body.detail).toBe('string');
    }
  });
});
