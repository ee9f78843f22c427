import { openProcessedMicrophone, type ProcessedMicrophone } from './audio-pipeline';
import type { PeerMesh } from './peer-mesh';
import type { OutputSettings } from './remote-audio';
import { needsNewStream, outputGain, voiceSettings, type VoiceSettings } from './voice-settings';

/** Spec 2 §4: settings changes are applied 750 ms after the last one. */
export const APPLY_DEBOUNCE_MS = 750;

export const VOICE_SETTINGS_TEXT = {
  applyFailed: 'Failed to apply voice settings',
  recreateFailed: 'Failed to recreate audio stream.',
  engineFailed: 'Failed to set noise suppression engine',
} as const;

/**
 * The sending and playing side of a voice channel or a call, following the voice settings: the
 * processed microphone, and the output every peer is played with. A settings change is applied
 * 750 ms after the last one: live where it can be (gain, VAD, volume, output device), with a new
 * microphone stream put in the old one's place where it must (device, engine, browser processing).
 */
export class VoiceMedia {
  private mic: ProcessedMicrophone | null = null;
  private mesh: PeerMesh | null = null;
  private applied: VoiceSettings = voiceSettings.get();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private unsubscribe: (() => void) | null = null;
  private muted = false;
  private deafened = false;
  private closed = false;
  /** Reopens are numbered: one that finishes after a later one started is stale and let go. */
  private reopens = 0;

  constructor(private onProblem: (text: string) => void) {}

  /** Opens the microphone with the settings of now; the stream to send. */
  async open(): Promise<MediaStream> {
    this.applied = voiceSettings.get();
    const mic = await openProcessedMicrophone(this.applied);
    // Closed while the microphone was opening (Disconnect during 'Connecting...'): let it go at once.
    if (this.closed) {
      mic.close();
      throw new Error('The voice connection was closed');
    }
    this.mic = mic;
    // Mute pressed while it was opening.
    mic.setMuted(this.muted);
    if (mic.fellBack) this.onProblem(VOICE_SETTINGS_TEXT.engineFailed);
    this.unsubscribe = voiceSettings.subscribe(this.onChange);
    return mic.stream;
  }

  /** The stream sent now (another one after the settings opened the microphone again). */
  stream(): MediaStream | null {
    return this.mic?.stream ?? null;
  }

  /** The peers, once they exist: they get a new stream and the output settings from now on. */
  attach(mesh: PeerMesh): void {
    this.mesh = mesh;
  }

  output(): OutputSettings {
    return {
      gain: outputGain(this.applied.outputVolume),
      deviceId: this.applied.outputDevice,
      deafened: this.deafened,
    };
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    this.mic?.setMuted(muted);
  }

  setDeafened(deafened: boolean): void {
    this.deafened = deafened;
    this.mesh?.setOutput(this.output());
  }

  /** The processed microphone's level and gate (for speaking detection). */
  level(): ProcessedMicrophone | null {
    return this.mic;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.mic?.close();
    this.mic = null;
    this.mesh = null;
  }

  private onChange = (): void => {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.apply(voiceSettings.get()), APPLY_DEBOUNCE_MS);
  };

  private async apply(next: VoiceSettings): Promise<void> {
    const previous = this.applied;
    this.applied = next;
    if (needsNewStream(previous, next)) await this.reopen(next);
    else {
      try {
        this.mic?.apply(next);
        this.mesh?.setOutput(this.output());
      } catch {
        this.onProblem(VOICE_SETTINGS_TEXT.applyFailed);
      }
    }
  }

  private async reopen(next: VoiceSettings): Promise<void> {
    const turn = ++this.reopens;
    let fresh: ProcessedMicrophone;
    try {
      fresh = await openProcessedMicrophone(next);
    } catch {
      if (turn === this.reopens) this.onProblem(VOICE_SETTINGS_TEXT.recreateFailed);
      return;
    }
    if (this.closed || turn !== this.reopens) {
      fresh.close();
      return;
    }
    fresh.setMuted(this.muted);
    const old = this.mic;
    this.mic = fresh;
    try {
      await this.mesh?.replaceStream(fresh.stream);
      this.mesh?.setOutput(this.output());
    } catch {
      this.onProblem(VOICE_SETTINGS_TEXT.recreateFailed);
    }
    old?.close();
    if (fresh.fellBack) this.onProblem(VOICE_SETTINGS_TEXT.engineFailed);
  }
}
