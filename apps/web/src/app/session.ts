import { useSyncExternalStore } from 'react';
import type { AuthAnswer, SelfUser } from '@hearth/protocol';
import type { Services } from './services';
import { useServices } from './services';
import { landInDefaultChannelNext } from '../features/shell/useLandInDefaultChannel';

export function useSession() {
  const { auth } = useServices();
  return useSyncExternalStore(auth.subscribe, () => auth.get());
}

export async function signIn(services: Services, kind: 'login' | 'register', body: Record<string, unknown>) {
  const answer = await services.http.post<AuthAnswer>(`/auth/${kind}`, body, { anonymous: true });
  if (kind === 'register') landInDefaultChannelNext();
  services.auth.set({ accessToken: answer.access_token, refreshToken: answer.refresh_token, user: answer.user });
  return answer.user;
}

export async function signOut(services: Services) {
  const session = services.auth.get();
  services.live.stop();
  try {
    if (session) await services.http.post('/auth/logout', { refresh_token: session.refreshToken });
  } catch {
    // Signing out locally must work even when the server cannot be reached.
  }
  // Clearing the cached data and saved navigation follows from the session ending (see createServices).
  services.auth.set(null);
}

export const isAdminRole = (role: string | undefined) => role?.toUpperCase() === 'ADMIN';

/** The signed-in user's own changes (a new nickname or picture) shown everywhere at once, without a reload. */
export function updateSessionUser(services: Services, patch: Partial<SelfUser>): void {
  const session = services.auth.get();
  if (session) services.auth.set({ ...session, user: { ...session.user, ...patch } });
}
