import { currentRequestId } from '../logging/request-id.js';
import type { Connection } from './connection.js';
import type { GatewayState } from './state.js';

/**
 * With LOG_REQUESTS, one line per handled live frame, as for an HTTP request: its id, its type, whose
 * session, how long it took. Never its content (a message's text, a token). Left out: pings (every
 * connection sends one every half minute), and the ephemeral frames that come in bursts and change
 * nothing stored (typing every few seconds, voice activity, a call's WebRTC signalling).
 */
const UNLOGGED = new Set(['ping', 'typing_start', 'voice_speaking', 'webrtc_signal']);

export function logFrame(state: GatewayState, conn: Connection, type: string, started: number): void {
  if (UNLOGGED.has(type) || !state.ctx.config.logRequests) return;
  const ms = Math.round((performance.now() - started) * 10) / 10;
  state.ctx.log.info(
    { reqId: currentRequestId(), frame: type, user: conn.session?.user.id ?? null, ms },
    'live frame handled',
  );
}
