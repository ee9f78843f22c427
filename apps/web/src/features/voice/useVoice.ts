import { useSyncExternalStore } from 'react';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session';
import type { LiveConnection } from '../../lib/live';
import { VoiceSession, type VoiceState } from './voice-session';

/** One voice session per signed-in tab (its live connection). */
const sessions = new WeakMap<LiveConnection, VoiceSession>();

export function useVoiceSession(): VoiceSession {
  const { http, live } = useServices();
  const userId = useSession()?.user.id ?? 0;
  let session = sessions.get(live);
  if (!session) {
    session = new VoiceSession({ http, live, userId });
    sessions.set(live, session);
  }
  return session;
}

export function useVoiceState(): VoiceState {
  const session = useVoiceSession();
  return useSyncExternalStore(session.subscribe, session.getState);
}
