/*
 * What the voice session (in the first download) and its engine (a lazy chunk with WebRTC) know of
 * each other: the state the interface shows, the calls each makes on the other, and the texts both
 * say. Kept apart so that neither file imports the other, except the session's lazy import.
 */

/** Spec 2 §4: disconnected, connecting (seated, no peer connected yet), connected (a peer connected). */
export type VoiceStatus = 'disconnected' | 'connecting' | 'connected';

export interface VoiceState {
  status: VoiceStatus;
  channelId: number | null;
  channelName: string | null;
  muted: boolean;
  deafened: boolean;
}

export interface VoiceChannelRef {
  id: number;
  name: string;
}

/** What the engine (its own lazy chunk, with WebRTC) does; the session only forwards to it. */
export interface VoiceEngineApi {
  join(channel: VoiceChannelRef): Promise<void>;
  leave(): Promise<void>;
  setMuted(muted: boolean): void;
  setDeafened(deafened: boolean): void;
}

/** What the engine may do to the session it serves: read and change the state the interface shows. */
export interface VoiceSessionHost {
  getState(): VoiceState;
  update(patch: Partial<VoiceState>): void;
  /** Back to nothing, once the engine has let go of everything. */
  reset(): void;
}

export const VOICE_TEXT = {
  rejoinCooldown: 'Please wait a moment before rejoining the voice channel.',
  alreadyIn: (name: string) => `You are already connected to ${name}`,
  disconnectFirst: (name: string) => `Please disconnect from ${name} first`,
  joinFailed: (reason: string) => `Failed to join voice channel: ${reason}`,
  leaveFailed: 'Failed to disconnect from voice channel',
} as const;
