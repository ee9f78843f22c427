import { randomBytes } from 'node:crypto';
import {
  ADMIN_TEXT,
  CLOSE,
  LIVE_PING_INTERVAL_MS,
  RESUME_WINDOW_MS,
  TEXT,
  type ServerEventData,
} from '@hearth/protocol';
import { hiddenGroupIds } from '../groups/access.js';
import { toSelfUser } from '../users/user-row.js';
import { controlFrame, isCurrent, reply, sendRaw, type Connection } from './connection.js';
import { activeDeviceUser, suspensionOf, tokenUser } from '../auth/authenticate.js';
import { flushPending, sendToSession } from './fan-out.js';
import { LiveSession } from './live-session.js';
import { attach, ATTACHED_RECORD_TTL_MS, forget, persist } from './registry.js';
import { restartSession } from './revocation.js';
import type { GatewayState } from './state.js';

/** `auth`: checks the token and starts a new session, answered with `ready`. */
export async function authenticate(state: GatewayState, conn: Connection, token: string): Promise<void> {
  if (conn.session || conn.busy) return reply(conn, 'error', { detail: TEXT.wsAlreadyAuthenticated, type: 'auth' });
  conn.busy = true;
  const verified = await tokenUser(state.ctx, token);
  if (!verified) return refuseToken(state, conn, token);
  const { user } = verified;
  // Register before reading permissions so no event slips between the read and the start.
  const session = new LiveSession(
    randomBytes(16).toString('hex'),
    user,
    user.deviceId,
    conn.socket,
    state.ctx.events.head(),
    [],
  );
  session.tokenExpiresAt = verified.expiresAt;
  if (!attach(state, conn, session)) return;
  for (const g of await hiddenGroupIds(state.ctx.db, user)) session.hidden.add(g);
  session.snapshot();
  await persist(state, session, ATTACHED_RECORD_TTL_MS);
  // Asked again now the session hears events: a suspension, sign-out or role change committed after
  // the first check but announced before the attach would otherwise pass this session by. Committed
  // before this read, it is seen here; after it, its event reaches the attached session.
  const still = await activeDeviceUser(state.ctx, user.id, user.deviceId);
  if (!isCurrent(conn, session)) return; // closed meanwhile
  if (!still) {
    forget(state, session);
    return refuseToken(state, conn, token);
  }
  // What it may see (hidden groups) was worked out for the old role: it starts again as the new one.
  if (still.role !== user.role) return restartSession(state, session);
  sendToSession(
    state,
    session,
    controlFrame(
      'ready',
      {
        session_id: session.id,
        user: toSelfUser(still), // as it is now: a change announced before the attach is in it
        heartbeat_interval: LIVE_PING_INTERVAL_MS,
        resume_window_ms: RESUME_WINDOW_MS,
      },
      session.lastSeq,
    ),
  );
  flushPending(state, session);
}

/**
 * A token refused: a suspended account is told why, as a live session would have been (its page may
 * have loaded after the suspension); any other refusal is an auth error. Either way the socket closes.
 */
async function refuseToken(state: GatewayState, conn: Connection, token: string): Promise<void> {
  const suspension = await suspensionOf(state.ctx, token);
  if (suspension) {
    const { reason } = suspension;
    const data: ServerEventData<'suspended'> = { reason, message: ADMIN_TEXT.suspendedNotice(reason) };
    sendRaw(conn, JSON.stringify({ type: 'suspended', seq: null, data }));
    conn.socket.close(CLOSE.sessionRevoked, TEXT.sessionRevoked);
    return;
  }
  reply(conn, 'auth_error', { detail: TEXT.wsAuthFailed });
  conn.socket.close(CLOSE.authFailed, TEXT.wsAuthFailed);
}
