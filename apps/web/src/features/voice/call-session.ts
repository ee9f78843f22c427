import type { DmCall, IceServers } from '@hearth/protocol';
import type { z } from 'zod';
import { ApiError, type HttpClient } from '../../lib/http';
import type { LiveConnection, LiveSignal } from '../../lib/live';
import { START_CALL_EVENT } from './start-call';

/** Spec 2 §4, as the modal shows it: outgoing (calling), incoming (ringing), connecting, connected, ended. */
export type CallPhase = 'idle' | 'outgoing' | 'incoming' | 'connecting' | 'connected' | 'ended';

export interface CallState {
  phase: CallPhase;
  call: DmCall | null;
  /** The other participant. */
  otherId: number | null;
  muted: boolean;
  deafened: boolean;
  remoteMuted: boolean;
  remoteDeafened: boolean;
  /** When audio started to flow, for the mm:ss timer. */
  connectedAt: number | null;
  /** An end or decline request is on its way (the banner's 'Ending call...'); false again if refused. */
  ending: boolean;
}

export const CALL_TEXT = {
  errorTitle: 'DM Call Error',
  startFailed: 'Failed to start call',
  answerFailed: 'Failed to answer call',
  declineFailed: 'Failed to decline call',
  endFailed: 'Failed to end call',
  answered: 'Call answered',
  declined: 'Call declined',
  ended: 'Call ended',
} as const;

/** What the call's media (its own lazy chunk) does. */
export interface CallMedia {
  start(otherId: number, ice: z.infer<typeof IceServers> | null, offer: boolean): Promise<void>;
  receive(from: number, type: 'offer' | 'answer' | 'ice-candidate', data: unknown): void;
  setMuted(muted: boolean): void;
  setDeafened(deafened: boolean): void;
  stop(): void;
}

export interface CallDeps {
  http: HttpClient;
  live: LiveConnection;
  userId: number;
  /** Before a call starts or is answered: the voice channel is left (spec 2 §4). */
  leaveVoice(): Promise<void>;
  /** Success and failure toasts. */
  notify(kind: 'success' | 'error', title: string, message?: string): void;
  loadMedia(session: CallSession): Promise<CallMedia>;
  loadRingtone(): Promise<{ start(): void; stop(): void }>;
  /**
   * False on API v1, the client's compatibility mode, which has no voice: no call is started from
   * this tab and an incoming one does not ring here (the caller's side rings on until it is ended).
   * A call already under way when the mode changes runs on to its end.
   */
  isV2(): boolean;
}

const IDLE: CallState = {
  phase: 'idle',
  call: null,
  otherId: null,
  muted: false,
  deafened: false,
  remoteMuted: false,
  remoteDeafened: false,
  connectedAt: null,
  ending: false,
};
/** How long 'Call ended' stays before the modal goes. */
const ENDED_SHOWN_MS = 2_000;
/** Spec 2 §4: after leaving the voice channel, a call starts 100 ms later. */
const AFTER_LEAVE_MS = 100;

const detailOf = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);

/**
 * This tab's DM call (spec 2 §4): the state the modal shows, the live events that move it, and the
 * media (microphone and one peer connection), loaded only when a call is answered.
 */
