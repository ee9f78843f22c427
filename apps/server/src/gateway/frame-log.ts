import { currentRequestId } from '../logging/request-id.js';
import type { Connection } from './connection.js';
import type { GatewayState } from './state.js';

/**
 * With LOG_REQUESTS, one line per handled live frame, as for an HTTP request: its id, its type, whose
 * session, how long it took. Never its content (a message's text, a token). Pings are left out: every
 * connection sends one every half minute and they say nothing.
 */
export function logFrame(state: GatewayState, conn: Connection, type: string, started: number): void {
  if (type === 'ping' || !state.ctx.config.logRequests) return;
  const ms = Math.round((performance.now() - started) * 10) / 10;
  state.ctx.log.info(
    { reqId: currentRequestId(), frame: type, user: conn.session?.user.id ?? null, ms },
    'live frame handled',
  );
}
