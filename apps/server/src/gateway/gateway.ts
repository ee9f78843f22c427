import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  ClientFrame,
  CLOSE,
  LIVE_MAX_FRAME_BYTES,
  LIVE_PING_INTERVAL_MS,
  RESUME_WINDOW_MS,
  TEXT,
  type ServerControl,
  type ServerControlType,
} from '@hearth/protocol';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { activeDeviceUser, userFromToken, type AuthedUser } from '../auth/authenticate.js';
import { hiddenGroupIds } from '../groups/access.js';
import { asHttpError, zodDetail } from '../http/errors.js';
import { sendMessage } from '../messages/service.js';
import type { LoggedEvent } from '../events/event-log.js';
import { toSelfUser } from '../users/user-row.js';
import { applyVisibility, isFor, LiveSession } from './live-session.js';
import type { SessionRecord, SessionStore } from './session-store.js';

/**
 * While attached, a session record is saved with this lifetime and refreshed every 30 s; after the
 * connection ends it lives the resume window. A node that dies leaves records that expire just as soon.
 */
const ATTACHED_RECORD_TTL_MS = RESUME_WINDOW_MS + 60_000;
const RECORD_REFRESH_MS = 30_000;
/** Close code for a failure while starting a session: the client reconnects and tries again. */
const CLOSE_TRY_AGAIN = 1011;
const AUTH_TIMEOUT_MS = 10_000;
/** Internal event (no recipients): a session was resumed, so other attachments of it close. */
const SESSION_RESUMED = 'session_resumed';
/** Frames one connection may send per 10 s before it is closed as abusive. */
const FRAME_BUDGET = 300;

interface Connection {
  socket: WebSocket;
  lastSeen: number;
  openedAt: number;
  frames: number;
  framesWindowStart: number;
  session: LiveSession | null;
  busy: boolean; // an auth or resume is in progress
  /** Set when the socket has closed; a session must not be attached to it afterwards. */
  closed: boolean;
  /** Frames of one connection are handled one after another, so its messages are stored in the order sent. */
  queue: Promise<void>;
}

type ControlData<T extends ServerControlType> = z.input<(typeof ServerControl)[T]>;

/**
 * The live gateway: authenticates WebSocket connections, keeps a session per connection, delivers
 * each event of the log to the sessions allowed to see it, and replays missed events on resume.
 */
export class Gateway {
  private wss = new WebSocketServer({ noServer: true, maxPayload: LIVE_MAX_FRAME_BYTES });
  private connections = new Set<Connection>();
  private sessions = new Map<string, LiveSession>();
  private timer: NodeJS.Timeout;
  private recordTimer: NodeJS.Timeout;

