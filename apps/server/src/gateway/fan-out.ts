import { CLOSE } from '@hearth/protocol';
import type { LoggedEvent } from '../events/event-log.js';
import { closeFirmly } from './connection.js';
import { applyVisibility, isFor, type LiveSession } from './live-session.js';
import { ATTACHED_RECORD_TTL_MS, persist } from './registry.js';
import type { GatewayState } from './state.js';
import { holdWrites } from './write-batch.js';

/** `ws` send options for a frame given as bytes: still a text frame, as when it is given as a string. */
const AS_TEXT = { binary: false } as const;

/**
 * Hands one event of the log to every session of this node (sessions busy replaying queue it); returns
 * how many got it. The frame is encoded to UTF-8 once, for the first recipient, and the same bytes go
 * to every socket: given the string, `ws` measured and the socket encoded it again for each recipient.
 */
export function deliver(state: GatewayState, event: LoggedEvent): number {
  let sent = 0;
  let bytes: Buffer | undefined;
  const frame = () => (bytes ??= Buffer.from(event.frame));
  for (const session of state.sessions.values()) {
    if (session.replaying) session.pending.push(event);
    else if (process(state, session, event, frame)) sent++;
  }
  return sent;
}

/**
 * Applies and (if it is for the session) sends one event, in seq order; returns true if sent.
 * `frame` gives the frame as sent (by default the event's own string).
 */
export function process(
  state: GatewayState,
  session: LiveSession,
  event: LoggedEvent,
  frame: () => string | Buffer = () => event.frame,
): boolean {
  if (event.seq <= session.lastSeq) return false;
  if (applyVisibility(session, event)) {
    session.snapshot(event.seq);
    void persist(state, session, ATTACHED_RECORD_TTL_MS);
  }
  session.lastSeq = event.seq;
  if (!isFor(session, event)) return false;
  sendToSession(state, session, frame());
  return true;
}

/** Ends a replay or start-up: sends the events that arrived meanwhile, then goes live. */
export function flushPending(state: GatewayState, session: LiveSession): void {
  // Processing can queue nothing new: replaying is cleared first and dispatch is synchronous.
  session.replaying = false;
  const pending = session.pending;
  session.pending = [];
  let sent = 0;
  for (const event of pending) if (process(state, session, event)) sent++;
  // Held back for this session when they were delivered to the others: counted now they are sent.
  if (sent > 0) state.ctx.metrics.eventsDelivered.inc(sent);
}

/**
 * Sends a frame unless the socket is too far behind: a slow consumer is closed, never waited for.
 * The frame joins the socket's other frames of this turn in one write (write-batch.ts).
 */
export function sendToSession(state: GatewayState, session: LiveSession, frame: string | Buffer): void {
  const socket = session.socket;
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > state.ctx.config.liveMaxBufferedBytes) {
    closeFirmly(socket, CLOSE.slowConsumer, 'Too slow to keep up');
    return;
  }
  holdWrites(socket);
  socket.send(frame, AS_TEXT);
}
