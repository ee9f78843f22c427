import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import {
  LIVE_OFFLINE_REPLY_TIMEOUT_MS,
  LIVE_QUICK_RECONNECT_JITTER_MS,
  LIVE_REPLY_TIMEOUT_MS,
  LiveConnection,
  type LiveSignal,
} from './live';
import { FakeSocket as SharedFakeSocket } from '../test/fake-socket';

/** The shared fake socket, which by default also answers like a live server: pings and token refreshes. */
class FakeSocket extends SharedFakeSocket {
  /** Off, the network has silently gone: nothing is answered. */
  answersPings = true;
  override send(data: string) {
    super.send(data);
    if (!this.answersPings) return;
    const { type } = this.sent.at(-1)!;
    if (type === 'ping') this.receive({ type: 'pong', data: {} });
    if (type === 'token_refresh') this.receive({ type: 'token_refreshed', data: {} });
  }
}

let sockets: FakeSocket[];
let token: string | null;
let visible: boolean;
let refreshResult: boolean;
let forceResult: boolean;
let refreshToken: Mock<() => Promise<boolean>>;
let forceRefresh: Mock<() => Promise<boolean>>;
let signals: LiveSignal[];
/** What the connection's random source gives: the jitter of a quick reconnection is this share of its bound. */
let random: number;

const make = () => {
  refreshToken = vi.fn(async () => refreshResult);
  forceRefresh = vi.fn(async () => forceResult);
  const live = new LiveConnection({
    url: 'ws://test/ws',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    getToken: () => token,
    getUserId: () => 7,
    refreshToken,
    forceRefresh,
    isVisible: () => visible,
    random: () => random,
  });
  live.subscribe((s) => signals.push(s));
  return live;
};
const last = () => sockets[sockets.length - 1]!;
const openAndReady = (seq = 10) => {
  last().open();
  last().receive({ type: 'ready', seq, data: { session_id: 'S1' } });
};

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = 'T1';
  visible = true;
  refreshResult = true;
  forceResult = true;
  signals = [];
  random = 0.5;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** What the browser guesses about its network (Chromium: false with no default route, loopback only). */
const browserSaysOnline = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);

