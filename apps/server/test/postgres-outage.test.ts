import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEXT } from '@hearth/protocol';
import { startEmbeddedPostgres, type EmbeddedDb } from '../src/db/embedded/index.js';
import { logMessages, startServerProcess, type ServerProcess } from '../src/testing/server-process.js';
import { Api, LiveClient, uniqueName, type Frame } from './client.js';
import { createPool } from '../src/db/pool.js';
import { isDatabaseUnreachable } from '../src/db/unreachable.js';
import { createTestDatabase, startTestServer } from './harness.js';
import { TcpProxy } from './support/tcp-proxy.js';

/*
 * The server's external database (DATABASE_URL) stops under it and starts again: a PostgreSQL of this
 * test's own, in its own folder, really stopped and started on the same port. Meanwhile every request
 * is answered 503 with a text saying what is wrong, the process stays up and so does the live
 * connection; once the database is back everything works again without a restart.
 */

const WAIT_MS = 30_000;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
});
let server: ServerProcess | undefined;
beforeEach(({ onTestFailed }) => onTestFailed(() => console.error(server?.output().slice(-6_000))));

describe('PostgreSQL stops and comes back', { timeout: 180_000 }, () => {
  it('answers 503 with a clear text meanwhile, keeps the process and live connections up, and recovers', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'hearth-outage-pg-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    let db: EmbeddedDb = await startEmbeddedPostgres(dir, 0);
    cleanups.push(() => db.stop());
    const dataDir = await mkdtemp(path.join(tmpdir(), 'hearth-outage-data-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    server = await startServerProcess({
      name: 'server',
      env: {
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        WEB_DIST: '',
        LOG_REQUESTS: 'false',
        // Presence moves fast here, so someone leaving during the outage is seen within the test.
        PRESENCE_OFFLINE_GRACE_MS: '300',
        PRESENCE_NODE_BEAT_MS: '300',
      },
    });
    cleanups.push(() => server!.stop());
    const api = new Api(server.url);
    const username = uniqueName('pat');
    const pat = await api.register(username, 'pat-secret');
    const channelId = (await api.get('/channel/', pat.token)).body.find(
      (c: { name: string }) => c.name === 'general',
    ).id;
    const live = await LiveClient.authed(server.url, pat.token);
    cleanups.push(async () => live.socket.terminate());
    const sam = await api.person('sam');
    const samLive = await LiveClient.authed(server.url, sam.token);
    // The presences of those online whom Pat may see.
    const samOnline = async () =>
      ((await api.get('/user/presence/all', pat.token)).body as { user_id: number }[]).some(
        (p) => p.user_id === sam.id,
      );
    await expect.poll(samOnline, { timeout: WAIT_MS }).toBe(true);
    const isMessage = (n: string) => (f: Frame) => f.type === 'message' && f.data?.nonce === n;
    const send = (content: string) => {
      const nonce = `n-${randomBytes(6).toString('hex')}`;
      return api
        .post('/message', { channel_id: channelId, content, nonce }, pat.token)
        .then((res) => ({ ...res, nonce }));
    };

    await db.stop();

    // Every kind of request, signed in or not, reading or writing: 503 and the text, never a 500.
    const unavailable = { status: 503, body: { detail: TEXT.databaseUnavailable } };
    expect(await api.get('/channel/', pat.token)).toMatchObject(unavailable);
    expect(await api.get(`/message?channel_id=${channelId}`, pat.token)).toMatchObject(unavailable);
    const refused = await send('sent while the database is down');
    // A message refused is not stored: the one sent after the outage is the only new one (checked below).
    expect(refused).toMatchObject(unavailable);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await api.post('/auth/login', { username, password: 'pat-secret' })).toMatchObject(unavailable);
    // Many more refused requests, as an outage brings: the log must not grow a line (and a stack) with each.
    for (let i = 0; i < 20; i++) expect((await api.get('/channel/', pat.token)).status).toBe(503);
    // The live connection stays up: it answers pings, and a send over it is refused with the same text.
    live.send({ type: 'ping', timestamp: 1 });
    await live.waitFor((f) => f.type === 'pong', WAIT_MS);
    const liveNonce = `n-${randomBytes(6).toString('hex')}`;
    live.send({ type: 'message', channel_id: channelId, content: 'live while down', nonce: liveNonce });
    const error = await live.waitFor((f) => f.type === 'error' && f.data?.nonce === liveNonce, WAIT_MS);
    expect(error.data.detail).toBe(TEXT.databaseUnavailable);
    // Someone leaves meanwhile: presence cannot write it down now...
    samLive.socket.close();
    await samLive.waitForClose(WAIT_MS);
    await expect
      .poll(() => server!.output().includes('[presence] a departure not recorded'), { timeout: WAIT_MS })
      .toBe(true);
    // A load balancer takes the node out; a supervisor leaves the process alone.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    db = await startEmbeddedPostgres(dir, db.port);

    // Without a restart: the pool reconnects, and the same live connection hears the next message.
    await expect.poll(async () => (await api.get('/channel/', pat.token)).status, { timeout: WAIT_MS }).toBe(200);
    const sent = await send('sent once the database is back');
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await live.waitFor(isMessage(sent.nonce), WAIT_MS);
    expect(live.closed).toBeNull();
    expect((await api.post('/auth/login', { username, password: 'pat-secret' })).status).toBe(200);
    const history = await api.get(`/message?channel_id=${channelId}`, pat.token);
    expect(history.body.map((m: { nonce: string }) => m.nonce)).toContain(sent.nonce);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    // ...and puts it right once the database is back, rather than showing them online for good.
    await expect.poll(samOnline, { timeout: WAIT_MS }).toBe(false);
    // An operator reads one line when the database went and one when it came back, with how long it was
    // away and how many requests it cost, not one warning per refused request.
    const said = () => logMessages(server!.output());
    await expect
      .poll(
        () => said().filter((m) => /the database is reachable again after [\d.]+ s; \d+ requests answered 503/.test(m)),
        {
          timeout: WAIT_MS,
        },
      )
      .toHaveLength(1);
    expect(said().filter((m) => m.includes('the database is unreachable'))).toHaveLength(1);
    expect(said().filter((m) => m.startsWith('request answered 503'))).toEqual([]);
    // The same process throughout, which never stopped on an error.
    expect(server.output()).not.toContain('Hearth is stopping');
    expect(server.output()).not.toContain('unexpected error');
  });
});

