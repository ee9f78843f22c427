import { useSyncExternalStore } from 'react';
import { useCallState } from '../../voice/useCall';
import { useVoiceState } from '../../voice/useVoice';
import { voiceSettings, type VoiceSettings } from '../../voice/voice-settings';

/** The stored voice settings as live state. */
export const useVoiceSettings = (): VoiceSettings => useSyncExternalStore(voiceSettings.subscribe, voiceSettings.get);

/** In a voice channel (joining counts) or a DM call that has been answered: settings apply at once. */
export function useInVoice(): boolean {
  const voice = useVoiceState();
  const call = useCallState();
  return voice.status !== 'disconnected' || call.phase === 'connecting' || call.phase === 'connected';
}

/**
 * Stores a change and says where it goes: 'voice' for what the voice connection uses, 'local' for what
 * only this browser plays (sounds, ringtones).
 */
export type SaveVoiceSettings = (patch: Partial<VoiceSettings>, scope?: 'voice' | 'local') => void;

export interface SectionProps {
  settings: VoiceSettings;
  save: SaveVoiceSettings;
}
