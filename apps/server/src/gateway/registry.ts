import { RESUME_WINDOW_MS, TEXT } from '@hearth/protocol';
import type { Connection } from './connection.js';
import { refuse, userHasRoom } from './caps.js';
import type { LiveSession } from './live-session.js';
import type { GatewayState } from './state.js';
import { armTokenDeadline, clearTokenDeadline } from './token-expiry.js';

/**
 * While attached, a session record is saved with this lifetime and refreshed every 30 s; after the
 * connection ends it lives the resume window. A node that dies leaves records that expire just as soon.
 */
export const ATTACHED_RECORD_TTL_MS = RESUME_WINDOW_MS + 60_000;
export const RECORD_REFRESH_MS = 30_000;

/**
 * Attaches the session to the connection, unless the socket closed while it was being made or the
 * user holds as many connections as allowed (then it is closed). From then on the connection lives
 * only as long as the session's access token (plus a grace).
 */
export function attach(state: GatewayState, conn: Connection, session: LiveSession): boolean {
  conn.busy = false;
  if (conn.closed) return false;
  // Checked here, in the same synchronous step as the attach, so two connections cannot both take the last place.
  if (!userHasRoom(state, session)) {
    refuse(conn.socket, TEXT.wsTooManyForUser);
    return false;
  }
  conn.session = session;
  state.sessions.set(session.id, session);
  armTokenDeadline(conn, session.tokenExpiresAt);
  return true;
}

export function detach(state: GatewayState, conn: Connection): void {
  if (conn.session) state.sessions.delete(conn.session.id);
  conn.session = null;
  clearTokenDeadline(conn);
}

/** Saves the session's record so it can be resumed here or on another node; a failure is only logged. */
export async function persist(state: GatewayState, session: LiveSession, ttlMs: number): Promise<void> {
  try {
    await state.store.save(session.record(), ttlMs);
  } catch (err) {
    // While Redis is away every live session fails here every 30 s: the outage is said once elsewhere.
    if (state.ctx.events.reachable()) console.error('[gateway] could not save session:', (err as Error).message);
  }
}

/**
 * Ends a session for good: it leaves this node (so its socket's close saves nothing) and its record
 * goes, so no node resumes it.
 */
export function forget(state: GatewayState, session: LiveSession): void {
  state.sessions.delete(session.id);
  state.store.delete(session.id).catch((err: Error) => {
    if (state.ctx.events.reachable()) console.error('[gateway] could not drop session:', err.message);
  });
}
