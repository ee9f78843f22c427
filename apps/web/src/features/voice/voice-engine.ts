import type { JoinVoiceAnswer, TurnCredentials, VoiceParticipant } from '@hearth/protocol';
import type { z } from 'zod';
import { ApiError, type HttpClient } from '../../lib/http';
import type { LiveConnection, LiveSignal } from '../../lib/live';
import { PeerMesh, type OutgoingSignal } from './peer-mesh';
import { playVoiceSound } from './voice-sounds';
import { SpeakingDetector } from './speaking';
import { VoiceMedia } from './voice-media';
import { sensitivityThresholdDb, voiceSettings } from './voice-settings';
import { VOICE_TEXT, type VoiceChannelRef, type VoiceEngineApi, type VoiceSessionHost } from './voice-contract';

type JoinAnswer = z.infer<typeof JoinVoiceAnswer>;

/** Spec 2 §9: signals that arrive before the mesh is ready wait, at most this many (cleared when full). */
const PENDING_SIGNALS_MAX = 100;

interface IncomingSignal {
  channel_id: number;
  from_user_id: number;
  target_user_id: number;
  signal_type: 'offer' | 'answer' | 'ice-candidate';
  signal_data: unknown;
}

const reasonOf = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : 'Unknown error');

/**
 * The voice connection itself (spec 2 §4), its own lazy chunk: the microphone, the TURN credentials,
 * the seat, and a peer connection to each other participant (a mesh: each sends its audio to each).
 * Whoever joins offers to those already there; they answer. Signals go over the live connection
 * (REST when it is down); the server checks that both ends are in the channel.
 */
export class VoiceEngine implements VoiceEngineApi {
  private mesh: PeerMesh | null = null;
  private media: VoiceMedia | null = null;
  private speaking: SpeakingDetector | null = null;
  private sessionId: string | null = null;
  private channelId: number | null = null;
  private pending: IncomingSignal[] = [];
  private unsubscribe: (() => void) | null = null;

  constructor(
    private session: VoiceSessionHost,
    private deps: {
      http: HttpClient;
      live: LiveConnection;
      userId: number;
      /** Voice settings that could not be applied (spec 2 §8). */
      notify?: (text: string) => void;
    },
  ) {}

  async join(channel: VoiceChannelRef): Promise<void> {
    const { http } = this.deps;
    this.session.update({ status: 'connecting', channelId: channel.id, channelName: channel.name });
    this.channelId = channel.id;
    // Signals from those already there may come before the join's answer: listen first, hold them.
    this.unsubscribe = this.deps.live.subscribe(this.onLive);
    let seated = false;
    const media = new VoiceMedia((text) => this.deps.notify?.(text));
    this.media = media;
    /** Disconnect was pressed while this join was still on its way: it stops where it is. */
    const abandoned = () => this.media !== media;
    try {
      await media.open();
      const turn = await http.get<TurnCredentials>('/voice/turn-credentials');
      if (abandoned()) return media.close();
      const answer = await http.post<JoinAnswer>(`/voice/channels/${channel.id}/join`, {
        peer_id: crypto.randomUUID(),
      });
      seated = true;
      if (abandoned()) {
        media.close();
        await http.post(`/voice/channels/${channel.id}/leave`).catch(() => undefined);
        return;
      }
      this.sessionId = answer.session_id;
      // The stream of now: the settings may have opened the microphone again while the join was on its way.
      this.mesh = new PeerMesh(
        media.stream()!,
        turn,
        {
          send: this.sendSignal,
          onConnectedChange: (any) => this.session.update({ status: any ? 'connected' : 'connecting' }),
          onPeerFailed: (userId) => this.mesh?.close(userId),
        },
        media.output(),
      );
      media.attach(this.mesh);
      // Mute or deafen pressed while connecting: the seat was taken unmuted, so say it again now.
      const { muted, deafened } = this.session.getState();
      if (muted || deafened) this.apply(muted, deafened);
      for (const p of answer.participants as VoiceParticipant[])
        if (p.user_id !== this.deps.userId) void this.mesh.offerTo(p.user_id);
      const held = this.pending;
      this.pending = [];
      for (const signal of held) void this.mesh.receive(signal.from_user_id, signal.signal_type, signal.signal_data);
      this.speaking = new SpeakingDetector(
        () => media.level(),
        () => sensitivityThresholdDb(voiceSettings.get().inputSensitivity),
        (isSpeaking) =>
          this.deps.live.send({ type: 'voice_speaking', channel_id: channel.id, is_speaking: isSpeaking }),
      );
      playVoiceSound('join');
    } catch (err) {
      media.close();
      if (abandoned()) return;
      // A seat taken but not usable is given back (spec 2 §8: the join is undone with a leave).
      if (seated) await http.post(`/voice/channels/${channel.id}/leave`).catch(() => undefined);
      this.teardown();
      throw new Error(VOICE_TEXT.joinFailed(reasonOf(err)));
    }
  }

