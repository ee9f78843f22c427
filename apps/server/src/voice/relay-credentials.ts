import { VOICE_TEXT, type TurnCredentials } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { turnCredentials } from './turn.js';

/**
 * GET /voice/turn-credentials: time-limited credentials for this server's TURN relay. Peers use the
 * relay only ('relay'), so neither learns the other's address; VOICE_ALLOW_DIRECT lets a small LAN
 * install go without a relay ('all'). With neither, voice cannot work: 503, so the client can say so
 * instead of failing silently (in a plain sentence: why, with the settings, is in the server log).
 */
export function relayCredentials(ctx: AppContext, userId: number): TurnCredentials {
  const policy = ctx.config.voiceAllowDirect ? 'all' : 'relay';
  requireVoiceTransport(ctx);
  if (ctx.turn)
    return { ...turnCredentials(ctx.turn, userId, ctx.config.turnCredentialTtlSec), ice_transport_policy: policy };
  return { urls: [], username: '', password: '', ttl: 0, ice_transport_policy: policy };
}

/** 503 when voice cannot carry audio: no relay, and VOICE_ALLOW_DIRECT off. A seat or a call would be of no use. */
export function requireVoiceTransport(ctx: AppContext): void {
  if (!ctx.turn && !ctx.config.voiceAllowDirect) throw new HttpError(503, VOICE_TEXT.noRelay);
}

/** The same, as RTCPeerConnection takes it (a DM call's `turn_credentials`). */
export function iceServersFor(ctx: AppContext, userId: number) {
  const c = relayCredentials(ctx, userId);
  return {
    iceServers: c.urls.length > 0 ? [{ urls: c.urls, username: c.username, credential: c.password }] : [],
    iceTransportPolicy: c.ice_transport_policy,
  };
}
