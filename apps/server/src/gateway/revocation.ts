import { CLOSE, TEXT } from '@hearth/protocol';
import type { LoggedEvent } from '../events/event-log.js';
import type { GatewayState } from './state.js';

/** A device was signed out or revoked: its sessions end here and cannot be resumed. */
export function closeRevoked(state: GatewayState, event: LoggedEvent): void {
  const { device_id } = JSON.parse(event.data) as { device_id: number };
  for (const session of state.sessions.values()) {
    if (session.deviceId !== device_id) continue;
    state.sessions.delete(session.id); // so its close does not save the record again
    state.store
      .delete(session.id)
      .catch((err: Error) => console.error('[gateway] could not drop session:', err.message));
    session.socket.close(CLOSE.sessionRevoked, TEXT.sessionRevoked);
  }
}
