import type { EphemeralEvent } from '../events/ephemeral.js';
import { sendToSession } from './fan-out.js';
import { isFor } from './live-session.js';
import type { GatewayState } from './state.js';

/**
 * Hands an ephemeral event (no seq) to this node's sessions it is for, decided with the same
 * visibility the log's events use. A session still replaying a resume or starting up is skipped
 * rather than queued: what it would show is stale by the time the replay ends, and sending it in the
 * middle of a replay would break the replay's order for nothing. As in `deliver`, the frame is encoded
 * once for all of them.
 */
export function deliverEphemeral(state: GatewayState, event: EphemeralEvent): void {
  let bytes: Buffer | undefined;
  for (const session of state.sessions.values()) {
    if (!session.replaying && isFor(session, event))
      sendToSession(state, session, (bytes ??= Buffer.from(event.frame)));
  }
}
