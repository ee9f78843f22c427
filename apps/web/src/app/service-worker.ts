import { PUSH_NAVIGATE } from '../features/home/useHomeEvents';
import { PUSH_NAVIGATE_MESSAGE, pushData, pushTarget } from '../sw/push';

/**
 * The page's side of the service worker (src/sw.ts, served as /sw.js): registering it, and passing
 * on what it says. Reasons in docs/decisions/service-worker.md.
 */

/**
 * Registers the worker once the page has loaded, so its download and its precache (the shell's
 * files, mostly already in the HTTP cache by then) never compete with the first paint. Production
 * builds only: the development server has no /sw.js, and a worker would keep old code around.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  container.addEventListener('message', (event) => relayWorkerMessage(event.data));
  // Messages sent before this point (a notification clicked while the page was starting) wait until now.
  container.startMessages();
  const register = () => {
    container.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Turns the worker's `{ type: 'push:navigate', data }` into the window event the signed-in shell
 * listens to (`PUSH_NAVIGATE`, handled by useHomeEvents), with the same detail (`{ type: 'friends' }`, `{ type: 'channel', channelId, groupId }`
 * or `{ type: 'dm', userId }`). Anything else, or a place that is not well formed, is dropped.
 * True when an event was dispatched.
 */
export function relayWorkerMessage(message: unknown, target: EventTarget = window): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const { type, data } = message as { type?: unknown; data?: unknown };
  if (type !== PUSH_NAVIGATE_MESSAGE) return false;
  const place = pushTarget(pushData(data));
  if (!place) return false;
  target.dispatchEvent(new CustomEvent(PUSH_NAVIGATE, { detail: place }));
  return true;
}
