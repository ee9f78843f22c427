import { openMicrophone } from './microphone';
import { createRnnoiseNode, RNNOISE_SAMPLE_RATE } from './rnnoise';
import { AdvancedProcessing, GATE_CLOSED_GAIN, VoiceActivityGate } from './voice-activity';
import {
  inputGain,
  microphoneConstraints,
  vadThresholdDb,
  type NoiseEngine,
  type VoiceSettings,
} from './voice-settings';

/** Spec 2 §9: the audio graph's filters and compressor. */
const HIGH_PASS_HZ = 85;
const LOW_PASS_HZ = 8_000;
const COMPRESSOR = { threshold: -24, knee: 12, ratio: 3, attack: 0.003, release: 0.1 } as const;
/** Voice activity and the advanced steps look at the level every 50 ms (spec 2 §9). */
const PROCESS_MS = 50;
/** How fast the gate's gain follows (a time constant, s): quick, but without clicks. */
const GATE_SMOOTHING_S = 0.01;
export const SILENCE_DB = -100;

/** A microphone run through the voice settings, as the peers receive it. */
export interface ProcessedMicrophone {
  /** What peers are sent: the processed audio. */
  readonly stream: MediaStream;
  /** The input level before the gate, dB (-100..0). */
  levelDb(): number;
  /** Whether the voice activity gate is open (always with VAD off). */
  transmitting(): boolean;
  /** The noise engine really running. */
  readonly engine: NoiseEngine;
  /** RNNoise was chosen but failed (to start, or later): the stream goes out without it. */
  readonly fellBack: boolean;
  /** Changes that need no new stream: gain, VAD, the advanced steps. */
  apply(settings: VoiceSettings): void;
  /** Spec 2 §4: muting disables the microphone's tracks. */
  setMuted(muted: boolean): void;
  close(): void;
}

/**
 * Opens the microphone with the settings' constraints and runs it through spec 2 §9's graph:
 * input gain (sensitivity/50) → high-pass 85 Hz → low-pass 8 kHz → RNNoise (when chosen) →
 * compressor → gate (voice activity and the advanced steps) → the stream peers get. If RNNoise fails
 * to start, the same graph runs without it (spec 2 §4: the unprocessed stream is used).
 */
export async function openProcessedMicrophone(settings: VoiceSettings): Promise<ProcessedMicrophone> {
  let raw: MediaStream;
  try {
    raw = await openMicrophone(microphoneConstraints(settings));
  } catch (err) {
    // The chosen microphone is gone (unplugged, another machine's id): the default one, as apps do.
    if (!settings.inputDevice) throw err;
    raw = await openMicrophone(microphoneConstraints({ ...settings, inputDevice: null }));
  }
  try {
    return await Pipeline.build(raw, settings);
  } catch (err) {
    for (const track of raw.getTracks()) track.stop();
    throw err;
  }
}

class Pipeline implements ProcessedMicrophone {
  readonly stream: MediaStream;
  private samples: Float32Array<ArrayBuffer>;
  private timer: ReturnType<typeof setInterval>;
  private gate: VoiceActivityGate;
  private advanced: AdvancedProcessing;
  private settings: VoiceSettings;
  private lastLevel = SILENCE_DB;
  private open = true;

  private constructor(
    private raw: MediaStream,
    private context: AudioContext,
    private gain: GainNode,
    private analyser: AnalyserNode,
    private gateGain: GainNode,
    private noise: (AudioNode & { destroy?: () => void }) | null,
    public engine: NoiseEngine,
    public fellBack: boolean,
    settings: VoiceSettings,
    output: MediaStream,
  ) {
    this.stream = output;
    this.settings = settings;
    this.samples = new Float32Array(analyser.fftSize);
    this.gate = new VoiceActivityGate(vadThresholdDb(settings));
    this.advanced = new AdvancedProcessing(settings);
    this.apply(settings);
    this.timer = setInterval(this.process, PROCESS_MS);
  }

  static async build(raw: MediaStream, settings: VoiceSettings): Promise<Pipeline> {
    const wantsRnnoise = settings.noiseSuppressionEngine === 'rnnoise';
    // RNNoise needs 48 kHz; otherwise the device's own rate saves a resampling.
    const context = new AudioContext(wantsRnnoise ? { sampleRate: RNNOISE_SAMPLE_RATE } : {});
    try {
      return await Pipeline.graph(raw, settings, context);
    } catch (err) {
      void context.close().catch(() => undefined);
      throw err;
    }
  }

