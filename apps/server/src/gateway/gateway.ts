import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { CLOSE, LIVE_MAX_FRAME_BYTES, RESUME_WINDOW_MS, TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { clientAddress } from '../http/client-address.js';
import { addressHasRoom, refuse } from './caps.js';
import { newConnection, withinBudget, type Connection } from './connection.js';
import { deliver } from './fan-out.js';
import { recordDelivery } from './delivery-record.js';
import { newRequestId, withRequestId } from '../logging/request-id.js';
import { deliverEphemeral } from './ephemeral-delivery.js';
import { handleFrame } from './frames.js';
import { closeIdle, refreshRecords } from './housekeeping.js';
import { persist, RECORD_REFRESH_MS } from './registry.js';
import type { GatewayState } from './state.js';
import { closeSuperseded, SESSION_RESUMED } from './resume.js';
import { restartAll, restartBefore } from './resync.js';
import { LOG_GAP } from '../events/event-log.js';
import { closeRevoked, restartForRole, ROLE_CHANGED, SESSION_ENDING_EVENTS } from './revocation.js';
import type { SessionStore } from './session-store.js';
import { ConnectionSet, SessionTable } from './tables.js';
import { clearTokenDeadline } from './token-expiry.js';
import type { PresenceTracker } from '../presence/tracker.js';
import { trackStream } from './write-batch.js';

const RESTARTING = 'Server restarting';

/**
 * The live gateway: authenticates WebSocket connections, keeps a session per connection, delivers
 * each event of the log to the sessions allowed to see it, and replays missed events on resume.
 * This file accepts sockets and owns their lifecycle; each frame type and the fan-out live beside it.
 */
export class Gateway {
  private wss = new WebSocketServer({ noServer: true, maxPayload: LIVE_MAX_FRAME_BYTES });
  private state: GatewayState;
  private timer: NodeJS.Timeout;
  private recordTimer: NodeJS.Timeout;
  private closing: Promise<void> | undefined;

  constructor(
    ctx: AppContext,
    store: SessionStore,
    private presence: PresenceTracker | null = null,
  ) {
    const state: GatewayState = { ctx, store, connections: new ConnectionSet(), sessions: new SessionTable() };
    // Every session attached or gone on this node is counted per user for presence.
    if (presence) state.sessions.watch(presence);
    this.state = state;
    ctx.events.subscribe((event) => {
      if (event.type === SESSION_RESUMED) closeSuperseded(state, event);
      else if (event.type === LOG_GAP) restartBefore(state, event);
      recordDelivery(ctx, event, deliver(state, event));
      if (SESSION_ENDING_EVENTS.has(event.type)) closeRevoked(state, event);
      else if (event.type === ROLE_CHANGED) restartForRole(state, event);
    });
    ctx.ephemeral.subscribe((event) => deliverEphemeral(state, event));
    // Sessions hold seqs of the lost numbering: they end; clients reconnect and start afresh.
    ctx.events.onReset?.(() => restartAll(state));
    const sweepEvery = Math.min(5_000, Math.max(250, Math.floor(ctx.config.liveIdleTimeoutMs / 3)));
    this.timer = setInterval(() => closeIdle(state), sweepEvery);
    this.recordTimer = setInterval(() => void refreshRecords(state), RECORD_REFRESH_MS);
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const address = clientAddress(request, this.state.ctx.config.trustProxy);
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      trackStream(ws, socket);
      // A stopping node: the connection came on a socket opened before (a proxy's kept-alive one).
      // Completed and closed with the code, so the client goes to another node at once.
      if (this.closing) ws.close(CLOSE.serverRestarting, RESTARTING);
      else this.accept(ws, address);
    });
  }

  get connectionCount(): number {
    return this.state.connections.size;
  }

  get sessionCount(): number {
    return this.state.sessions.size;
  }

  /**
   * Closes every live connection with 4012 'Server restarting', which the client answers by
   * resuming at once (on another node behind a load balancer), after saving each session so the
   * resume finds it. Upgrades arriving afterwards are closed the same way. Closing twice closes once.
   */
  close(): Promise<void> {
    return (this.closing ??= this.closeAll());
  }

  private async closeAll(): Promise<void> {
    const { connections, sessions } = this.state;
    clearInterval(this.timer);
    clearInterval(this.recordTimer);
    // Saved first: the client resumes elsewhere as soon as it reads the close frame.
    await Promise.all([...sessions.values()].map((s) => persist(this.state, s, RESUME_WINDOW_MS)));
    for (const c of connections) {
      clearTokenDeadline(c);
      c.socket.close(CLOSE.serverRestarting, RESTARTING);
    }
    // A peer that stopped reading never completes the closing handshake; do not wait for it long.
    for (let i = 0; i < 20 && connections.size > 0; i++) await new Promise((r) => setTimeout(r, 50));
    for (const c of connections) c.socket.terminate();
    this.wss.close();
    await this.presence?.stop();
  }

  private accept(socket: WebSocket, address: string): void {
    socket.on('error', () => socket.terminate());
    // Refused after the upgrade, not before, so that the client sees why (a close code and reason).
    if (!addressHasRoom(this.state, address)) return refuse(socket, TEXT.wsTooManyForAddress);
    const conn = newConnection(socket, address);
    this.state.connections.add(conn);
    socket.on('message', (raw, isBinary) => {
      // A connection being closed (token expired, revoked, ...) may still send until the handshake ends: ignore it.
      if (socket.readyState !== socket.OPEN) return;
      // Counted on arrival, not when handled, so a flood is cut off before it piles up in the queue.
      if (!withinBudget(conn)) return;
      // Each frame is a request of its own: what it publishes carries its id to every node's log.
      conn.queue = conn.queue.then(() =>
        withRequestId(newRequestId(), () => handleFrame(this.state, conn, raw, isBinary)),
      );
    });
    socket.on('close', () => this.onClose(conn));
  }

  private onClose(conn: Connection): void {
    conn.closed = true;
    clearTokenDeadline(conn);
    this.state.connections.delete(conn);
    const session = conn.session;
    if (!session || this.state.sessions.get(session.id) !== session) return;
    this.state.sessions.delete(session.id);
    void persist(this.state, session, RESUME_WINDOW_MS);
  }
}
