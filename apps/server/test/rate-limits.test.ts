import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, FRAME_LIMITS, TEXT, type ClientFrameType, type Endpoint } from '@hearth/protocol';
import type { RateLimits } from '../src/config.js';
import type { LiveClient } from './client.js';
import { RELAXED_LIMITS } from './harness.js';
import { admin, api, live, serverForFile } from './test-server.js';

/*
 * Every route and live frame counts against a rate limit (the flooding of POST /voice/signal and the
 * presence heartbeat, found unlimited, is what this guards against). The tables walk the endpoint
 * catalogue and the frame types, so a write route or a frame added without a limit fails here. With
 * every limit at 0, a limited call is refused before anything else happens, whatever it sends.
 */

const limits: RateLimits = structuredClone(RELAXED_LIMITS);
serverForFile({ config: { rateLimits: limits }, adminName: 'rl_admin' });

/** Sets every limit to `n` a window: the server reads them on each request. */
function allLimitsAt(n: number) {
  for (const rule of Object.values(limits)) rule.limit = n;
}

const WRITE_ENDPOINTS = ENDPOINTS.filter((e) => e.method !== 'GET');
const LIMITED_ENDPOINTS = ENDPOINTS.filter((e) => e.limits?.length);
const route = (e: Endpoint) => `${e.method} ${e.path}`;
/** An id no row has, so a call that got through would change nothing. */
const urlOf = (e: Endpoint) => e.path.replace(/:[a-zA-Z_]+/g, '999999999');

/** A well-formed frame of each type: a refusal must come from the limit, not from validation. */
const SAMPLE_FRAMES: Record<ClientFrameType, Record<string, unknown>> = {
  auth: { type: 'auth', token: 'x' },
  resume: { type: 'resume', session_id: 'x', seq: 0 },
  ping: { type: 'ping', timestamp: 1 },
  token_refresh: { type: 'token_refresh', token: 'x' },
  message: { type: 'message', channel_id: 999999999, content: 'hi', nonce: 'n-rl-1' },
  direct_message: { type: 'direct_message', recipient_id: 999999999, content: 'hi', nonce: 'n-rl-2' },
  webrtc_signal: {
    type: 'webrtc_signal',
    channel_id: 999999999,
    session_id: randomUUID(),
    target_user_id: 999999999,
    signal_type: 'ice-candidate',
    signal_data: { candidate: 'x' },
  },
  dm_call_signal: {
    type: 'dm_call_signal',
    call_id: randomUUID(),
    target_user_id: 999999999,
    signal_type: 'ice-candidate',
    signal_data: { candidate: 'x' },
  },
  voice_speaking: { type: 'voice_speaking', channel_id: 999999999, is_speaking: true },
  typing_start: { type: 'typing_start', channel_id: 999999999 },
};
const LIMITED_FRAMES = (Object.keys(FRAME_LIMITS) as ClientFrameType[]).filter((t) => FRAME_LIMITS[t].length > 0);

let conn: LiveClient;
beforeAll(async () => {
  conn = await live(admin);
});

describe('rate limits', () => {
  it('are listed in the catalogue for every write route, and for every live frame but auth, resume and ping', () => {
    expect(WRITE_ENDPOINTS.filter((e) => !e.limits?.length).map(route)).toEqual([]);
    const unlimited = (Object.keys(FRAME_LIMITS) as ClientFrameType[]).filter((t) => FRAME_LIMITS[t].length === 0);
    expect(unlimited.sort()).toEqual(['auth', 'ping', 'resume']);
  });

  describe('with every limit used up', () => {
    beforeAll(() => allLimitsAt(0));

    it.for(LIMITED_ENDPOINTS.map((e) => ({ route: route(e), e })))(
      '$route is refused with 429 before anything else',
      async ({ e }) => {
        // The admin's token: no route refuses it for its role, so only the limit can stop the call.
        const res = await api.request(e.method, urlOf(e), e.method === 'GET' ? undefined : {}, admin.token);
        expect([res.status, res.body]).toEqual([429, { detail: TEXT.rateLimited }]);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      },
    );

    it.for(LIMITED_FRAMES)('a live %s frame is answered with the 429 text and not acted on', async (type) => {
      const frame = SAMPLE_FRAMES[type];
      conn.send(frame);
      const answer = await conn.waitFor((f) => f.type === 'error' && f.data.type === type);
      expect(answer.data.detail).toBe(TEXT.rateLimited);
      if (frame.nonce) expect(answer.data.nonce).toBe(frame.nonce);
    });
  });

  it('count a voice signal the same live and over REST', async () => {
    allLimitsAt(10_000);
    limits.voiceSignalPerUser.limit = 2;
    const person = await api.person('rl_signal');
    const personLive = await live(person);
    const { session_id: _s, type: _t, channel_id: _c, ...body } = SAMPLE_FRAMES.webrtc_signal;
    const rest = await api.post('/voice/signal', { ...body, session_id: randomUUID() }, person.token);
    // Not in voice: refused by the rules, but counted.
    expect(rest.status).not.toBe(429);
    personLive.send(SAMPLE_FRAMES.webrtc_signal);
    const error = await personLive.waitFor((f) => f.type === 'error' && f.data.type === 'webrtc_signal');
    expect(error.data.detail).not.toBe(TEXT.rateLimited);
    const third = await api.post('/voice/signal', { ...body, session_id: randomUUID() }, person.token);
    expect([third.status, third.body]).toEqual([429, { detail: TEXT.rateLimited }]);
    // Another user's count is their own.
    const other = await api.person('rl_other');
    expect((await api.post('/voice/signal', { ...body, session_id: randomUUID() }, other.token)).status).not.toBe(429);
  });
});
