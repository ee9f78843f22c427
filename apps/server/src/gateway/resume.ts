import { CLOSE, TEXT } from '@hearth/protocol';
import { activeDeviceUser, type AuthedUser } from '../auth/authenticate.js';
import { LOG_GAP, type LoggedEvent } from '../events/event-log.js';
import { controlFrame, isCurrent, reply, type Connection } from './connection.js';
import { tokenUser } from '../auth/authenticate.js';
import { flushPending, process, sendToSession } from './fan-out.js';
import { isFor, LiveSession } from './live-session.js';
import { closeRevoked, restartSession, ROLE_CHANGED, roleChangedUser, SESSION_ENDING_EVENTS } from './revocation.js';
import { attach, ATTACHED_RECORD_TTL_MS, detach, persist } from './registry.js';
import type { GatewayState } from './state.js';
import type { SessionRecord } from './session-store.js';

/** Internal event (no recipients): a session was resumed, so other attachments of it close. */
export const SESSION_RESUMED = 'session_resumed';

/** The answer to a resume while the session records cannot be read. */
export const RESUME_UNAVAILABLE = 'Sessions cannot be resumed at the moment; authenticate again';

/** `resume`: attaches a saved session to this connection and replays what it missed. */
export async function resume(
  state: GatewayState,
  conn: Connection,
  sessionId: string,
  seq: number,
  token?: string,
): Promise<void> {
  if (conn.session || conn.busy) return reply(conn, 'error', { detail: TEXT.wsAlreadyAuthenticated, type: 'resume' });
  conn.busy = true;
  const invalid = (detail: string) => {
    conn.busy = false;
    reply(conn, 'invalid_session', { detail });
  };
  // Redis out of reach (an outage, its records then unreadable): the session cannot be resumed, but a
  // new one can start without Redis. Refused, not failed: a failure (1011) counts as a failed attempt
  // on the client, and a client that must reconnect during an outage (its node drained or gone) would
  // reach spec 1 §4's 5 attempts and stop, while `auth` would have given it a live session at once.
  const record = await state.store.get(sessionId).catch(() => undefined);
  if (record === undefined) return invalid(RESUME_UNAVAILABLE);
  if (!record) return invalid('Session expired; authenticate again');
  const credential = await resumeUser(state, record, token);
  if (!credential) return invalid('Session is no longer valid; authenticate again');
  // What the session could see was worked out for the role it had; an admin has changed it since.
  if (record.role !== undefined && record.role !== credential.user.role)
    return invalid('Session is no longer valid; authenticate again');
  const { user } = credential;
  // Snapshots are taken at every visibility change, so the newest one at or before the client's
  // seq is exactly what the user could see there.
  const base = [...record.snapshots].reverse().find((s) => s.seq <= seq);
  if (!base) return invalid('Events since then are no longer kept; authenticate again');

  state.sessions.get(sessionId)?.socket.close(CLOSE.normal, 'Session resumed elsewhere');
  const session = new LiveSession(sessionId, user, record.deviceId, conn.socket, seq, base.hidden, record.snapshots);
  session.tokenExpiresAt = credential.expiresAt;
  if (!attach(state, conn, session)) return;
  // A connection still holding this session on another node must stop: it is stale by now.
  const takeover = { session_id: sessionId, attach_id: session.attachId };
  void state.ctx.events.publish(SESSION_RESUMED, takeover, { kind: 'users', userIds: [] }).catch(() => undefined);
  // Unreadable (Redis went away meanwhile): like a log that no longer holds them, refused below.
  const missed = await state.ctx.events.readAfter(seq).catch(() => null);
  if (!isCurrent(conn, session)) return;
  // Events before a gap may never have reached the log: replaying across it would hide them for good.
  if (!missed || missed.some((e) => e.type === LOG_GAP)) {
    detach(state, conn);
    return invalid('Events since then are no longer kept; authenticate again');
  }
  let replayed = 0;
  for (const event of missed) if (process(state, session, event)) replayed++;
  await persist(state, session, ATTACHED_RECORD_TTL_MS);
  sendToSession(state, session, controlFrame('resumed', { session_id: sessionId, replayed }, null));
  flushPending(state, session);
  // An event that ends or restarts this session may have been handed out after the credential check
  // above and before the session was attached, so only the replay saw it: it takes effect now, unless
  // another attachment of the session took over meanwhile (it replays the same events itself).
  if (!isCurrent(conn, session)) return;
  for (const event of missed) {
    if (SESSION_ENDING_EVENTS.has(event.type) && isFor(session, event)) return closeRevoked(state, event);
    // Another user's role change is theirs: their sessions were restarted where they were attached.
    if (event.type === ROLE_CHANGED && roleChangedUser(event) === session.user.id)
      return restartSession(state, session);
  }
}

/**
 * The session's user and when its access expires, if its device is still signed in and the token
 * (when given) is theirs. Without a token the session's last token must still be valid: a resume
 * never extends a connection's life past the token it was given.
 */
async function resumeUser(
  state: GatewayState,
  record: SessionRecord,
  token?: string,
): Promise<{ user: AuthedUser; expiresAt: number } | null> {
  if (token) {
    const verified = await tokenUser(state.ctx, token);
    const { user } = verified ?? {};
    return user && user.id === record.userId && user.deviceId === record.deviceId ? verified : null;
  }
  const expiresAt = record.tokenExpiresAt ?? 0;
  if (expiresAt <= Date.now()) return null;
  const user = await activeDeviceUser(state.ctx, record.userId, record.deviceId);
  return user ? { user, expiresAt } : null;
}

/** Another node resumed a session: if this node still holds an older attachment of it, close that. */
export function closeSuperseded(state: GatewayState, event: LoggedEvent): void {
  const { session_id, attach_id } = JSON.parse(event.data) as { session_id: string; attach_id: string };
  const local = state.sessions.get(session_id);
  if (!local || local.attachId === attach_id) return;
  state.sessions.delete(session_id); // so its close does not overwrite the newer session record
  local.socket.close(CLOSE.normal, 'Session resumed elsewhere');
}