describe('a pooled connection checked out when the database goes away', () => {
  it('fails its query instead of crashing the process, and the pool works again after', async () => {
    const url = new URL(await createTestDatabase());
    const relay = await TcpProxy.open(url.hostname, Number(url.port));
    cleanups.push(() => relay.close());
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    const pool = createPool(url.toString());
    cleanups.push(() => pool.end());
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Held between two queries, as a transaction or a seat lock holds it: pg emits 'error' on it when
    // the connection is cut, which without a listener is an uncaught exception.
    const held = await pool.connect();
    await held.query('SELECT 1');
    await relay.cut();
    await expect(held.query('SELECT 1')).rejects.toSatisfy(isDatabaseUnreachable);
    held.release();
    await relay.restore();
    expect((await pool.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    vi.restoreAllMocks();
  });
});

describe('a database that hangs (takes connections, answers nothing)', { timeout: 120_000 }, () => {
  it('answers 503 with the same text instead of waiting for ever, and recovers once it answers again', async () => {
    const url = new URL(await createTestDatabase());
    const relay = await TcpProxy.open(url.hostname, Number(url.port));
    cleanups.push(() => relay.close());
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    const app = await startTestServer({ databaseUrl: url.toString() });
    cleanups.push(() => app.close());
    const api = new Api(app.url);
    const pat = await api.person('pat');
    expect((await api.get('/channel/', pat.token)).status).toBe(200);

    vi.spyOn(console, 'error').mockImplementation(() => {});
    relay.freeze();
    // More requests than the pool has connections: those given an open connection get no answer to
    // their statement, the others wait for a connection that is never made. Each is answered 503.
    const answers = await Promise.all(Array.from({ length: 12 }, () => api.get('/channel/', pat.token)));
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 503, body: { detail: TEXT.databaseUnavailable } });

    relay.thaw();
    await expect.poll(async () => (await api.get('/channel/', pat.token)).status, { timeout: WAIT_MS }).toBe(200);
    vi.restoreAllMocks();
  });
});
