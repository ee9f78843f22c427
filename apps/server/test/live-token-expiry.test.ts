import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE, TEXT } from '@hearth/protocol';
import type { RunningApp } from '../src/app.js';
import { Api, LiveClient, uniqueName } from './client.js';
import { startTestServer } from './harness.js';

/** Tokens live 2 s here; the gateway closes a connection a few seconds (its grace) after that. */
const TTL_SEC = 2;

let server: RunningApp;
let api: Api;
const open: LiveClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSec: TTL_SEC });
  api = new Api(server.url);
});
afterAll(async () => {
  for (const c of open) c.close();
  await server.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const expiryOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;
const connect = async (token?: string) => {
  const c = token ? await LiveClient.authed(server.url, token) : await LiveClient.connect(server.url);
  open.push(c);
  return c;
};

describe('a live connection and its access token', () => {
  it('is closed with 4001 once its token has expired, unless a newer token arrived', async () => {
    const reg = await api.register(uniqueName('ttl'));
    const channelId = (await api.get('/channel', reg.token)).body[0].id as number;
    const stale = await connect(reg.token);
    const kept = await connect(reg.token);
    const sessionId = stale.frames[0]!.data.session_id as string;
    // Tokens carry whole seconds: more than a second later, the new one expires at least a second later.
    await sleep(1_100);
    const second = (await api.post('/auth/refresh', { refresh_token: reg.refresh_token })).body;
    expect(expiryOf(second.access_token)).toBeGreaterThan(expiryOf(reg.token));
    kept.send({ type: 'token_refresh', token: second.access_token });
    await kept.waitFor((f) => f.type === 'token_refreshed');

    await sleep(Math.max(0, expiryOf(reg.token) - Date.now()) + 50);
    expect((await api.get('/channel', reg.token)).status).toBe(401);
    const closed = await stale.waitForClose(10_000);
    expect(closed).toEqual({ code: CLOSE.authFailed, reason: TEXT.wsTokenExpired });
    expect(Date.now()).toBeGreaterThanOrEqual(expiryOf(reg.token));
    // The connection that sent a newer token is still open and still receives.
    expect(kept.closed).toBeNull();
    const third = (await api.post('/auth/refresh', { refresh_token: second.refresh_token })).body;
    await api.post('/message', { channel_id: channelId, content: 'still live' }, third.access_token);
    await kept.waitFor((f) => f.type === 'message' && f.data.content === 'still live');

    // The closed session resumes only with a valid token: without one it would outlive its token.
    const bare = await connect();
    bare.send({ type: 'resume', session_id: sessionId, seq: stale.frames[0]!.seq });
    await bare.waitFor((f) => f.type === 'invalid_session');
    const fresh = await connect();
    fresh.send({ type: 'resume', session_id: sessionId, seq: stale.frames[0]!.seq, token: third.access_token });
    const resumed = await fresh.waitFor((f) => f.type === 'resumed');
    const replay = fresh.frames.slice(0, fresh.frames.indexOf(resumed));
    // The message it missed (beside the user's own presence, which also changed meanwhile).
    expect(replay.filter((f) => f.type === 'message').map((f) => f.data.content)).toEqual(['still live']);
    expect(resumed.data.replayed).toBe(replay.length);

    // The newer token moved the deadline; it did not remove it.
    expect(await kept.waitForClose(10_000)).toEqual({ code: CLOSE.authFailed, reason: TEXT.wsTokenExpired });
    expect(Date.now()).toBeGreaterThanOrEqual(expiryOf(second.access_token));
  }, 30_000);
});