describe('LiveConnection', () => {
  it('connects, authenticates on open, and is open after ready', () => {
    const live = make();
    live.start();
    expect(live.getState()).toBe('connecting');
    last().open();
    expect(last().sent[0]).toEqual({ type: 'auth', token: 'T1', user_id: 7 });
    expect(live.getState()).toBe('connecting');
    last().receive({ type: 'ready', seq: 3, data: { session_id: 'S1' } });
    expect(live.getState()).toBe('open');
  });

  it('pings every 30 s while open', () => {
    const live = make();
    live.start();
    openAndReady();
    vi.advanceTimersByTime(30_000);
    expect(last().sent.filter((f) => f.type === 'ping')).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(last().sent.filter((f) => f.type === 'ping')).toHaveLength(3);
  });

  it('reconnects at once (jittered) after losing an open connection, then 2 s, then capped at 3 s while visible', () => {
    const live = make();
    live.start();
    openAndReady();
    vi.advanceTimersByTime(5_000); // the one-second gap since the first attempt has passed
    last().drop();
    expect(live.getState()).toBe('closed');
    vi.advanceTimersByTime(LIVE_QUICK_RECONNECT_JITTER_MS / 2 - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    expect(live.attemptCount).toBe(0); // the quick one is not counted
    // That attempt failed: from here on spec 1 §4's delays.
    last().drop();
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().drop();
    vi.advanceTimersByTime(2_999);
    expect(sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(4);
  });

  it('spreads the quick reconnection over less than half a second, and keeps the 1 s gap between attempts', () => {
    for (const [share, expected] of [
      [0, 0],
      [0.999, LIVE_QUICK_RECONNECT_JITTER_MS - 1],
    ] as const) {
      random = share;
      sockets = [];
      const live = make();
      live.start();
      openAndReady();
      vi.advanceTimersByTime(5_000);
      last().drop();
      vi.advanceTimersByTime(expected);
      expect(sockets, `random ${share}`).toHaveLength(2);
      live.stop();
    }
    // A connection lost just after it opened waits for the rest of the second since its attempt.
    random = 0;
    sockets = [];
    const live = make();
    live.start();
    openAndReady();
    vi.advanceTimersByTime(300);
    last().drop();
    vi.advanceTimersByTime(699);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('resumes at once when the node says it is restarting (4012), even before the session was ready', () => {
    const live = make();
    live.start();
    openAndReady(10);
    vi.advanceTimersByTime(5_000);
    last().drop(4012);
    vi.advanceTimersByTime(LIVE_QUICK_RECONNECT_JITTER_MS);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent[0]).toEqual({ type: 'resume', session_id: 'S1', seq: 10, token: 'T1' });
    // The connection reached a node that is stopping too: again at once (after the 1 s gap), not counted.
    last().drop(4012);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(3);
    expect(live.attemptCount).toBe(0);
    last().open();
    last().receive({ type: 'resumed', seq: null, data: { session_id: 'S1', replayed: 0 } });
    expect(live.getState()).toBe('open');
  });

  it('doubles the delay without a cap while the page is hidden', () => {
    visible = false;
    const live = make();
    expect([1, 2, 3, 4, 5].map((a) => live.delayFor(a))).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
    visible = true;
    expect([1, 2, 3].map((a) => live.delayFor(a))).toEqual([2_000, 3_000, 3_000]);
  });

  it("gives up after 5 failed attempts with 'max retries reached'", () => {
    const live = make();
    live.start();
    last().drop();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(3_000);
      last().drop();
    }
    expect(sockets).toHaveLength(6);
    expect(signals.some((s) => s.kind === 'max_retries')).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(6);
    expect(live.getState()).toBe('closed');
  });

  it('does not reconnect after a normal close, logout, termination or without a token', () => {
    const live = make();
    live.start();
    openAndReady();
    last().drop(1000);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);

    live.start();
    openAndReady();
    live.stop();
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(2);

    live.start();
    openAndReady();
    live.terminate();
    live.onVisible();
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(3);

    token = null;
    live.start();
    expect(sockets).toHaveLength(3);
    expect(live.getState()).toBe('closed');
  });

  it('resumes with the last seq after a drop and returns to open on resumed', () => {
    const live = make();
    live.start();
    openAndReady(10);
    last().receive({ type: 'message', seq: 14, data: {} });
    last().drop();
    vi.advanceTimersByTime(2_000);
    last().open();
    expect(last().sent[0]).toEqual({ type: 'resume', session_id: 'S1', seq: 14, token: 'T1' });
    last().receive({ type: 'message', seq: 15, data: {} });
    last().receive({ type: 'resumed', seq: null, data: { session_id: 'S1', replayed: 1 } });
    expect(live.getState()).toBe('open');
  });

  it('starts a new session on invalid_session, and asks for a refetch when it is ready', () => {
    const live = make();
    live.start();
    openAndReady();
    signals.length = 0;
    last().drop();
    vi.advanceTimersByTime(2_000);
    last().open();
    last().receive({ type: 'invalid_session', seq: null, data: { detail: 'too old' } });
    expect(last().sent[1]).toEqual({ type: 'auth', token: 'T1', user_id: 7 });
    expect(signals.filter((s) => s.kind === 'resync')).toHaveLength(0);
    last().receive({ type: 'ready', seq: 1, data: { session_id: 'S2' } });
    expect(signals.filter((s) => s.kind === 'resync')).toHaveLength(1);
  });

  it('asks for a refetch when any new session begins (what loaded before it may have missed events), not on a resume', () => {
    const live = make();
    live.start();
    openAndReady();
    expect(signals.filter((s) => s.kind === 'resync')).toHaveLength(1);
    last().drop();
    vi.advanceTimersByTime(2_000);
    last().open();
    last().receive({ type: 'resumed', seq: null, data: {} });
    expect(signals.filter((s) => s.kind === 'resync')).toHaveLength(1);
  });

  it('never starts a connection within 1 s of the last attempt', () => {
    const live = make();
    live.start();
    last().drop();
    live.onVisible(); // visible again right away: resets attempts, but must wait out the second
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('on becoming visible resets the attempts and pings an open connection', () => {
    const live = make();
    live.start();
    last().drop();
    vi.advanceTimersByTime(2_000);
    last().drop();
    expect(live.attemptCount).toBe(2);
    vi.advanceTimersByTime(3_000);
    openAndReady();
    live.onVisible();
    expect(live.attemptCount).toBe(0);
    expect(last().sent.at(-1)).toMatchObject({ type: 'ping' });
  });

  it('checks the token every 2 minutes and sends the refreshed one', async () => {
    const live = make();
    live.start();
    openAndReady();
    token = 'T2';
    await vi.advanceTimersByTimeAsync(120_000);
    expect(last().sent.filter((f) => f.type === 'token_refresh')).toEqual([{ type: 'token_refresh', token: 'T2' }]);
  });

  it('sends token_refresh only when the token changed since it was last sent', async () => {
    const live = make();
    live.start();
    openAndReady(); // authenticated with T1
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(last().sent.filter((f) => f.type === 'token_refresh')).toEqual([]);
    token = 'T2';
    await vi.advanceTimersByTimeAsync(120_000);
    await vi.advanceTimersByTimeAsync(120_000); // still T2: nothing new to send
    expect(last().sent.filter((f) => f.type === 'token_refresh')).toEqual([{ type: 'token_refresh', token: 'T2' }]);
  });

  it('forces a refresh on auth_error, even when the token does not look close to expiring', async () => {
    const live = make();
    live.start();
    last().open();
    last().receive({ type: 'auth_error', seq: null, data: { detail: 'Authentication failed' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(forceRefresh).toHaveBeenCalledTimes(1);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(signals.some((s) => s.kind === 'auth_failed')).toBe(false);
    token = 'T2';
    last().drop(4001); // the server closes the socket; the next attempt uses the new token
    vi.advanceTimersByTime(2_000);
    last().open();
    expect(last().sent[0]).toEqual({ type: 'auth', token: 'T2', user_id: 7 });
  });

  it('refreshes the token when the server closes for an expired one, and resumes with the new token', async () => {
    const live = make();
    live.start();
    openAndReady(10);
    refreshToken.mockImplementation(async () => {
      token = 'T2';
      return true;
    });
    last().drop(4001); // the token expired while the connection was open
    await vi.advanceTimersByTimeAsync(2_000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    last().open();
    expect(last().sent[0]).toEqual({ type: 'resume', session_id: 'S1', seq: 10, token: 'T2' });
  });

  it('signals auth failure when the token cannot be refreshed', async () => {
    forceResult = false;
    const live = make();
    live.start();
    last().open();
    last().receive({ type: 'auth_error', seq: null, data: { detail: 'Authentication failed' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(signals).toContainEqual({ kind: 'auth_failed', detail: 'WebSocket authentication failed' });
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
  });
  it('takes a socket that leaves a ping unanswered for 10 s for dead, and reconnects', () => {
    const live = make();
    live.start();
    openAndReady();
    last().answersPings = false;
    vi.advanceTimersByTime(30_000 + LIVE_REPLY_TIMEOUT_MS - 1);
    expect(live.getState()).toBe('open');
    vi.advanceTimersByTime(1);
    expect(live.getState()).toBe('closed');
    expect(sockets[0]!.closedWith).toBe(4000);
    vi.advanceTimersByTime(2_000);
    expect(sockets).toHaveLength(2);
    openAndReady();
    expect(live.getState()).toBe('open');
  });

  it('starts the reply clock with a send; any frame from the server stops it', () => {
    const live = make();
    live.start();
    openAndReady();
    expect(live.send({ type: 'message', channel_id: 1, content: 'hi', nonce: 'n1' })).toBe(true);
    vi.advanceTimersByTime(LIVE_REPLY_TIMEOUT_MS - 1);
    last().receive({ type: 'presence_update', seq: 11, data: {} });
    vi.advanceTimersByTime(LIVE_REPLY_TIMEOUT_MS);
    expect(live.getState()).toBe('open');

    // Sends in a row do not push the deadline back.
    live.send({ type: 'message', channel_id: 1, content: 'one', nonce: 'n2' });
    vi.advanceTimersByTime(LIVE_REPLY_TIMEOUT_MS / 2);
    live.send({ type: 'message', channel_id: 1, content: 'two', nonce: 'n3' });
    vi.advanceTimersByTime(LIVE_REPLY_TIMEOUT_MS / 2);
    expect(live.getState()).toBe('closed');
  });

  it('gives up on a connection attempt that hangs', () => {
    const live = make();
    live.start();
    expect(live.getState()).toBe('connecting');
    vi.advanceTimersByTime(LIVE_REPLY_TIMEOUT_MS);
    expect(live.getState()).toBe('closed');
    expect(live.attemptCount).toBe(1);
  });

  it('checks the socket when the browser goes offline, and drops it only if no answer comes within seconds', () => {
    const live = make();
    live.start();
    openAndReady();
    last().answersPings = false; // the network has really gone
    browserSaysOnline(false);
    live.onOffline();
    expect(last().sent.at(-1)).toMatchObject({ type: 'ping' });
    vi.advanceTimersByTime(LIVE_OFFLINE_REPLY_TIMEOUT_MS - 1);
    expect(live.getState()).toBe('open');
    vi.advanceTimersByTime(1);
    expect(live.getState()).toBe('closed');
    expect(sockets[0]!.closedWith).toBe(4000);

    // The browser's guess changes nothing about the reconnect policy (spec 1 §4): one quick attempt
    // for the connection that was open, then the same counted attempts, and 'max retries reached'
    // after five, as with the network up.
    for (let i = 0; i < 6; i++) {
      vi.advanceTimersByTime(3_000);
      last().drop();
    }
    expect(sockets).toHaveLength(7);
    expect(signals.some((s) => s.kind === 'max_retries')).toBe(true);

    // Online again: a fresh start for the attempts, at once, resuming the session.
    browserSaysOnline(true);
    live.onOnline();
    expect(live.attemptCount).toBe(0);
    vi.advanceTimersByTime(1_000); // at most the one-second gap between attempts
    expect(live.getState()).toBe('connecting');
    last().open();
    expect(last().sent[0]).toEqual({ type: 'resume', session_id: 'S1', seq: 10, token: 'T1' });
  });

  it('keeps a connection that answers although the browser says offline (a server on this machine or LAN)', () => {
    const live = make();
    live.start();
    openAndReady();
    browserSaysOnline(false);
    live.onOffline(); // the fake server answers the ping
    vi.advanceTimersByTime(60_000);
    expect(live.getState()).toBe('open');
    expect(sockets).toHaveLength(1);
  });

  it("follows the reconnect policy while the browser says offline, down to 'max retries reached'", () => {
    // Chromium says offline on a machine or LAN with no route out, where the server may be right there.
    browserSaysOnline(false);
    const live = make();
    live.start();
    last().drop();
    for (let i = 0; i < 5; i++) {
      expect(live.delayFor(live.attemptCount)).toBe(i === 0 ? 2_000 : 3_000);
      vi.advanceTimersByTime(live.delayFor(live.attemptCount));
      last().drop();
    }
    expect(sockets).toHaveLength(6);
    expect(signals.filter((s) => s.kind === 'max_retries')).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(6);
  });

  it('connects while the browser says offline, since the server may still be reachable', () => {
    browserSaysOnline(false);
    const live = make();
    live.start();
    expect(live.getState()).toBe('connecting');
    expect(sockets).toHaveLength(1);
  });
});
