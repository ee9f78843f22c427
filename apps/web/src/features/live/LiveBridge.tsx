import { useEffect, useRef } from 'react';
import { useServices } from '../../app/services';
import { followOwnUser, useSession } from '../../app/session';
import { useToast } from '../../ui';
import { endSessionOnFrame } from '../session-lifecycle/live-frames';

/**
 * Runs the live connection while signed in: starts and stops it with the session, follows tab
 * visibility and the browser's online state, refetches when events could not be replayed, and
 * reports lost sessions. The events that end the session go to the session lifecycle.
 */
export function LiveBridge() {
  const services = useServices();
  const session = useSession();
  const toastRef = useRef(useToast());
  const signedIn = session !== null;

  useEffect(() => {
    const { live, queryClient, auth, lifecycle } = services;
    const toast = toastRef.current;
    // A session already ending (a suspension found stored on load) gets no new connection.
    if (!signedIn || lifecycle.isEnding) return;
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
    const unsubscribe = live.subscribe((signal) => {
      if (signal.kind === 'resync') void queryClient.invalidateQueries();
      if (signal.kind === 'max_retries') toast.error('Disconnected', 'max retries reached');
      // A session on its way out ends when planned, with its own notice.
      if (signal.kind === 'auth_failed' && !auth.isEnding) {
        toast.error('Session ended', signal.detail);
        auth.set(null);
      }
      // A refused send (it carries its nonce) is also marked failed in the list, by the outbox.
      // A typing indicator is nothing the person asked for: its refusal (a block, no right to post)
      // is told by the send that follows, not by a toast while they type.
      const data = signal.kind === 'frame' ? (signal.frame.data as { detail?: string; type?: string } | null) : null;
      if (signal.kind === 'frame' && signal.frame.type === 'error' && data?.type !== 'typing_start') {
        // Spec 1 §8: a refused direct message is titled as such.
        const title = data?.type === 'direct_message' ? 'Cannot Send Message' : 'Error';
        toast.error(title, data?.detail ?? 'Something went wrong');
      }
      if (signal.kind === 'frame') {
        followOwnUser(services, signal.frame);
        // Suspended, terminated, device revoked: stored, shown, signed out after the spec's delay.
        endSessionOnFrame(services, signal.frame, toast);
      }
    });
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      unsubscribe();
      live.stop();
    };
  }, [services, signedIn]);

  return null;
}
