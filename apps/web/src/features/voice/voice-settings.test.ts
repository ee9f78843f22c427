import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VOICE_SETTINGS,
  inputGain,
  microphoneConstraints,
  needsNewStream,
  outputGain,
  parseVoiceSettings,
  sensitivityThresholdDb,
  STORAGE_KEY,
  vadThresholdDb,
  VoiceSettingsStore,
} from './voice-settings';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('voice settings', () => {
  it('has the spec defaults: echo cancellation on, auto gain off, sensitivity 50, output 100, VAD 50, ringtone 25', () => {
    expect(DEFAULT_VOICE_SETTINGS).toMatchObject({
      echoCancellation: true,
      autoGainControl: false,
      inputSensitivity: 50,
      outputVolume: 100,
      vadSensitivity: 50,
      ringtoneVolume: 25,
      voiceSounds: true,
      noiseSuppression: true,
      selectedRingtone: 'crystal-circuit',
    });
  });

  it('maps input sensitivity to a gain of value/50 and to a threshold of -100..-20 dB', () => {
    expect(inputGain(0)).toBe(0);
    expect(inputGain(50)).toBe(1);
    expect(inputGain(100)).toBe(2);
    expect(inputGain(180)).toBe(2);
    expect(sensitivityThresholdDb(0)).toBe(-100);
    expect(sensitivityThresholdDb(50)).toBe(-60);
    expect(sensitivityThresholdDb(100)).toBe(-20);
  });

  it('caps the output at 1.5 times', () => {
    expect(outputGain(0)).toBe(0);
    expect(outputGain(100)).toBe(1);
    expect(outputGain(150)).toBe(1.5);
    expect(outputGain(200)).toBe(1.5);
  });

  it('adds the calibration offset to the VAD threshold', () => {
    expect(vadThresholdDb({ vadSensitivity: 50, vadCalibrationOffsetDb: 0 })).toBe(-60);
    expect(vadThresholdDb({ vadSensitivity: 50, vadCalibrationOffsetDb: 12 })).toBe(-48);
  });

  it('reads the legacy engine name browser as standard, and drops what it does not know', () => {
    const s = parseVoiceSettings({
      noiseSuppressionEngine: 'browser',
      outputVolume: 400,
      inputDevice: 'default',
      x: 1,
    });
    expect(s.noiseSuppressionEngine).toBe('standard');
    expect(s.outputVolume).toBe(150);
    expect(s.inputDevice).toBeNull();
    expect(s).not.toHaveProperty('x');
    expect(parseVoiceSettings({ noiseSuppression: false }).noiseSuppressionEngine).toBe('off');
    expect(parseVoiceSettings('garbage')).toEqual(DEFAULT_VOICE_SETTINGS);
  });

  it('asks the browser for its noise suppression only with the standard engine (RNNoise does its own)', () => {
    expect(microphoneConstraints(DEFAULT_VOICE_SETTINGS).noiseSuppression).toBe(true);
    const rnnoise = { ...DEFAULT_VOICE_SETTINGS, noiseSuppressionEngine: 'rnnoise' as const, inputDevice: 'mic-2' };
    expect(microphoneConstraints(rnnoise)).toEqual({
      noiseSuppression: false,
      echoCancellation: true,
      autoGainControl: false,
      deviceId: { exact: 'mic-2' },
    });
  });

  it('needs a new stream only for the device, the engine or the browser processing', () => {
    const base = DEFAULT_VOICE_SETTINGS;
    expect(
      needsNewStream(base, { ...base, inputSensitivity: 80, outputVolume: 20, voiceActivityDetection: true }),
    ).toBe(false);
    expect(needsNewStream(base, { ...base, noiseSuppressionEngine: 'rnnoise' })).toBe(true);
    expect(needsNewStream(base, { ...base, echoCancellation: false })).toBe(true);
    expect(needsNewStream(base, { ...base, inputDevice: 'usb' })).toBe(true);
  });

  it('stores changes under voiceSettings, tells listeners, and keeps noiseSuppression in step with the engine', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: JSON.stringify({ outputVolume: 70 }) });
    const store = new VoiceSettingsStore(storage);
    expect(store.get().outputVolume).toBe(70);
    let told = 0;
    store.subscribe(() => told++);
    store.update({ noiseSuppressionEngine: 'off' });
    expect(told).toBe(1);
    expect(store.get().noiseSuppression).toBe(false);
    expect(JSON.parse(storage.data.get(STORAGE_KEY)!)).toMatchObject({
      noiseSuppressionEngine: 'off',
      outputVolume: 70,
    });
    expect(new VoiceSettingsStore(storage).get().noiseSuppressionEngine).toBe('off');
  });
});
