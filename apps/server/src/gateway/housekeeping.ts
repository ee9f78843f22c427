import { CLOSE } from '@hearth/protocol';
import { closeFirmly } from './connection.js';
import { ATTACHED_RECORD_TTL_MS, persist } from './registry.js';
import type { GatewayState } from './state.js';

const AUTH_TIMEOUT_MS = 10_000;

/** Closes connections that did not authenticate in time or went quiet (no ping). */
export function closeIdle(state: GatewayState): void {
  const now = Date.now();
  for (const conn of state.connections) {
    if (!conn.session && !conn.busy && now - conn.openedAt > AUTH_TIMEOUT_MS) {
      conn.socket.close(CLOSE.authTimeout, 'Authentication timed out');
    } else if (now - conn.lastSeen > state.ctx.config.liveIdleTimeoutMs) {
      closeFirmly(conn.socket, CLOSE.idleTimeout, 'No heartbeat');
    }
  }
}

/** Keeps attached sessions' records alive (their lifetime is short so a dead node's expire soon). */
export async function refreshRecords(state: GatewayState): Promise<void> {
  for (const session of state.sessions.values()) {
    if (!session.replaying) await persist(state, session, ATTACHED_RECORD_TTL_MS);
  }
}
