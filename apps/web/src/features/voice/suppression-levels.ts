import type { NoiseEngine, VoiceSettings } from './voice-settings';

/**
 * The quick settings' noise-suppression choices, as the stored settings (engine and the Advanced
 * Noise Suppression toggle) that the Voice Settings tab shows in full. Pure, both directions.
 */

/** The call banner's choice (spec 2 §2): none, low, medium, high. */
export type SuppressionLevel = 'none' | 'low' | 'medium' | 'high';
export const SUPPRESSION_LEVELS: readonly { value: SuppressionLevel; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

type Suppression = Pick<VoiceSettings, 'noiseSuppressionEngine' | 'advancedNoiseSuppression'>;

/**
 * What a level writes. Low and medium are the browser's suppression without and with the advanced
 * processing; none and high set the engine only and leave the advanced toggle as the tab set it, so
 * a quick change does not throw away choices made there (high is RNNoise whatever the toggle).
 */
export function levelSettings(level: SuppressionLevel): Partial<Suppression> {
  switch (level) {
    case 'none':
      return { noiseSuppressionEngine: 'off' };
    case 'low':
      return { noiseSuppressionEngine: 'standard', advancedNoiseSuppression: false };
    case 'medium':
      return { noiseSuppressionEngine: 'standard', advancedNoiseSuppression: true };
    case 'high':
      return { noiseSuppressionEngine: 'rnnoise' };
  }
}

/** The level stored settings show as. */
export function levelOf(s: Suppression): SuppressionLevel {
  switch (s.noiseSuppressionEngine) {
    case 'off':
      return 'none';
    case 'rnnoise':
      return 'high';
    default:
      return s.advancedNoiseSuppression ? 'medium' : 'low';
  }
}

/**
 * The voice control panel's choice (spec 2 §2): built-in is only what every call does (echo
 * cancellation), WebRTC the browser's noise suppression, advanced RNNoise.
 */
export type PanelSuppression = 'builtin' | 'webrtc' | 'advanced';
export const PANEL_SUPPRESSIONS: readonly { value: PanelSuppression; label: string }[] = [
  { value: 'builtin', label: 'Built-in' },
  { value: 'webrtc', label: 'WebRTC' },
  { value: 'advanced', label: 'Advanced' },
];

const PANEL_ENGINES: Record<PanelSuppression, NoiseEngine> = {
  builtin: 'off',
  webrtc: 'standard',
  advanced: 'rnnoise',
};

/** What a panel choice writes: the engine alone. */
export const panelSettings = (choice: PanelSuppression): Pick<VoiceSettings, 'noiseSuppressionEngine'> => ({
  noiseSuppressionEngine: PANEL_ENGINES[choice],
});

/** The panel choice stored settings show as. */
export function panelSuppressionOf(s: Pick<VoiceSettings, 'noiseSuppressionEngine'>): PanelSuppression {
  const found = (Object.keys(PANEL_ENGINES) as PanelSuppression[]).find(
    (k) => PANEL_ENGINES[k] === s.noiseSuppressionEngine,
  );
  return found ?? 'webrtc';
}
