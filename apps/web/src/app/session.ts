import { useSyncExternalStore } from 'react';
import type { AuthAnswer, SelfUser, UserUpdateEvent } from '@hearth/protocol';
import type { LiveFrame } from '../lib/live';
import { fingerprintHeaders } from '../lib/device-fingerprint';
import type { Services } from './services';
import { useServices } from './services';
import { landInDefaultChannelNext } from '../features/shell/landing-flag';
import { apiVersion } from './api-version';
import { quietEnding } from '../features/session-lifecycle/endings';
import type { LoginNoticeState } from '../features/auth/login-notice';
import { pushOptedIn } from '../features/push/push-opt-in';

export function useSession() {
  const { auth } = useServices();
  return useSyncExternalStore(auth.subscribe, () => auth.get());
}

export async function signIn(services: Services, kind: 'login' | 'register', body: Record<string, unknown>) {
  // The fingerprint lets the devices list tell this browser's device from the others (spec 3 §4).
  const answer = await services.http.post<AuthAnswer>(`/auth/${kind}`, body, {
    anonymous: true,
    headers: fingerprintHeaders(),
  });
  if (kind === 'register') landInDefaultChannelNext();
  services.auth.set({ accessToken: answer.access_token, refreshToken: answer.refresh_token, user: answer.user });
  // A data collection report once per sign-in when the user allows it (spec 3 §3, §7): the server
  // decides whether it counts. Privacy features are API v2 only. Its code is fetched only then.
  if (apiVersion.isV2())
    void import('../features/privacy-report/data-report')
      .then((m) => m.sendDataReport(services))
      .catch(() => undefined);
  // A browser where push was on registers it again for this sign-in (pushes go to signed-in devices only).
  if (pushOptedIn(answer.user.id))
    void import('../features/push/push-client')
      .then((m) => m.renewPushRegistration(services.http, answer.user.id))
      .catch(() => undefined);
  return answer.user;
}

export async function signOut(services: Services) {
  const session = services.auth.reload();
  services.live.stop();
  // Signed out here first: the server then tells this device's other tabs (device_revoked), and by
  // then they find the session gone from storage, so they take it for this logout, not a revocation.
  // Clearing the cached data and saved navigation follows from the session ending (see createServices).
  services.auth.set(null);
  try {
    // The refresh token alone identifies the device (the access token may have expired).
    if (session) await services.http.post('/auth/logout', { refresh_token: session.refreshToken }, { anonymous: true });
  } catch {
    // Signing out locally must work even when the server cannot be reached.
  }
}

/**
 * Ends this session `ms` from now, after something the user did here that the server has already
 * signed every device out for (spec 3 §4: a new username or password, then logout after 2 s). The
 * session lifecycle's quiet ending: until then nothing ends it early (a refused refresh meanwhile is
 * expected), nothing is stored or shown, and nothing is sent (the device is already signed out). A
 * session that ended meanwhile takes the pending sign-out with it, so the next one is left alone.
 * `loginNotice` is what the login form then says (why, and the name to sign in with).
 */
export function signOutAfter(services: Services, ms: number, loginNotice?: LoginNoticeState): void {
  services.lifecycle.end(quietEnding(ms, loginNotice));
}

export const isAdminRole = (role: string | undefined) => role?.toUpperCase() === 'ADMIN';

/** The signed-in user's own changes (a new nickname or picture) shown everywhere at once, without a reload. */
export function updateSessionUser(services: Services, patch: Partial<SelfUser>): void {
  const session = services.auth.get();
  if (!session) return;
  const user = session.user as Record<string, unknown>;
  if (Object.entries(patch).every(([key, value]) => user[key] === value)) return;
  services.auth.set({ ...session, user: { ...session.user, ...patch } });
}

/**
 * Keeps the stored user as the server has it: `ready` (every new live session, and a role change
 * restarts the session) and `user_update` about oneself. Otherwise a demoted admin would keep the
 * Admin Panel entry, and a promoted user would not get it, until they signed in again.
 */
export function followOwnUser(services: Services, frame: LiveFrame): void {
  if (frame.type === 'ready') {
    const { user } = frame.data as { user?: SelfUser };
    if (user) updateSessionUser(services, user);
  } else if (frame.type === 'user_update') {
    const { user_id: userId, ...face } = frame.data as UserUpdateEvent;
    if (userId !== services.auth.get()?.user.id) return;
    updateSessionUser(services, { ...face, is_admin: isAdminRole(face.role) });
  }
}
