import { describe, expect, it } from 'vitest';
import {
  levelOf,
  levelSettings,
  PANEL_SUPPRESSIONS,
  panelSettings,
  panelSuppressionOf,
  SUPPRESSION_LEVELS,
} from './suppression-levels';
import { DEFAULT_VOICE_SETTINGS, type VoiceSettings } from './voice-settings';

const withAdvanced = (advancedNoiseSuppression: boolean): VoiceSettings => ({
  ...DEFAULT_VOICE_SETTINGS,
  advancedNoiseSuppression,
});

describe('banner suppression levels', () => {
  it('map onto the engine and the advanced toggle as agreed', () => {
    expect(levelSettings('none')).toEqual({ noiseSuppressionEngine: 'off' });
    expect(levelSettings('low')).toEqual({ noiseSuppressionEngine: 'standard', advancedNoiseSuppression: false });
    expect(levelSettings('medium')).toEqual({ noiseSuppressionEngine: 'standard', advancedNoiseSuppression: true });
    expect(levelSettings('high')).toEqual({ noiseSuppressionEngine: 'rnnoise' });
  });

  it('read back as the level that was chosen, whatever the advanced toggle was before', () => {
    for (const before of [withAdvanced(false), withAdvanced(true)])
      for (const { value } of SUPPRESSION_LEVELS) expect(levelOf({ ...before, ...levelSettings(value) })).toBe(value);
  });

  it('read any stored settings', () => {
    expect(levelOf(DEFAULT_VOICE_SETTINGS)).toBe('low');
    expect(levelOf({ noiseSuppressionEngine: 'off', advancedNoiseSuppression: true })).toBe('none');
    expect(levelOf({ noiseSuppressionEngine: 'rnnoise', advancedNoiseSuppression: true })).toBe('high');
    expect(levelOf({ noiseSuppressionEngine: 'standard', advancedNoiseSuppression: true })).toBe('medium');
  });
});

describe('panel suppression choices', () => {
  it('map built-in, WebRTC and advanced onto off, standard and RNNoise', () => {
    expect(panelSettings('builtin')).toEqual({ noiseSuppressionEngine: 'off' });
    expect(panelSettings('webrtc')).toEqual({ noiseSuppressionEngine: 'standard' });
    expect(panelSettings('advanced')).toEqual({ noiseSuppressionEngine: 'rnnoise' });
  });

  it('read back as the choice that was made', () => {
    for (const { value } of PANEL_SUPPRESSIONS) expect(panelSuppressionOf(panelSettings(value))).toBe(value);
    expect(panelSuppressionOf(DEFAULT_VOICE_SETTINGS)).toBe('webrtc');
  });
});
