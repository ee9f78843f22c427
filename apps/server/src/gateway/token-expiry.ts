import { CLOSE, LIVE_TOKEN_EXPIRY_GRACE_MS, TEXT } from '@hearth/protocol';
import { closeFirmly, type Connection } from './connection.js';

/** setTimeout cannot wait longer than this (about 24.8 days); a longer wait is taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Sets (or moves) the moment the connection closes: its token's expiry plus the grace (see the constant). */
export function armTokenDeadline(conn: Connection, expiresAt: number): void {
  clearTokenDeadline(conn);
  const wait = expiresAt + LIVE_TOKEN_EXPIRY_GRACE_MS - Date.now();
  conn.tokenTimer = setTimeout(
    () => {
      conn.tokenTimer = null;
      if (wait > MAX_TIMER_MS) armTokenDeadline(conn, expiresAt);
      else closeExpired(conn);
    },
    Math.min(Math.max(wait, 0), MAX_TIMER_MS),
  );
  // The deadline alone must not keep a stopping process alive.
  conn.tokenTimer.unref();
}

export function clearTokenDeadline(conn: Connection): void {
  if (conn.tokenTimer) clearTimeout(conn.tokenTimer);
  conn.tokenTimer = null;
}

function closeExpired(conn: Connection): void {
  closeFirmly(conn.socket, CLOSE.authFailed, TEXT.wsTokenExpired);
}
