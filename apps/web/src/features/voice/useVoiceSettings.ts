import { useSyncExternalStore } from 'react';
import { voiceSettings, type VoiceSettings } from './voice-settings';

/** This browser's voice settings as live state; write them with `voiceSettings.update`. */
export function useVoiceSettings(): VoiceSettings {
  return useSyncExternalStore(voiceSettings.subscribe, voiceSettings.get);
}
