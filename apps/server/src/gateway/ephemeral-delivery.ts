import type { EphemeralEvent } from '../events/ephemeral.js';
import { sendToSession } from './fan-out.js';
import { isFor } from './live-session.js';
import type { GatewayState } from './state.js';

/**
 * Hands an ephemeral event (no seq) to this node's sessions it is for, decided with the same
 * visibility the log's events use. A session still replaying a resume or starting up is skipped
 * rather than queued: what it would show is stale by the time the replay ends, and sending it in the
 * middle of a replay would break the replay's order for nothing.
 */
export function deliverEphemeral(state: GatewayState, event: EphemeralEvent): void {
  for (const session of state.sessions.values()) {
    if (!session.replaying && isFor(session, event)) sendToSession(state, session, event.frame);
  }
}
