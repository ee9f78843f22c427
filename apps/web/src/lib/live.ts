import {
  LIVE_MIN_ATTEMPT_GAP_MS,
  LIVE_PING_INTERVAL_MS,
  LIVE_RECONNECT_BASE_MS,
  LIVE_RECONNECT_MAX_ATTEMPTS,
  LIVE_RECONNECT_VISIBLE_CAP_MS,
  LIVE_TOKEN_CHECK_INTERVAL_MS,
  LIVE_TOKEN_REFRESH_MIN_GAP_MS,
} from '@hearth/protocol/constants';

export type LiveState = 'connecting' | 'open' | 'closed';

export interface LiveFrame {
  type: string;
  seq: number | null;
  data: unknown;
}

/** The parts of a WebSocket the connection uses, so tests can drive a fake one. */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface LiveDeps {
  url: string;
  createSocket: (url: string) => SocketLike;
  /** The current access token, or null when signed out. */
  getToken: () => string | null;
  getUserId: () => number | string | null;
  /** Refreshes the access token if it is close to expiring; false when the session is gone. */
  refreshToken: () => Promise<boolean>;
  /** Refreshes the access token now (the server refused it); false when the session is gone. */
  forceRefresh: () => Promise<boolean>;
  isVisible: () => boolean;
  now?: () => number;
  /** A number in [0, 1), for the jitter of a quick reconnection (Math.random unless a test fixes it). */
  random?: () => number;
}

export type LiveSignal =
  | { kind: 'state'; state: LiveState }
  | { kind: 'frame'; frame: LiveFrame }
  | { kind: 'max_retries' }
  | { kind: 'auth_failed'; detail: string }
  /**
   * A new session began (`ready`): it carries events from now on only, and nothing is replayed, so
   * data loaded before it (the page's first load, or before a session the server could not resume)
   * may have missed some: cached data must be refetched.
   */
  | { kind: 'resync' };

const OPEN = 1;
/** Close code of a refused or expired token (CLOSE.authFailed in the protocol, whose module this bundle does not load). */
const CLOSE_AUTH_FAILED = 4001;
/** Close code of a node that is stopping (CLOSE.serverRestarting): another node takes the resume at once. */
const CLOSE_SERVER_RESTARTING = 4012;
/**
 * The first reconnection after losing a connection that was open (or any after 4012) waits a random
 * time below this, not spec 1 §4's 2 s: behind a load balancer another node can take the session at
 * once, and the spread keeps a stopping node's clients from all arriving at the others together.
 */
export const LIVE_QUICK_RECONNECT_JITTER_MS = 500;
/** Close code this client uses for a socket it gave up on (no reply in time). */
const CLOSE_ABANDONED = 4000;
/**
 * How long a sent frame (ping, message, auth) may go without any frame coming back before the
 * socket is taken for dead. A dropped network often closes nothing: without this, the chip would
 * say Connected and sends would vanish until the operating system gave up on the connection.
 */
export const LIVE_REPLY_TIMEOUT_MS = 10_000;
/**
 * After the browser reports going offline, how long the open socket has to answer a ping. The
 * report is only a hint: a browser on a machine whose only network is loopback, or a LAN without
 * a route out, says offline while the server (on that same machine or LAN) is perfectly reachable.
 */
export const LIVE_OFFLINE_REPLY_TIMEOUT_MS = 2_000;

/**
 * The live connection of spec 1 §4 as a plain class: connecting → open → closed, authenticating on
 * open, resuming with the last seq after a drop, reconnecting with back-off, pinging, and checking
 * the token. A socket that stops answering, or the browser going offline, counts as a drop at once.
 * React reads it through subscribe/getState.
 */
export class LiveConnection {
  private socket: SocketLike | null = null;
  private state: LiveState = 'closed';
  private attempts = 0;
  private lastAttemptAt = -Infinity;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private tokenTimer: ReturnType<typeof setInterval> | null = null;
  /** Runs from a send (or a connection attempt) until any frame arrives. */
  private replyTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private terminated = false;
  private sessionId: string | null = null;
  private lastSeq: number | null = null;
  private lastRefreshAt = -Infinity;
  /** The token the server last got from this connection (auth, resume or token_refresh). */
  private sentToken: string | null = null;
  private listeners = new Set<(s: LiveSignal) => void>();
  private now: () => number;
  private random: () => number;

  constructor(private deps: LiveDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.random = deps.random ?? Math.random;
  }

  getState = (): LiveState => this.state;
  get attemptCount(): number {
    return this.attempts;
  }

