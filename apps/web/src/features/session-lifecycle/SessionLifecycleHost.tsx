import { useEffect, useSyncExternalStore } from 'react';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session';
import { lazyComponent, lazyModule } from '../../lib/lazy-module';
import { listenForSessionEndEvents } from './window-events';

const overlayCode = lazyModule(() => import('./SessionEndOverlay').then((m) => m.SessionEndOverlay));
const SessionEndOverlay = lazyComponent(overlayCode);

/**
 * Shows the overlay of an ending session (suspended, terminated, FINAL BREACH) on every screen, and
 * ends the session on the window events that ask for it. The overlay's code is fetched once the page
 * is idle while someone is signed in, so it is here when the server cuts the session.
 */
export function SessionLifecycleHost() {
  const { lifecycle } = useServices();
  const signedIn = useSession() !== null;
  const notice = useSyncExternalStore(lifecycle.subscribe, lifecycle.current);

  useEffect(() => listenForSessionEndEvents(lifecycle), [lifecycle]);
  useEffect(() => {
    if (signedIn) overlayCode.loadWhenIdle();
  }, [signedIn]);

  return notice && <SessionEndOverlay notice={notice} onLogOutNow={() => lifecycle.signOutNow()} />;
}
