import { CLOSE, TEXT } from '@hearth/protocol';
import { isCurrent, reply, type Connection } from './connection.js';
import { tokenUser } from '../auth/authenticate.js';
import type { GatewayState } from './state.js';
import { armTokenDeadline } from './token-expiry.js';

/**
 * `token_refresh`: a newer access token of the same user and device replaces the session's and
 * moves its deadline. Same device, because revoking a device must end its connections: one kept
 * alive by another device's tokens would outlive its own sign-out.
 */
export async function refreshToken(state: GatewayState, conn: Connection, token: string): Promise<void> {
  const session = conn.session;
  if (!session) return reply(conn, 'error', { detail: TEXT.wsNotAuthenticated, type: 'token_refresh' });
  const verified = await tokenUser(state.ctx, token);
  if (!verified || verified.user.id !== session.user.id || verified.user.deviceId !== session.deviceId) {
    reply(conn, 'auth_error', { detail: TEXT.wsAuthFailed });
    conn.socket.close(CLOSE.authFailed, TEXT.wsAuthFailed);
    return;
  }
  session.user = verified.user;
  // An older (still valid) token sent late never brings the deadline forward.
  session.tokenExpiresAt = Math.max(session.tokenExpiresAt, verified.expiresAt);
  if (isCurrent(conn, session)) armTokenDeadline(conn, session.tokenExpiresAt);
  reply(conn, 'token_refreshed', { expires_at: verified.expiresAt });
}
