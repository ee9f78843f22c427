import { CLOSE } from '@hearth/protocol';
import type { LoggedEvent } from '../events/event-log.js';
import { forget } from './registry.js';
import type { GatewayState } from './state.js';

/** The reason a session closed because the log may lack some of its events (1012: the client reconnects). */
export const RESYNC_REASON = 'Events may have been missed; start afresh';

/**
 * A LOG_GAP: events before it may never have reached the log (Redis did not answer). Every session
 * here that was live before it ends, its record dropped, so its client's resume is refused and it
 * authenticates again: its `ready` makes the client reload what it shows from the database, where
 * everything that was acknowledged is.
 */
export function restartBefore(state: GatewayState, gap: LoggedEvent): void {
  for (const session of [...state.sessions.values()]) {
    if (session.lastSeq >= gap.seq) continue;
    forget(state, session);
    session.socket.close(CLOSE.serviceRestart, RESYNC_REASON);
  }
}

/**
 * The log restarted (Redis lost its data): the sessions here hold seqs of the old numbering. Each ends
 * without saving its record (saved now, it would hold those seqs in the new Redis), and every
 * connection, a session being set up included, closes so its client starts afresh.
 */
export function restartAll(state: GatewayState): void {
  for (const session of [...state.sessions.values()]) forget(state, session);
  for (const c of state.connections) c.socket.close(CLOSE.serviceRestart, RESYNC_REASON);
}
