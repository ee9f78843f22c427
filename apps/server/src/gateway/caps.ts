import type { WebSocket } from 'ws';
import { CLOSE } from '@hearth/protocol';
import { closeFirmly } from './connection.js';
import type { LiveSession } from './live-session.js';
import type { GatewayState } from './state.js';

/**
 * Caps are counted on this node only: a count shared by the cluster would need a Redis round trip
 * per connection and a way to forget the counts of a node that died. Behind a load balancer that
 * spreads connections, a user or address can hold up to the cap on each node.
 */

/** Whether one more connection from this client address fits (0: no cap). */
export function addressHasRoom(state: GatewayState, address: string): boolean {
  const max = state.ctx.config.liveMaxConnectionsPerAddress;
  return max === 0 || state.connections.fromAddress(address) < max;
}

/**
 * Whether the session may be attached (0: no cap). A resumed session that is attached here already
 * takes its own place, so resuming is never refused for the connection it replaces.
 */
export function userHasRoom(state: GatewayState, session: LiveSession): boolean {
  const max = state.ctx.config.liveMaxConnectionsPerUser;
  return max === 0 || state.sessions.has(session.id) || state.sessions.ofUser(session.user.id) < max;
}

/** Closes a connection over a cap with 4029 and the reason, without waiting long for the peer. */
export function refuse(socket: WebSocket, reason: string): void {
  closeFirmly(socket, CLOSE.tooManyConnections, reason);
}