  subscribe = (listener: (s: LiveSignal) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Starts (or restarts after logout) the connection. */
  start(): void {
    this.stopped = false;
    this.terminated = false;
    this.attempts = 0;
    this.connect();
    this.tokenTimer ??= setInterval(() => void this.checkToken(), LIVE_TOKEN_CHECK_INTERVAL_MS);
  }

  /** Logout: close for good and forget the session. */
  stop(): void {
    this.stopped = true;
    this.sessionId = null;
    this.lastSeq = null;
    this.clearTimers();
    if (this.tokenTimer) clearInterval(this.tokenTimer);
    this.tokenTimer = null;
    this.socket?.close(1000, 'logout');
    this.detach();
    this.setState('closed');
  }

  /** The account was suspended or terminated, the device revoked, or the session is ending: never reconnect. */
  terminate(): void {
    this.terminated = true;
    this.stop();
  }

  /**
   * Sends a frame if the connection is open. `expectReply: false` is for frames nothing answers when
   * they succeed (a typing indicator): waiting for a reply to them would take a quiet, healthy
   * connection for dead.
   */
  send(frame: Record<string, unknown>, { expectReply = true }: { expectReply?: boolean } = {}): boolean {
    if (this.state !== 'open' || !this.socket || this.socket.readyState !== OPEN) return false;
    // Armed first: the answer may come before send() returns.
    if (expectReply) this.expectReply();
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Called when the tab becomes visible: reset attempts, then reconnect if closed or ping if open. */
  onVisible(): void {
    if (this.stopped || this.terminated || !this.deps.getToken()) return;
    this.attempts = 0;
    if (this.state === 'open') this.send({ type: 'ping', timestamp: this.now() });
    else if (this.state === 'closed') {
      if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
      this.connect();
    }
  }

  /**
   * The browser says it lost the network: ask the socket at once and give it a few seconds to
   * answer. A dead network fails the check (Disconnected within seconds); a server the browser can
   * still reach (on this machine or this LAN) answers and the connection stays.
   */
  onOffline(): void {
    if (this.stopped || !this.socket || this.state !== 'open') return;
    // The shorter clock is set before the ping, so an answer (which clears it) can never be missed.
    this.clearReplyTimer();
    this.replyTimer = setTimeout(() => {
      this.replyTimer = null;
      this.abandon();
    }, LIVE_OFFLINE_REPLY_TIMEOUT_MS);
    this.send({ type: 'ping', timestamp: this.now() });
  }

  /** The browser has a network again: like becoming visible, a fresh start for the attempts. */
  onOnline(): void {
    this.onVisible();
  }

  private connect(): void {
    if (this.stopped || this.terminated) return;
    if (!this.deps.getToken()) {
      this.setState('closed');
      return;
    }
    // Never two attempts within a second: wait for the rest of it.
    const wait = this.lastAttemptAt + LIVE_MIN_ATTEMPT_GAP_MS - this.now();
    if (wait > 0) {
      this.schedule(wait);
      return;
    }
    this.lastAttemptAt = this.now();
    this.detach();
    this.setState('connecting');
    const socket = this.deps.createSocket(this.deps.url);
    this.socket = socket;
    socket.onopen = () => this.onOpen();
    socket.onmessage = (ev) => this.onMessage(ev.data);
    socket.onclose = (ev) => this.onClose(ev.code);
    socket.onerror = () => undefined; // a close event follows
    // A connection attempt into a dead network can hang for minutes before the browser fails it.
    this.expectReply();
  }

  private onOpen(): void {
    const token = this.deps.getToken();
    if (!token) {
      this.socket?.close(1000, 'no token');
      return;
    }
    if (this.sessionId !== null && this.lastSeq !== null) {
      this.rawSend({ type: 'resume', session_id: this.sessionId, seq: this.lastSeq, token });
    } else {
      this.rawSend({ type: 'auth', token, user_id: this.deps.getUserId() ?? undefined });
    }
    this.sentToken = token;
  }

  private onMessage(raw: unknown): void {
    // Anything at all from the server shows the connection is alive.
    this.clearReplyTimer();
    let frame: LiveFrame;
    try {
      frame = JSON.parse(String(raw)) as LiveFrame;
    } catch {
      return;
    }
    if (typeof frame.seq === 'number') this.lastSeq = Math.max(this.lastSeq ?? 0, frame.seq);
    switch (frame.type) {
      case 'ready':
        this.sessionId = (frame.data as { session_id: string }).session_id;
        this.becomeOpen();
        this.emit({ kind: 'frame', frame });
        this.emit({ kind: 'resync' });
        return;
      case 'resumed':
        this.becomeOpen();
        break;
      case 'invalid_session': {
        // Too long away: start a new session; its `ready` tells the app to refetch what it shows.
        this.sessionId = null;
        this.lastSeq = null;
        const token = this.deps.getToken();
        if (token) {
          this.rawSend({ type: 'auth', token, user_id: this.deps.getUserId() ?? undefined });
          this.sentToken = token;
        }
        break;
      }
      case 'auth_error':
        void this.onAuthError();
        return;
      case 'device_revoked':
      case 'suspended':
      case 'account_terminated':
        this.emit({ kind: 'frame', frame });
        this.terminate();
        return;
    }
    this.emit({ kind: 'frame', frame });
  }

  private async onAuthError(): Promise<void> {
    // The token may just have expired: one refresh, then a fresh attempt; otherwise the session is over.
    this.sessionId = null;
    this.lastSeq = null;
    if (await this.deps.forceRefresh()) {
      this.lastRefreshAt = this.now();
      return; // the server closes the socket; onClose reconnects with the new token
    }
    this.emit({ kind: 'auth_failed', detail: 'WebSocket authentication failed' });
    this.terminate();
  }

  private becomeOpen(): void {
    this.attempts = 0;
    this.setState('open');
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.send({ type: 'ping', timestamp: this.now() }), LIVE_PING_INTERVAL_MS);
  }

  private onClose(code: number): void {
    const wasOpen = this.state === 'open';
    this.detach();
    this.clearTimers();
    this.setState('closed');
    if (this.stopped || this.terminated || code === 1000 || !this.deps.getToken()) return;
    // A connection that was up (a node restarting or gone, a network blip), or a node that says it
    // is stopping: tried again at once, with a little jitter and not counted; spec 1 §4's delays and
    // its count to 5 are for attempts that failed. The 1 s gap between attempts still holds
    // (connect), so a node that keeps closing cannot make a loop. An expired token waits for its
    // refresh below instead.
    if (code === CLOSE_SERVER_RESTARTING || (wasOpen && code !== CLOSE_AUTH_FAILED)) {
      this.schedule(Math.floor(this.random() * LIVE_QUICK_RECONNECT_JITTER_MS));
      return;
    }
    // The browser's online state is not consulted: it is only a guess (Chromium says offline on a
    // machine or LAN with no route out, where the server may be right there), so the attempts and
    // 'max retries reached' follow spec 1 §4 whatever it says; its online event restarts them.
    if (this.attempts >= LIVE_RECONNECT_MAX_ATTEMPTS) {
      this.emit({ kind: 'max_retries' });
      return;
    }
    this.attempts++;
    // The server closes a connection whose token expired: refresh before the reconnect (at least 2 s
    // away) so that it resumes the session with a valid token instead of starting a new one.
    if (code === CLOSE_AUTH_FAILED) {
      this.lastRefreshAt = this.now();
      void this.deps.refreshToken().catch(() => false);
    }
    this.schedule(this.delayFor(this.attempts));
  }

  /** Starts the reply clock unless it already runs: a stream of sends must not keep pushing it back. */
  private expectReply(): void {
    this.replyTimer ??= setTimeout(() => {
      this.replyTimer = null;
      this.abandon();
    }, LIVE_REPLY_TIMEOUT_MS);
  }

  private clearReplyTimer(): void {
    if (this.replyTimer) clearTimeout(this.replyTimer);
    this.replyTimer = null;
  }

  /**
   * Gives up on the current socket at once, as if it had closed abnormally. Its own close event
   * could come much later (the closing handshake cannot cross a dead network), so it is detached.
   */
  private abandon(): void {
    const socket = this.socket;
    this.detach();
    socket?.close(CLOSE_ABANDONED, 'no reply');
    this.onClose(CLOSE_ABANDONED);
  }

  /** 2 s, doubling per attempt; capped at 3 s while the page is visible. */
  delayFor(attempt: number): number {
    const delay = LIVE_RECONNECT_BASE_MS * 2 ** (attempt - 1);
    return this.deps.isVisible() ? Math.min(delay, LIVE_RECONNECT_VISIBLE_CAP_MS) : delay;
  }

  private schedule(ms: number): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, ms);
  }

  private async checkToken(): Promise<void> {
    if (this.stopped || this.now() - this.lastRefreshAt < LIVE_TOKEN_REFRESH_MIN_GAP_MS) return;
    this.lastRefreshAt = this.now();
    if (!(await this.deps.refreshToken())) return;
    // Only a new token is worth telling the server about.
    const token = this.deps.getToken();
    if (token && token !== this.sentToken && this.send({ type: 'token_refresh', token })) this.sentToken = token;
  }

  private rawSend(frame: Record<string, unknown>): void {
    if (!this.socket || this.socket.readyState !== OPEN) return;
    this.expectReply();
    this.socket.send(JSON.stringify(frame));
  }

  private detach(): void {
    if (!this.socket) return;
    this.socket.onopen = this.socket.onmessage = this.socket.onclose = this.socket.onerror = null;
    this.socket = null;
  }

  private clearTimers(): void {
    this.clearReplyTimer();
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private setState(state: LiveState): void {
    if (this.state === state) return;
    this.state = state;
    this.emit({ kind: 'state', state });
  }

  private emit(signal: LiveSignal): void {
    for (const l of this.listeners) l(signal);
  }
}
