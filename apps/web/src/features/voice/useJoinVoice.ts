import { useIsApiV2 } from '../../app/api-version';
import { useConfirm, useToast } from '../../ui';
import { API_VERSION_TEXT } from '../api-version/texts';
import { useVoiceSession } from './useVoice';

/**
 * Joins a voice channel; a failure shows as a toast. On API v1 (the client's compatibility mode) voice
 * is not available: the spec's 'Voice Channels Require API V2' notice shows instead.
 */
export function useJoinVoice(): (channel: { id: number; name: string }) => void {
  const session = useVoiceSession();
  const toast = useToast();
  const confirm = useConfirm();
  const v2 = useIsApiV2();
  return (channel) => {
    if (!v2) {
      void confirm({
        title: API_VERSION_TEXT.voiceTitle,
        message: API_VERSION_TEXT.voiceOnV1,
        confirmLabel: 'OK',
        type: 'info',
      });
      return;
    }
    session.join(channel).catch((err: Error) => toast.error(err.message));
  };
}
