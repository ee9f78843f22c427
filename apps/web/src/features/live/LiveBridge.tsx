import { useEffect, useRef } from 'react';
import { useServices } from '../../app/services';
import { signOutAfter, useSession } from '../../app/session';
import type { ServerEventData } from '@hearth/protocol';
import { DEVICE_REVOKED_SIGN_OUT_MS, DEVICE_TEXT, SELF_SIGN_OUT_REASONS } from '@hearth/protocol/device-rules';
import { SESSION_EXPIRED_KEY } from '../../lib/auth-store';
import { useToast } from '../../ui';

/**
 * Runs the live connection while signed in: starts and stops it with the session, follows tab
 * visibility and the browser's online state, refetches when events could not be replayed, and
 * reports lost sessions.
 */
export function LiveBridge() {
  const services = useServices();
  const session = useSession();
  const toastRef = useRef(useToast());
  const signedIn = session !== null;

  useEffect(() => {
    const { live, queryClient, auth } = services;
    const toast = toastRef.current;
    if (!signedIn) return;
    live.start();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') live.onVisible();
    };
    document.addEventListener('visibilitychange', onVisibility);
    // The browser knows about a lost network long before a socket does.
    const onOffline = () => live.onOffline();
    const onOnline = () => live.onOnline();
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    let signOutTimer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = live.subscribe((signal) => {
      if (signal.kind === 'resync') void queryClient.invalidateQueries();
      if (signal.kind === 'max_retries') toast.error('Disconnected', 'max retries reached');
      if (signal.kind === 'auth_failed') {
        toast.error('Session ended', signal.detail);
        auth.set(null);
      }
      // A refused send (it carries its nonce) is also marked failed in the list, by the outbox.
      if (signal.kind === 'frame' && signal.frame.type === 'error') {
        const data = signal.frame.data as { detail?: string; type?: string };
        // Spec 1 §8: a refused direct message is titled as such.
        const title = data.type === 'direct_message' ? 'Cannot Send Message' : 'Error';
        toast.error(title, data.detail ?? 'Something went wrong');
      }
      if (signal.kind === 'frame' && signal.frame.type === 'device_revoked') {
        // A logout in another tab of this browser revokes this device too; that tab has already
        // cleared the stored session (signOut), so there is nothing to announce here.
        if (!auth.reload()) return;
        const { reason, by_this_device } = signal.frame.data as Partial<ServerEventData<'device_revoked'>>;
        if (by_this_device && reason && SELF_SIGN_OUT_REASONS.includes(reason)) {
          // The user did it here (a new username or password, signing out everywhere, deleting the
          // account): the screen where they did it says so and signs out. This tab (it, or another
          // tab of this browser) follows in the same 2 s, without a revocation notice or reason.
          signOutAfter(services, DEVICE_REVOKED_SIGN_OUT_MS);
          return;
        }
        // Spec 3 §4 and §8: stored for the next login screen, shown now, signed out 2 s later.
        localStorage.setItem(SESSION_EXPIRED_KEY, DEVICE_TEXT.revokedBody);
        toast.error(DEVICE_TEXT.revokedTitle, DEVICE_TEXT.revokedBody);
        signOutTimer = setTimeout(() => auth.set(null), DEVICE_REVOKED_SIGN_OUT_MS);
      }
    });
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      unsubscribe();
      clearTimeout(signOutTimer);
      live.stop();
    };
  }, [services, signedIn]);

  return null;
}
