import type { HttpClient } from '../../lib/http';
import type { LiveConnection } from '../../lib/live';
import {
  VOICE_TEXT,
  type VoiceChannelRef,
  type VoiceEngineApi,
  type VoiceSessionHost,
  type VoiceState,
} from './voice-contract';

/** Spec 2 §9: rejoining within 2 s of leaving is refused. */
export const REJOIN_COOLDOWN_MS = 2_000;

const DISCONNECTED: VoiceState = {
  status: 'disconnected',
  channelId: null,
  channelName: null,
  muted: false,
  deafened: false,
};

/**
 * This tab's voice connection as the interface shows it (live state read through
 * useSyncExternalStore). The engine, with WebRTC, the microphone and the peer connections, is
 * fetched at the first join: nothing of it is in the first download.
 */
export class VoiceSession implements VoiceSessionHost {
  private state: VoiceState = DISCONNECTED;
  private listeners = new Set<() => void>();
  private engine: Promise<VoiceEngineApi> | null = null;
  private leftAt = 0;

  constructor(
    private deps: {
      http: HttpClient;
      live: LiveConnection;
      userId: number;
      /** Voice settings that could not be applied (spec 2 §8). */
      notify?: (text: string) => void;
    },
    private now: () => number = Date.now,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): VoiceState => this.state;

  /** For the engine: changes what the interface shows. */
  update(patch: Partial<VoiceState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Joins a voice channel; rejects with the text to show (spec 2 §5 and §8). */
  async join(channel: VoiceChannelRef): Promise<void> {
    const { status, channelId, channelName } = this.state;
    if (status !== 'disconnected') {
      throw new Error(
        channelId === channel.id ? VOICE_TEXT.alreadyIn(channel.name) : VOICE_TEXT.disconnectFirst(channelName ?? ''),
      );
    }
    if (this.now() - this.leftAt < REJOIN_COOLDOWN_MS) throw new Error(VOICE_TEXT.rejoinCooldown);
    const engine = await this.loadEngine();
    await engine.join(channel);
  }

  async leave(): Promise<void> {
    if (this.state.status === 'disconnected' || !this.engine) return;
    this.leftAt = this.now();
    await (await this.engine).leave();
  }

  toggleMute(): void {
    void this.engine?.then((e) => e.setMuted(!this.state.muted));
  }

  toggleDeafen(): void {
    void this.engine?.then((e) => e.setDeafened(!this.state.deafened));
  }

  /** Back to nothing (the engine calls this when it has let go of everything). */
  reset(): void {
    this.update(DISCONNECTED);
  }

  private loadEngine(): Promise<VoiceEngineApi> {
    this.engine ??= import('./voice-engine').then((m) => new m.VoiceEngine(this, this.deps));
    return this.engine;
  }
}
