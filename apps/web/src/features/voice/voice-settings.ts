/**
 * Voice settings (spec 2 §3, spec 3 §9): kept in this browser under `voiceSettings`, read by the
 * voice and call engines when they open the microphone and applied live while they run. Small and
 * free of Web Audio, so the settings tab, the panel and the call banner read it without the engine.
 */

import { safeLocalStorage } from '../../lib/safe-local-storage';

export type NoiseEngine = 'off' | 'standard' | 'rnnoise';

export interface VoiceSettings {
  /** True unless the engine is off (spec 3 §9). */
  noiseSuppression: boolean;
  noiseSuppressionEngine: NoiseEngine;
  echoCancellation: boolean;
  autoGainControl: boolean;
  /** 0–100; the microphone's gain is value/50 (0 to 2). */
  inputSensitivity: number;
  /** 0–150 (%); capped at 1.5× when applied. */
  outputVolume: number;
  /** A device id, or null for the system's default. */
  inputDevice: string | null;
  outputDevice: string | null;
  voiceActivityDetection: boolean;
  /** 0–100; maps linearly onto a threshold of -100..-20 dB. */
  vadSensitivity: number;
  /** What calibration added to the threshold (dB); 0 until calibrated. */
  vadCalibrationOffsetDb: number;
  advancedNoiseSuppression: boolean;
  breathingReduction: boolean;
  keyboardFiltering: boolean;
  adaptiveThreshold: boolean;
  enhancedProcessing: boolean;
  /** Join and leave sounds (spec 2 §4: on by default). */
  voiceSounds: boolean;
  selectedRingtone: string;
  /** 0–100, default 25: a copy of the ringtone's own key (0–1). */
  ringtoneVolume: number;
}

export const STORAGE_KEY = 'voiceSettings';

export const DEFAULT_VOICE_SETTINGS: VoiceSettings = {
  noiseSuppression: true,
  noiseSuppressionEngine: 'standard',
  echoCancellation: true,
  autoGainControl: false,
  inputSensitivity: 50,
  outputVolume: 100,
  inputDevice: null,
  outputDevice: null,
  voiceActivityDetection: false,
  vadSensitivity: 50,
  vadCalibrationOffsetDb: 0,
  advancedNoiseSuppression: false,
  breathingReduction: false,
  keyboardFiltering: false,
  adaptiveThreshold: false,
  enhancedProcessing: false,
  voiceSounds: true,
  selectedRingtone: 'crystal-circuit',
  ringtoneVolume: 25,
};

/** Spec 2 §5 and §9. */
export const OUTPUT_VOLUME_MAX = 150;
export const OUTPUT_GAIN_CAP = 1.5;
const THRESHOLD_MIN_DB = -100;
const THRESHOLD_MAX_DB = -20;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The microphone's gain for an input sensitivity of 0–100: value/50, 0 to 2. */
export const inputGain = (sensitivity: number): number => clamp(sensitivity, 0, 100) / 50;

/** What the speakers play at for an output volume of 0–150 (%), capped at 1.5×. */
export const outputGain = (volume: number): number =>
  Math.min(OUTPUT_GAIN_CAP, clamp(volume, 0, OUTPUT_VOLUME_MAX) / 100);

/** A sensitivity of 0–100 as a level threshold: linearly -100..-20 dB. */
export const sensitivityThresholdDb = (sensitivity: number): number =>
  THRESHOLD_MIN_DB + (clamp(sensitivity, 0, 100) / 100) * (THRESHOLD_MAX_DB - THRESHOLD_MIN_DB);

/** The level above which voice counts as voice: the VAD sensitivity's threshold plus calibration's offset. */
export const vadThresholdDb = (s: Pick<VoiceSettings, 'vadSensitivity' | 'vadCalibrationOffsetDb'>): number =>
  clamp(sensitivityThresholdDb(s.vadSensitivity) + s.vadCalibrationOffsetDb, THRESHOLD_MIN_DB, 0);

