/** What the speakers do with everyone's audio: the output volume's gain, the device, deafen. */
export interface OutputSettings {
  /** 0..1.5 (spec 2 §5: output volume capped at 1.5×). */
  gain: number;
  /** A device id, or null for the default. */
  deviceId: string | null;
  deafened: boolean;
}

type SinkAudio = HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };

/** One context for every amplified peer of the page (a context per peer would cost a thread each). */
let amplifier: AudioContext | null = null;

/**
 * One other participant's audio, played by an <audio> element of its own. Up to 100 % the element
 * does it all (volume, output device, muted while deafened). Above 100 %, which an element cannot
 * play, the element is muted and the stream goes through a Web Audio gain instead; Chromium only
 * pulls a remote WebRTC stream into Web Audio while an element plays it, hence the muted element.
 */
export class RemoteAudio {
  readonly element: SinkAudio = document.createElement('audio');
  private boost: { source: MediaStreamAudioSourceNode; gain: GainNode } | null = null;
  private output: OutputSettings;

  constructor(userId: number, output: OutputSettings) {
    this.output = output;
    this.element.autoplay = true;
    this.element.dataset.voicePeer = String(userId);
    document.body.append(this.element);
    this.apply(output);
    if (output.deviceId) void this.setSink(output.deviceId);
  }

  play(stream: MediaStream): void {
    this.element.srcObject = stream;
    void this.element.play().catch(() => undefined);
    this.dropBoost();
    this.apply(this.output);
  }

  apply(output: OutputSettings): void {
    const deviceChanged = output.deviceId !== this.output.deviceId;
    this.output = output;
    const amplify = output.gain > 1 && this.element.srcObject instanceof MediaStream;
    if (amplify) {
      const boost = this.boostFor(this.element.srcObject as MediaStream);
      boost.gain.gain.value = output.deafened ? 0 : output.gain;
      this.element.muted = true;
    } else {
      this.dropBoost();
      this.element.volume = Math.max(0, Math.min(1, output.gain));
      this.element.muted = output.deafened;
    }
    if (deviceChanged) void this.setSink(output.deviceId);
  }

  close(): void {
    this.dropBoost();
    this.element.srcObject = null;
    this.element.remove();
  }

  private boostFor(stream: MediaStream): { source: MediaStreamAudioSourceNode; gain: GainNode } {
    if (this.boost) return this.boost;
    amplifier ??= new AudioContext();
    void amplifier.resume().catch(() => undefined);
    const source = amplifier.createMediaStreamSource(stream);
    const gain = amplifier.createGain();
    source.connect(gain).connect(amplifier.destination);
    this.boost = { source, gain };
    void this.setSink(this.output.deviceId);
    return this.boost;
  }

  private dropBoost(): void {
    if (!this.boost) return;
    this.boost.source.disconnect();
    this.boost.gain.disconnect();
    this.boost = null;
  }

  /** The output device, where the browser can choose one (Chromium can); otherwise the default plays. */
  private async setSink(deviceId: string | null): Promise<void> {
    const id = deviceId ?? '';
    try {
      if (this.element.setSinkId) await this.element.setSinkId(id);
      const context = amplifier as (AudioContext & { setSinkId?: (id: string) => Promise<void> }) | null;
      if (this.boost && context?.setSinkId) await context.setSinkId(id);
    } catch (err) {
      console.warn('[voice] output device', deviceId, 'refused:', err);
    }
  }
}
