import type { RawData } from 'ws';
import { ClientFrame, FRAME_LIMITS, TEXT } from '@hearth/protocol';
import { asHttpError, zodDetail } from '../http/errors.js';
import { countLimits } from '../ratelimit/counted-limits.js';
import { reply, type Connection } from './connection.js';
import { authenticate } from './handshake.js';
import { sendLiveDirectMessage, sendLiveMessage } from './message-frame.js';
import { detach } from './registry.js';
import { handleVoiceFrame } from './voice-frames.js';
import { handleTypingFrame } from './typing-frame.js';
import type { GatewayState } from './state.js';
import { resume } from './resume.js';
import { refreshToken } from './token-refresh.js';
import { currentRequestId } from '../logging/request-id.js';
import { logFrame } from './frame-log.js';

/** Close code for a failure while starting a session: the client reconnects and tries again. */
const CLOSE_TRY_AGAIN = 1011;
const KNOWN_TYPES = [
  'auth',
  'resume',
  'ping',
  'token_refresh',
  'message',
  'direct_message',
  'webrtc_signal',
  'dm_call_signal',
  'voice_speaking',
  'typing_start',
];

/** Parses one client frame and hands it to its handler; every failure is answered with an error frame. */
export async function handleFrame(
  state: GatewayState,
  conn: Connection,
  raw: RawData,
  isBinary: boolean,
): Promise<void> {
  const started = performance.now();
  let json: unknown;
  try {
    json = JSON.parse(isBinary ? Buffer.from(raw as Buffer).toString('utf8') : raw.toString());
  } catch {
    return reply(conn, 'error', { detail: TEXT.wsBadFrame });
  }
  if (typeof json !== 'object' || json === null || typeof (json as { type?: unknown }).type !== 'string') {
    return reply(conn, 'error', { detail: TEXT.wsBadFrame });
  }
  const type = (json as { type: string }).type;
  // With the input on each issue, a field that is there but wrong is not reported as missing (as in REST).
  const parsed = ClientFrame.safeParse(json, { reportInput: true });
  if (!parsed.success) {
    const nonce = (json as { nonce?: unknown }).nonce;
    return reply(conn, 'error', {
      detail: KNOWN_TYPES.includes(type) ? zodDetail(parsed.error) : TEXT.wsUnknownType,
      type,
      ...(typeof nonce === 'string' ? { nonce } : {}),
    });
  }
  const frame = parsed.data;
  try {
    // Before the handler, as for REST: a frame over its limits is answered with the 429 text below.
    const userId = conn.session?.user.id ?? null;
    await countLimits(state.ctx, FRAME_LIMITS[frame.type], { userId, address: conn.address });
    switch (frame.type) {
      case 'ping':
        return reply(conn, 'pong', { timestamp: frame.timestamp ?? null, server_time: Date.now() });
      case 'auth':
        return await authenticate(state, conn, frame.token);
      case 'resume':
        return await resume(state, conn, frame.session_id, frame.seq, frame.token);
      case 'token_refresh':
        return await refreshToken(state, conn, frame.token);
      case 'message':
        return await sendLiveMessage(state, conn, frame);
      case 'direct_message':
        return await sendLiveDirectMessage(state, conn, frame);
      case 'webrtc_signal':
      case 'dm_call_signal':
      case 'voice_speaking':
        return await handleVoiceFrame(state, conn, frame);
      case 'typing_start':
        return await handleTypingFrame(state, conn, frame);
    }
  } catch (err) {
    const nonce = frame.type === 'message' || frame.type === 'direct_message' ? frame.nonce : undefined;
    const known = asHttpError(err);
    if (!known) state.ctx.log.error({ reqId: currentRequestId(), err, frame: type }, 'live frame failed');
    reply(conn, 'error', { detail: known?.message ?? TEXT.internal, type, ...(nonce ? { nonce } : {}) });
    if (frame.type === 'auth' || frame.type === 'resume') {
      // A session half made (database or Redis trouble) is dropped; the client reconnects and retries.
      detach(state, conn);
      conn.busy = false;
      conn.socket.close(CLOSE_TRY_AGAIN, 'Could not start the session');
    }
  } finally {
    logFrame(state, conn, frame.type, started);
  }
}