  constructor(
    private ctx: AppContext,
    private store: SessionStore,
  ) {
    ctx.events.subscribe((event) => this.dispatch(event));
    // Sessions hold seqs of the lost numbering: close them; clients reconnect and start afresh.
    ctx.events.onReset?.(() => {
      for (const c of this.connections) c.socket.close(CLOSE.serviceRestart, 'Event log restarted');
    });
    const sweepEvery = Math.min(5_000, Math.max(250, Math.floor(ctx.config.liveIdleTimeoutMs / 3)));
    this.timer = setInterval(() => this.closeIdle(), sweepEvery);
    this.recordTimer = setInterval(() => void this.refreshRecords(), RECORD_REFRESH_MS);
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws));
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.recordTimer);
    for (const c of this.connections) c.socket.close(CLOSE.goingAway, 'Server shutting down');
    await Promise.all([...this.sessions.values()].map((s) => this.persist(s, RESUME_WINDOW_MS)));
    // A peer that stopped reading never completes the closing handshake; do not wait for it long.
    for (let i = 0; i < 20 && this.connections.size > 0; i++) await new Promise((r) => setTimeout(r, 50));
    for (const c of this.connections) c.socket.terminate();
    this.wss.close();
  }

  private accept(socket: WebSocket): void {
    const now = Date.now();
    const conn: Connection = {
      socket,
      lastSeen: now,
      openedAt: now,
      frames: 0,
      framesWindowStart: now,
      session: null,
      busy: false,
      closed: false,
      queue: Promise.resolve(),
    };
    this.connections.add(conn);
    socket.on('message', (raw, isBinary) => {
      // Counted on arrival, not when handled, so a flood is cut off before it piles up in the queue.
      if (!this.withinBudget(conn)) return;
      conn.queue = conn.queue.then(() => this.onFrame(conn, raw, isBinary));
    });
    socket.on('close', () => this.onClose(conn));
    socket.on('error', () => socket.terminate());
  }

  private onClose(conn: Connection): void {
    conn.closed = true;
    this.connections.delete(conn);
    const session = conn.session;
    if (!session || this.sessions.get(session.id) !== session) return;
    this.sessions.delete(session.id);
    void this.persist(session, RESUME_WINDOW_MS);
  }

  private withinBudget(conn: Connection): boolean {
    const now = Date.now();
    conn.lastSeen = now;
    if (now - conn.framesWindowStart > 10_000) {
      conn.frames = 0;
      conn.framesWindowStart = now;
    }
    if (++conn.frames <= FRAME_BUDGET) return true;
    if (conn.frames === FRAME_BUDGET + 1) conn.socket.close(CLOSE.slowConsumer, 'Too many frames');
    return false;
  }

  private async onFrame(conn: Connection, raw: RawData, isBinary: boolean): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(isBinary ? Buffer.from(raw as Buffer).toString('utf8') : raw.toString());
    } catch {
      return this.reply(conn, 'error', { detail: TEXT.wsBadFrame });
    }
    if (typeof json !== 'object' || json === null || typeof (json as { type?: unknown }).type !== 'string') {
      return this.reply(conn, 'error', { detail: TEXT.wsBadFrame });
    }
    const type = (json as { type: string }).type;
    const parsed = ClientFrame.safeParse(json);
    if (!parsed.success) {
      const known = ['auth', 'resume', 'ping', 'token_refresh', 'message'].includes(type);
      const nonce = (json as { nonce?: unknown }).nonce;
      return this.reply(conn, 'error', {
        detail: known ? zodDetail(parsed.error) : TEXT.wsUnknownType,
        type,
        ...(typeof nonce === 'string' ? { nonce } : {}),
      });
    }
    const frame = parsed.data;
    try {
      switch (frame.type) {
        case 'ping':
          return this.reply(conn, 'pong', { timestamp: frame.timestamp ?? null, server_time: Date.now() });
        case 'auth':
          return await this.onAuth(conn, frame.token);
        case 'resume':
          return await this.onResume(conn, frame.session_id, frame.seq, frame.token);
        case 'token_refresh':
          return await this.onTokenRefresh(conn, frame.token);
        case 'message': {
          if (!conn.session) return this.reply(conn, 'error', { detail: TEXT.wsNotAuthenticated, type });
          const { message, created } = await sendMessage(this.ctx, conn.session.user, frame);
          // A repeated nonce stores and announces nothing: answer the sender alone with what is stored.
          if (!created) this.sendRaw(conn, JSON.stringify({ type: 'message', seq: null, data: message }));
          return;
        }
      }
    } catch (err) {
      const nonce = frame.type === 'message' ? frame.nonce : undefined;
      const known = asHttpError(err);
      if (!known) console.error('[gateway] frame failed:', err);
      this.reply(conn, 'error', { detail: known?.message ?? TEXT.internal, type, ...(nonce ? { nonce } : {}) });
      if (frame.type === 'auth' || frame.type === 'resume') {
        // A session half made (database or Redis trouble) is dropped; the client reconnects and retries.
        this.detach(conn);
        conn.busy = false;
        conn.socket.close(CLOSE_TRY_AGAIN, 'Could not start the session');
      }
    }
  }

  private async onAuth(conn: Connection, token: string): Promise<void> {
    if (conn.session || conn.busy)
      return this.reply(conn, 'error', { detail: TEXT.wsAlreadyAuthenticated, type: 'auth' });
    conn.busy = true;
    const user = await userFromToken(this.ctx, token);
    if (!user) {
      this.reply(conn, 'auth_error', { detail: TEXT.wsAuthFailed });
      conn.socket.close(CLOSE.authFailed, TEXT.wsAuthFailed);
      return;
    }
    // Register before reading permissions so no event slips between the read and the start.
    const session = new LiveSession(
      randomBytes(16).toString('hex'),
      user,
      user.deviceId,
      conn.socket,
      this.ctx.events.head(),
      [],
    );
    if (!this.attach(conn, session)) return;
    for (const g of await hiddenGroupIds(this.ctx.db, user)) session.hidden.add(g);
    session.snapshot();
    await this.persist(session, ATTACHED_RECORD_TTL_MS);
    if (!isCurrent(conn, session)) return; // closed meanwhile
    this.send(
      session,
      this.controlFrame(
        'ready',
        {
          session_id: session.id,
          user: toSelfUser(user),
          heartbeat_interval: LIVE_PING_INTERVAL_MS,
          resume_window_ms: RESUME_WINDOW_MS,
        },
        session.lastSeq,
      ),
    );
    this.flushPending(session);
  }

  private async onResume(conn: Connection, sessionId: string, seq: number, token?: string): Promise<void> {
    if (conn.session || conn.busy)
      return this.reply(conn, 'error', { detail: TEXT.wsAlreadyAuthenticated, type: 'resume' });
    conn.busy = true;
    const invalid = (detail: string) => {
      conn.busy = false;
      this.reply(conn, 'invalid_session', { detail });
    };
    const record = await this.store.get(sessionId);
    if (!record) return invalid('Session expired; authenticate again');
    const user = await this.resumeUser(record, token);
    if (!user) return invalid('Session is no longer valid; authenticate again');
    // Snapshots are taken at every visibility change, so the newest one at or before the client's
    // seq is exactly what the user could see there.
    const base = [...record.snapshots].reverse().find((s) => s.seq <= seq);
    if (!base) return invalid('Events since then are no longer kept; authenticate again');

    this.sessions.get(sessionId)?.socket.close(CLOSE.normal, 'Session resumed elsewhere');
    const session = new LiveSession(sessionId, user, record.deviceId, conn.socket, seq, base.hidden, record.snapshots);
    if (!this.attach(conn, session)) return;
    // A connection still holding this session on another node must stop: it is stale by now.
    const takeover = { session_id: sessionId, attach_id: session.attachId };
    void this.ctx.events.publish(SESSION_RESUMED, takeover, { kind: 'users', userIds: [] }).catch(() => undefined);
    const missed = await this.ctx.events.readAfter(seq);
    if (!isCurrent(conn, session)) return;
    if (!missed) {
      this.detach(conn);
      return invalid('Events since then are no longer kept; authenticate again');
    }
    let replayed = 0;
    for (const event of missed) if (this.process(session, event)) replayed++;
    await this.persist(session, ATTACHED_RECORD_TTL_MS);
    this.send(session, this.controlFrame('resumed', { session_id: sessionId, replayed }, null));
    this.flushPending(session);
  }

  /** The session's user, if its device is still signed in (and the token, when given, is theirs). */
  private async resumeUser(record: SessionRecord, token?: string): Promise<AuthedUser | null> {
    if (token) {
      const user = await userFromToken(this.ctx, token);
      return user && user.id === record.userId && user.deviceId === record.deviceId ? user : null;
    }
    return activeDeviceUser(this.ctx, record.userId, record.deviceId);
  }

  private async onTokenRefresh(conn: Connection, token: string): Promise<void> {
    const session = conn.session;
    if (!session) return this.reply(conn, 'error', { detail: TEXT.wsNotAuthenticated, type: 'token_refresh' });
    const claims = await this.ctx.tokens.verify(token);
    const user = claims ? await userFromToken(this.ctx, token) : null;
    if (!claims || !user || user.id !== session.user.id) {
      this.reply(conn, 'auth_error', { detail: TEXT.wsAuthFailed });
      conn.socket.close(CLOSE.authFailed, TEXT.wsAuthFailed);
      return;
    }
    session.user = user;
    this.reply(conn, 'token_refreshed', { expires_at: claims.expiresAt });
  }

  /** Attaches the session to the connection, unless the socket closed while it was being made. */
  private attach(conn: Connection, session: LiveSession): boolean {
    conn.busy = false;
    if (conn.closed) return false;
    conn.session = session;
    this.sessions.set(session.id, session);
    return true;
  }

  private detach(conn: Connection): void {
    if (conn.session) this.sessions.delete(conn.session.id);
    conn.session = null;
  }

  /* ---------- delivery ---------- */

  private dispatch(event: LoggedEvent): void {
    if (event.type === SESSION_RESUMED) this.closeSuperseded(event);
    for (const session of this.sessions.values()) {
      if (session.replaying) session.pending.push(event);
      else this.process(session, event);
    }
    if (event.type === 'device_revoked') this.closeRevoked(event);
  }

  /** Applies and (if it is for the session) sends one event, in seq order; returns true if sent. */
  private process(session: LiveSession, event: LoggedEvent): boolean {
    if (event.seq <= session.lastSeq) return false;
    if (applyVisibility(session, event)) {
      session.snapshot(event.seq);
      void this.persist(session, ATTACHED_RECORD_TTL_MS);
    }
    session.lastSeq = event.seq;
    if (!isFor(session, event)) return false;
    this.send(session, event.frame);
    return true;
  }

  private flushPending(session: LiveSession): void {
    // Processing can queue nothing new: replaying is cleared first and dispatch is synchronous.
    session.replaying = false;
    const pending = session.pending;
    session.pending = [];
    for (const event of pending) this.process(session, event);
  }

  /** Sends a frame unless the socket is too far behind: a slow consumer is closed, never waited for. */
  private send(session: LiveSession, frame: string): void {
    const socket = session.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.ctx.config.liveMaxBufferedBytes) {
      socket.close(CLOSE.slowConsumer, 'Too slow to keep up');
      // A peer that stopped reading will not complete the closing handshake.
      setTimeout(() => socket.terminate(), 1_000).unref();
      return;
    }
    socket.send(frame);
  }

  private closeSuperseded(event: LoggedEvent): void {
    const { session_id, attach_id } = JSON.parse(event.data) as { session_id: string; attach_id: string };
    const local = this.sessions.get(session_id);
    if (!local || local.attachId === attach_id) return;
    this.sessions.delete(session_id); // so its close does not overwrite the newer session record
    local.socket.close(CLOSE.normal, 'Session resumed elsewhere');
  }

  private closeRevoked(event: LoggedEvent): void {
    const { device_id } = JSON.parse(event.data) as { device_id: number };
    for (const session of this.sessions.values()) {
      if (session.deviceId !== device_id) continue;
      this.sessions.delete(session.id); // so its close does not save the record again
      this.store
        .delete(session.id)
        .catch((err: Error) => console.error('[gateway] could not drop session:', err.message));
      session.socket.close(CLOSE.sessionRevoked, TEXT.sessionRevoked);
    }
  }

  private controlFrame<T extends ServerControlType>(type: T, data: ControlData<T>, seq: number | null): string {
    return JSON.stringify({ type, seq, data });
  }

  private reply<T extends ServerControlType>(conn: Connection, type: T, data: ControlData<T>): void {
    this.sendRaw(conn, this.controlFrame(type, data, null));
  }

  private sendRaw(conn: Connection, frame: string): void {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(frame);
  }

  /* ---------- housekeeping ---------- */

  private closeIdle(): void {
    const now = Date.now();
    for (const conn of this.connections) {
      if (!conn.session && !conn.busy && now - conn.openedAt > AUTH_TIMEOUT_MS) {
        conn.socket.close(CLOSE.authTimeout, 'Authentication timed out');
      } else if (now - conn.lastSeen > this.ctx.config.liveIdleTimeoutMs) {
        conn.socket.close(CLOSE.idleTimeout, 'No heartbeat');
        setTimeout(() => conn.socket.terminate(), 1_000).unref();
      }
    }
  }

  /** Keeps attached sessions' records alive (their lifetime is short so a dead node's expire soon). */
  private async refreshRecords(): Promise<void> {
    for (const session of this.sessions.values()) {
      if (!session.replaying) await this.persist(session, ATTACHED_RECORD_TTL_MS);
    }
  }

  private async persist(session: LiveSession, ttlMs: number): Promise<void> {
    try {
      await this.store.save(session.record(), ttlMs);
    } catch (err) {
      console.error('[gateway] could not save session:', (err as Error).message);
    }
  }
}

/** Whether the session is still the connection's (the socket may have closed during an await). */
function isCurrent(conn: Connection, session: LiveSession): boolean {
  return !conn.closed && conn.session === session;
}