/** What the browser is asked for; a change to any of these needs a new microphone stream (spec 2 §4). */
export function microphoneConstraints(s: VoiceSettings): MediaTrackConstraints {
  return {
    // RNNoise does the suppressing itself; the browser's would only smear what it gets.
    noiseSuppression: s.noiseSuppressionEngine === 'standard',
    echoCancellation: s.echoCancellation,
    autoGainControl: s.autoGainControl,
    ...(s.inputDevice ? { deviceId: { exact: s.inputDevice } } : {}),
  };
}

/** Whether going from one set of settings to another needs the microphone opened again. */
export const needsNewStream = (a: VoiceSettings, b: VoiceSettings): boolean =>
  a.noiseSuppressionEngine !== b.noiseSuppressionEngine ||
  a.echoCancellation !== b.echoCancellation ||
  a.autoGainControl !== b.autoGainControl ||
  a.inputDevice !== b.inputDevice;

const ENGINES: readonly NoiseEngine[] = ['off', 'standard', 'rnnoise'];

/** Reads stored settings whatever their age: unknown fields dropped, wrong types defaulted. */
export function parseVoiceSettings(raw: unknown): VoiceSettings {
  const s = { ...DEFAULT_VOICE_SETTINGS };
  if (!raw || typeof raw !== 'object') return s;
  const r = raw as Record<string, unknown>;
  const bool = (k: keyof VoiceSettings) => {
    if (typeof r[k] === 'boolean') (s[k] as boolean) = r[k];
  };
  const num = (k: keyof VoiceSettings, min: number, max: number) => {
    if (typeof r[k] === 'number' && Number.isFinite(r[k])) (s[k] as number) = clamp(r[k], min, max);
  };
  const device = (k: 'inputDevice' | 'outputDevice') => {
    if (typeof r[k] === 'string' && r[k] !== '' && r[k] !== 'default') s[k] = r[k];
  };
  for (const k of [
    'echoCancellation',
    'autoGainControl',
    'voiceActivityDetection',
    'advancedNoiseSuppression',
    'breathingReduction',
    'keyboardFiltering',
    'adaptiveThreshold',
    'enhancedProcessing',
    'voiceSounds',
  ] as const)
    bool(k);
  num('inputSensitivity', 0, 100);
  num('outputVolume', 0, OUTPUT_VOLUME_MAX);
  num('vadSensitivity', 0, 100);
  num('vadCalibrationOffsetDb', -40, 40);
  num('ringtoneVolume', 0, 100);
  device('inputDevice');
  device('outputDevice');
  if (typeof r.selectedRingtone === 'string') s.selectedRingtone = r.selectedRingtone;
  // Spec 2 §3: the legacy engine name 'browser' is the standard one.
  const engine = r.noiseSuppressionEngine === 'browser' ? 'standard' : r.noiseSuppressionEngine;
  if (ENGINES.includes(engine as NoiseEngine)) s.noiseSuppressionEngine = engine as NoiseEngine;
  else if (r.noiseSuppression === false) s.noiseSuppressionEngine = 'off';
  s.noiseSuppression = s.noiseSuppressionEngine !== 'off';
  return s;
}

/**
 * The settings of this browser as live state (read through useSyncExternalStore): a change is stored
 * at once and told to every listener, the running engine among them.
 */
export class VoiceSettingsStore {
  private settings: VoiceSettings;
  private listeners = new Set<() => void>();

  constructor(private storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage()) {
    this.settings = parseVoiceSettings(readJson(this.storage?.getItem(STORAGE_KEY) ?? null));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): VoiceSettings => this.settings;

  update(patch: Partial<VoiceSettings>): void {
    const next = { ...this.settings, ...patch };
    next.noiseSuppression = next.noiseSuppressionEngine !== 'off';
    this.settings = next;
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or refused: the settings still hold for this visit.
    }
    for (const listener of this.listeners) listener();
  }
}

function readJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The one store of this tab. */
export const voiceSettings = new VoiceSettingsStore();
