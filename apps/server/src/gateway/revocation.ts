import { CLOSE, TEXT } from '@hearth/protocol';
import type { LoggedEvent } from '../events/event-log.js';
import { sendToSession } from './fan-out.js';
import { isFor, type LiveSession } from './live-session.js';
import { forget } from './registry.js';
import type { GatewayState } from './state.js';

/**
 * Events after which the sessions they are for end, on every node: a device signed out
 * (`device_revoked`, to that device), a user suspended or deleted by an admin (`suspended`,
 * `account_terminated`, to every session of theirs). Those sessions are closed (4003) and cannot be
 * resumed: their records go, and the token check refuses the device or the user anyway.
 */
export const SESSION_ENDING_EVENTS: ReadonlySet<string> = new Set([
  'device_revoked',
  'suspended',
  'account_terminated',
]);

/**
 * Internal event (no recipients): an admin changed this user's role. What a session may see was worked
 * out for the old role (an admin's sessions hide no group), so the user's sessions start afresh.
 */
export const ROLE_CHANGED = 'role_changed';

/** Closes the sessions a session-ending event was for, once it has been handed to them. */
export function closeRevoked(state: GatewayState, event: LoggedEvent): void {
  for (const session of [...state.sessions.values()]) {
    if (!isFor(session, event)) continue;
    // A session still replaying holds the event in its queue: it gets the notice before the close all the same.
    if (session.replaying) sendToSession(state, session, event.frame);
    end(state, session, CLOSE.sessionRevoked, TEXT.sessionRevoked);
  }
}

/**
 * The user's role changed: their sessions here are closed with 1012 and their records dropped, so the
 * client reconnects, its resume is refused, and it authenticates again with what the new role sees.
 */
export function restartForRole(state: GatewayState, event: LoggedEvent): void {
  const userId = roleChangedUser(event);
  for (const session of [...state.sessions.values()]) if (session.user.id === userId) restartSession(state, session);
}

/** Whose role a `role_changed` event is about. */
export function roleChangedUser(event: LoggedEvent): number {
  return (JSON.parse(event.data) as { user_id: number }).user_id;
}

/** Closes one session with 1012, its record dropped: the client authenticates again as its new role. */
export function restartSession(state: GatewayState, session: LiveSession): void {
  end(state, session, CLOSE.serviceRestart, 'Role changed');
}

function end(state: GatewayState, session: LiveSession, code: number, reason: string): void {
  forget(state, session);
  session.socket.close(code, reason);
}
