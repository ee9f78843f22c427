import { useSyncExternalStore } from 'react';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session';
import type { LiveConnection } from '../../lib/live';
import { useToast, type ToastApi } from '../../ui';
import type { VoiceState } from './voice-contract';
import { VoiceSession } from './voice-session';

/** One voice session per signed-in tab (its live connection). */
const sessions = new WeakMap<LiveConnection, VoiceSession>();
/** The latest toasts of the tab (the session outlives any one component). */
let toasts: ToastApi | null = null;

export function useVoiceSession(): VoiceSession {
  const { http, live } = useServices();
  const userId = useSession()?.user.id ?? 0;
  toasts = useToast();
  let session = sessions.get(live);
  if (!session) {
    session = new VoiceSession({ http, live, userId, notify: (text) => toasts?.error(text) });
    sessions.set(live, session);
  }
  return session;
}

export function useVoiceState(): VoiceState {
  const session = useVoiceSession();
  return useSyncExternalStore(session.subscribe, session.getState);
}