  async leave(): Promise<void> {
    const channelId = this.channelId;
    this.teardown();
    playVoiceSound('leave');
    if (channelId !== null) {
      try {
        await this.deps.http.post(`/voice/channels/${channelId}/leave`);
      } catch {
        throw new Error(VOICE_TEXT.leaveFailed);
      }
    }
  }

  /** Spec 2 §4: mute disables the microphone's tracks; unmuting also undeafens. */
  setMuted(muted: boolean): void {
    const deafened = muted ? this.session.getState().deafened : false;
    this.apply(muted, deafened);
  }

  /** Deafening forces mute and silences incoming audio; undeafening keeps mute as it is. */
  setDeafened(deafened: boolean): void {
    const muted = deafened ? true : this.session.getState().muted;
    this.apply(muted, deafened);
  }

  private apply(muted: boolean, deafened: boolean): void {
    this.media?.setMuted(muted);
    this.media?.setDeafened(deafened);
    this.session.update({ muted, deafened });
    const channelId = this.channelId;
    if (channelId === null) return;
    // Reported to the server for the others; the local state stands if the report fails (spec 2 §4).
    void this.deps.http
      .post(`/voice/channels/${channelId}/mute-state`, { is_muted: muted, is_deafened: deafened })
      .catch(() => undefined);
  }

  private sendSignal = (signal: OutgoingSignal): void => {
    const { channelId, sessionId } = this;
    if (channelId === null || sessionId === null) return;
    const body = { session_id: sessionId, ...signal };
    if (!this.deps.live.send({ type: 'webrtc_signal', channel_id: channelId, ...body }))
      void this.deps.http.post('/voice/signal', body).catch(() => undefined);
  };

  private onLive = (signal: LiveSignal): void => {
    if (signal.kind !== 'frame') return;
    const { type, data } = signal.frame;
    if (type === 'webrtc_signal') {
      const s = data as IncomingSignal;
      if (s.channel_id !== this.channelId || s.target_user_id !== this.deps.userId) return;
      if (this.mesh) void this.mesh.receive(s.from_user_id, s.signal_type, s.signal_data);
      else if (this.pending.push(s) > PENDING_SIGNALS_MAX) this.pending = [];
    } else if (type === 'voice_user_left') {
      const left = data as { channel_id: number; user_id: number; session_id: string };
      if (left.channel_id === this.channelId && left.user_id !== this.deps.userId) this.mesh?.close(left.user_id);
      // Moved out by the server (joined elsewhere in another tab, started a call, went offline).
      else if (left.user_id === this.deps.userId && left.session_id === this.sessionId) this.teardown();
    }
  };

  private teardown(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.speaking?.stop();
    this.speaking = null;
    this.mesh?.closeAll();
    this.mesh = null;
    this.media?.close();
    this.media = null;
    this.sessionId = null;
    this.channelId = null;
    this.pending = [];
    this.session.reset();
  }
}
