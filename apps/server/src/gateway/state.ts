import type { AppContext } from '../context.js';
import type { SessionStore } from './session-store.js';
import type { ConnectionSet, SessionTable } from './tables.js';

/** What this node's gateway holds: its connections, the sessions attached to them, and where records go. */
export interface GatewayState {
  ctx: AppContext;
  store: SessionStore;
  connections: ConnectionSet;
  sessions: SessionTable;
}