export class CallSession {
  private state: CallState = IDLE;
  private listeners = new Set<() => void>();
  private media: CallMedia | null = null;
  private ice: z.infer<typeof IceServers> | null = null;
  private ringing: { stop(): void } | null = null;
  private endTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private deps: CallDeps) {
    deps.live.subscribe(this.onLive);
    window.addEventListener(START_CALL_EVENT, (event) => {
      const id = (event as CustomEvent<{ recipientId?: number }>).detail?.recipientId;
      if (typeof id === 'number') void this.start(id);
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): CallState => this.state;

  update(patch: Partial<CallState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  async start(recipientId: number): Promise<void> {
    if ((this.state.phase !== 'idle' && this.state.phase !== 'ended') || !this.deps.isV2()) return;
    try {
      await this.deps.leaveVoice();
      await new Promise((r) => setTimeout(r, AFTER_LEAVE_MS));
      const started = await this.deps.http.post<DmCall & { turn_credentials: z.infer<typeof IceServers> }>(
        '/voice/dm/call/start',
        { recipient_id: recipientId },
      );
      this.ice = started.turn_credentials;
      this.show({ ...IDLE, phase: 'outgoing', call: started, otherId: recipientId });
    } catch (err) {
      this.deps.notify('error', CALL_TEXT.errorTitle, detailOf(err, CALL_TEXT.startFailed));
    }
  }

  async answer(): Promise<void> {
    await this.act('answer', CALL_TEXT.answerFailed);
  }

  async decline(): Promise<void> {
    await this.act('decline', CALL_TEXT.declineFailed);
  }

  async end(): Promise<void> {
    await this.act('end', CALL_TEXT.endFailed);
  }

  toggleMute(): void {
    const muted = !this.state.muted;
    this.setMedia(muted, muted ? this.state.deafened : false);
  }

  toggleDeafen(): void {
    const deafened = !this.state.deafened;
    this.setMedia(deafened ? true : this.state.muted, deafened);
  }

  private setMedia(muted: boolean, deafened: boolean): void {
    this.media?.setMuted(muted);
    this.media?.setDeafened(deafened);
    this.update({ muted, deafened });
    const call = this.state.call;
    if (call)
      void this.deps.http
        .post('/voice/dm/call/mute-state', { call_id: call.call_id, is_muted: muted, is_deafened: deafened })
        .catch(() => undefined);
  }

  private async act(action: 'answer' | 'decline' | 'end', failure: string): Promise<void> {
    const call = this.state.call;
    if (!call) return;
    // Stays set until the call's end arrives: the request's answer and the live event race.
    if (action !== 'answer') this.update({ ending: true });
    try {
      if (action === 'answer') await this.deps.leaveVoice();
      await this.deps.http.post('/voice/dm/call/action', { call_id: call.call_id, action });
    } catch (err) {
      if (action !== 'answer') this.update({ ending: false });
      this.deps.notify('error', CALL_TEXT.errorTitle, detailOf(err, failure));
    }
  }

  private onLive = (signal: LiveSignal): void => {
    if (signal.kind !== 'frame' || !signal.frame.type.startsWith('dm_call_')) return;
    const { type, data } = signal.frame;
    const me = this.deps.userId;
    if (type === 'dm_call_signal') {
      const s = data as { call_id: string; from_user_id: number; signal_type: 'offer'; signal_data: unknown };
      if (s.call_id === this.state.call?.call_id) this.media?.receive(s.from_user_id, s.signal_type, s.signal_data);
      return;
    }
    if (type === 'dm_call_mute_state_update') {
      const m = data as { call_id: string; user_id: number; is_muted: boolean; is_deafened: boolean };
      if (m.call_id === this.state.call?.call_id && m.user_id !== me)
        this.update({ remoteMuted: m.is_muted, remoteDeafened: m.is_deafened });
      return;
    }
    const call = data as DmCall;
    const other = call.caller.user_id === me ? call.recipient.user_id : call.caller.user_id;
    if (type === 'dm_call_incoming') {
      if (call.recipient.user_id !== me || (this.state.phase !== 'idle' && this.state.phase !== 'ended')) return;
      if (!this.deps.isV2()) return;
      this.show({ ...IDLE, phase: 'incoming', call, otherId: other });
      void this.deps.loadRingtone().then((r) => {
        if (this.state.phase !== 'incoming') return;
        this.ringing = r;
        r.start();
      });
      return;
    }
    if (call.call_id !== this.state.call?.call_id) return;
    if (type === 'dm_call_answered') {
      this.stopRinging();
      this.update({ phase: 'connecting', call });
      this.deps.notify('success', CALL_TEXT.answered);
      void this.connect(other, call.caller.user_id === me);
    } else {
      this.finish(call, type === 'dm_call_declined' ? CALL_TEXT.declined : CALL_TEXT.ended);
    }
  };

  /** Both sides open their media; the caller offers (the recipient answered, so it is listening). */
  private async connect(otherId: number, offer: boolean): Promise<void> {
    try {
      this.media = await this.deps.loadMedia(this);
      await this.media.start(otherId, this.ice, offer);
    } catch (err) {
      this.deps.notify('error', CALL_TEXT.errorTitle, (err as Error).message);
      await this.end();
    }
  }

  /** For the media: audio flows. */
  connected(): void {
    if (this.state.phase === 'connecting') this.update({ phase: 'connected', connectedAt: Date.now() });
  }

  private finish(call: DmCall, text: string): void {
    this.stopRinging();
    this.media?.stop();
    this.media = null;
    this.ice = null;
    this.update({ phase: 'ended', call, ending: false });
    this.deps.notify('success', text);
    this.endTimer = setTimeout(() => {
      if (this.state.phase === 'ended') this.update(IDLE);
    }, ENDED_SHOWN_MS);
  }

  private show(state: CallState): void {
    if (this.endTimer) clearTimeout(this.endTimer);
    this.update(state);
  }

  private stopRinging(): void {
    this.ringing?.stop();
    this.ringing = null;
  }
}
