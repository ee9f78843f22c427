import { useToast } from '../../ui';
import { useVoiceSession } from './useVoice';

/** Joins a voice channel from its row; a refusal or failure is a toast with the spec's text. */
export function useJoinVoice(): (channel: { id: number; name: string }) => void {
  const session = useVoiceSession();
  const toast = useToast();
  return (channel) => {
    session.join(channel).catch((err: Error) => toast.error(err.message));
  };
}