  /** The graph in `context` (closed by build if this throws). */
  private static async graph(raw: MediaStream, settings: VoiceSettings, context: AudioContext): Promise<Pipeline> {
    const wantsRnnoise = settings.noiseSuppressionEngine === 'rnnoise';
    await context.resume().catch(() => undefined);
    const source = context.createMediaStreamSource(raw);
    const gain = context.createGain();
    const highPass = new BiquadFilterNode(context, { type: 'highpass', frequency: HIGH_PASS_HZ });
    const lowPass = new BiquadFilterNode(context, { type: 'lowpass', frequency: LOW_PASS_HZ });
    const compressor = new DynamicsCompressorNode(context, COMPRESSOR);
    const analyser = new AnalyserNode(context, { fftSize: 1024 });
    const gateGain = context.createGain();
    const destination = context.createMediaStreamDestination();

    let noise: (AudioNode & { destroy?: () => void }) | null = null;
    let fellBack = false;
    if (wantsRnnoise) {
      try {
        noise = await createRnnoiseNode(context);
      } catch (err) {
        console.warn('[voice] RNNoise could not start; the microphone goes out without it:', err);
        fellBack = true;
      }
    }
    source.connect(gain).connect(highPass).connect(lowPass);
    const cleaned = noise ? lowPass.connect(noise) : lowPass;
    cleaned.connect(compressor);
    compressor.connect(analyser);
    compressor.connect(gateGain).connect(destination);
    const engine: NoiseEngine = fellBack ? 'off' : settings.noiseSuppressionEngine;
    const pipeline = new Pipeline(
      raw,
      context,
      gain,
      analyser,
      gateGain,
      noise,
      engine,
      fellBack,
      settings,
      destination.stream,
    );
    // A worklet that throws while running (its WebAssembly refused, say) outputs silence: go around it.
    noise?.addEventListener('processorerror', () => pipeline.bypassNoise(lowPass, compressor));
    return pipeline;
  }

  private bypassNoise(from: AudioNode, to: AudioNode): void {
    if (!this.noise) return;
    console.warn('[voice] RNNoise stopped; the microphone goes out without it');
    from.disconnect(this.noise);
    this.noise.disconnect();
    this.noise = null;
    from.connect(to);
    this.engine = 'off';
    this.fellBack = true;
  }

  levelDb = (): number => this.lastLevel;

  transmitting = (): boolean => this.open;

  apply(settings: VoiceSettings): void {
    this.settings = settings;
    this.gain.gain.setTargetAtTime(inputGain(settings.inputSensitivity), this.context.currentTime, GATE_SMOOTHING_S);
    this.gate.thresholdDb = vadThresholdDb(settings);
    this.advanced.options = settings;
  }

  setMuted(muted: boolean): void {
    for (const track of [...this.raw.getAudioTracks(), ...this.stream.getAudioTracks()]) track.enabled = !muted;
  }

  close(): void {
    clearInterval(this.timer);
    for (const track of [...this.raw.getTracks(), ...this.stream.getTracks()]) track.stop();
    this.noise?.destroy?.();
    void this.context.close().catch(() => undefined);
  }

  /** Every 50 ms: the level, the voice activity gate and the advanced steps set the gate's gain. */
  private process = (): void => {
    const level = this.measure();
    this.lastLevel = level;
    const s = this.settings;
    const now = performance.now();
    const base = vadThresholdDb(s);
    this.gate.thresholdDb = s.advancedNoiseSuppression ? this.advanced.threshold(base) : base;
    const voice = this.gate.update(level, now);
    this.open = !s.voiceActivityDetection || voice;
    const extra = s.advancedNoiseSuppression ? this.advanced.step(level, voice, base, now) : 1;
    const target = (this.open ? 1 : GATE_CLOSED_GAIN) * extra;
    this.gateGain.gain.setTargetAtTime(target, this.context.currentTime, GATE_SMOOTHING_S);
  };

  private measure(): number {
    if (!this.raw.getAudioTracks().some((t) => t.enabled && t.readyState === 'live')) return SILENCE_DB;
    this.analyser.getFloatTimeDomainData(this.samples);
    let sum = 0;
    for (const s of this.samples) sum += s * s;
    const rms = Math.sqrt(sum / this.samples.length);
    return rms > 0 ? Math.max(SILENCE_DB, 20 * Math.log10(rms)) : SILENCE_DB;
  }
}
