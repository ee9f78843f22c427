import type { WebSocket } from 'ws';
import { CLOSE, type ServerControl, type ServerControlType } from '@hearth/protocol';
import type { z } from 'zod';
import type { LiveSession } from './live-session.js';

/** Frames one connection may send per 10 s before it is closed as abusive. */
const FRAME_BUDGET = 300;
const FRAME_WINDOW_MS = 10_000;
/** How long a closing peer gets to answer the close before its socket is destroyed. */
const TERMINATE_AFTER_MS = 1_000;

/** One WebSocket connection and what the gateway knows about it. */
export interface Connection {
  socket: WebSocket;
  /** The client's address (behind a trusted proxy, the forwarded one), for the per-address cap. */
  address: string;
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
  /** Closes the connection when its session's access token has expired (see token-expiry.ts). */
  tokenTimer: NodeJS.Timeout | null;
}

type ControlData<T extends ServerControlType> = z.input<(typeof ServerControl)[T]>;

export function newConnection(socket: WebSocket, address: string): Connection {
  const now = Date.now();
  return {
    socket,
    address,
    lastSeen: now,
    openedAt: now,
    frames: 0,
    framesWindowStart: now,
    session: null,
    busy: false,
    closed: false,
    queue: Promise.resolve(),
    tokenTimer: null,
  };
}

/** Counts a frame on arrival; past the budget the connection is closed and the frame dropped. */
export function withinBudget(conn: Connection): boolean {
  const now = Date.now();
  conn.lastSeen = now;
  if (now - conn.framesWindowStart > FRAME_WINDOW_MS) {
    conn.frames = 0;
    conn.framesWindowStart = now;
  }
  if (++conn.frames <= FRAME_BUDGET) return true;
  if (conn.frames === FRAME_BUDGET + 1) conn.socket.close(CLOSE.slowConsumer, 'Too many frames');
  return false;
}

/** Whether the session is still the connection's (the socket may have closed during an await). */
export function isCurrent(conn: Connection, session: LiveSession): boolean {
  return !conn.closed && conn.session === session;
}

export function controlFrame<T extends ServerControlType>(type: T, data: ControlData<T>, seq: number | null): string {
  return JSON.stringify({ type, seq, data });
}

/** A reply to this connection alone (seq null: never replayed). */
export function reply<T extends ServerControlType>(conn: Connection, type: T, data: ControlData<T>): void {
  sendRaw(conn, controlFrame(type, data, null));
}

export function sendRaw(conn: Connection, frame: string): void {
  if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(frame);
}

/** Closes with a code and reason; a peer that stopped reading never completes the handshake, so it is cut off soon. */
export function closeFirmly(socket: WebSocket, code: number, reason: string): void {
  socket.close(code, reason);
  setTimeout(() => socket.terminate(), TERMINATE_AFTER_MS).unref();
}
