import { TEXT, type ClientFrame } from '@hearth/protocol';
import { announceSpeaking } from '../voice/channel-voice.js';
import { relayCallSignal, relayVoiceSignal } from '../voice/signals.js';
import { reply, type Connection } from './connection.js';
import type { GatewayState } from './state.js';

type VoiceFrame = Extract<ClientFrame, { type: 'webrtc_signal' | 'dm_call_signal' | 'voice_speaking' }>;

/** `webrtc_signal`, `dm_call_signal` and `voice_speaking`: voice's frames, checked and relayed through the bus. */
export async function handleVoiceFrame(state: GatewayState, conn: Connection, frame: VoiceFrame): Promise<void> {
  const user = conn.session?.user;
  if (!user) return reply(conn, 'error', { detail: TEXT.wsNotAuthenticated, type: frame.type });
  switch (frame.type) {
    case 'webrtc_signal':
      return relayVoiceSignal(state.ctx, user, frame);
    case 'dm_call_signal':
      return relayCallSignal(state.ctx, user, frame);
    case 'voice_speaking':
      return announceSpeaking(state.ctx, user, frame.channel_id, frame.is_speaking);
  }
}
