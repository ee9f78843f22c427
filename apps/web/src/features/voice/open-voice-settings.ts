import { useLocation } from 'wouter';

/** The settings screen on its Voice Settings tab (spec 3 §2: /settings/{tab}). */
export const VOICE_SETTINGS_PATH = '/settings/voice';

/**
 * Opens the settings screen on the voice tab, for the panel and the call banner (spec 2 §2). By
 * address rather than the `settings:open-tab` event: that event is heard only while the screen is
 * already open, and neither the panel nor the banner is visible then.
 */
export function useOpenVoiceSettings(): () => void {
  const [, navigate] = useLocation();
  return () => navigate(VOICE_SETTINGS_PATH);
}
