import { CLOSE, TEXT } from '@hearth/protocol';
import { userFromToken } from '../auth/authenticate.js';
import { reply, type Connection } from './connection.js';
import type { GatewayState } from './registry.js';

/** `token_refresh`: a newer access token of the same user replaces the session's. */
export async function refreshToken(state: GatewayState, conn: Connection, token: string): Promise<void> {
  const session = conn.session;
  if (!session) return reply(conn, 'error', { detail: TEXT.wsNotAuthenticated, type: 'token_refresh' });
  const claims = await state.ctx.tokens.verify(token);
  const user = claims ? await userFromToken(state.ctx, token) : null;
  if (!claims || !user || user.id !== session.user.id) {
    reply(conn, 'auth_error', { detail: TEXT.wsAuthFailed });
    conn.socket.close(CLOSE.authFailed, TEXT.wsAuthFailed);
    return;
  }
  session.user = user;
  reply(conn, 'token_refreshed', { expires_at: claims.expiresAt });
}
