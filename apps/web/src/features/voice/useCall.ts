import { useSyncExternalStore } from 'react';
import { apiVersion } from '../../app/api-version';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session';
import type { LiveConnection } from '../../lib/live';
import { useToast, type ToastApi } from '../../ui';
import { CallSession, type CallState } from './call-session';
import { useVoiceSession } from './useVoice';

/** One call session per signed-in tab (its live connection), as for voice channels. */
const sessions = new WeakMap<LiveConnection, CallSession>();
/** The latest toasts of the tab (the session outlives any one component). */
let toasts: ToastApi | null = null;

export function useCallSession(): CallSession {
  const { http, live } = useServices();
  const userId = useSession()?.user.id ?? 0;
  const voice = useVoiceSession();
  toasts = useToast();
  let session = sessions.get(live);
  if (!session) {
    session = new CallSession({
      http,
      live,
      userId,
      leaveVoice: () => voice.leave().catch(() => undefined),
      notify: (kind, title, message) => toasts?.[kind](title, message),
      loadMedia: (s) =>
        import('./call-media').then((m) => new m.DmCallMedia(s, { http, live, notify: (text) => toasts?.error(text) })),
      loadRingtone: () =>
        import('./ringtones').then((m) => {
          let playing: { stop(): void } | null = null;
          return { start: () => (playing = m.playRingtone()), stop: () => playing?.stop() };
        }),
      isV2: apiVersion.isV2,
    });
    sessions.set(live, session);
  }
  return session;
}

export function useCallState(): CallState {
  const session = useCallSession();
  return useSyncExternalStore(session.subscribe, session.getState);
}
