import { clientsClaim } from 'workbox-core';
import { matchPrecache, precacheAndRoute, cleanupOutdatedCaches, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isAppNavigation, SHELL_URL } from './sw/navigation';
import {
  appWindowFor,
  notificationFromPush,
  notificationUrl,
  PUSH_NAVIGATE_MESSAGE,
  pushData,
  pushTarget,
} from './sw/push';

/**
 * The service worker (built by vite-plugin-pwa's injectManifest into /sw.js): the app shell for
 * offline starts, and Web Push. It imports no app code but the plain helpers of ./sw, so React and
 * the rest of the client never load here. Reasons in docs/decisions/service-worker.md.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// A new worker takes over at once (the tabs open now too), rather than waiting for every tab of the
// app to close. A running tab needs nothing more from the old worker's cache (what it precached, the
// tab loaded at its start; its lazy chunks come from the network either way), so a tab of the
// previous build is no worse off than without a worker, and its next reload gets the new build.
void self.skipWaiting();
clientsClaim();

// Page loads first: the server's own index.html whenever it answers (so a reload, as the update
// banner's 'Update Now', always gets the newest client), the precached shell only when it cannot be
// reached. Registered before the precache's route, so '/' is not taken for '/index.html' there.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isAppNavigation(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache(SHELL_URL)) ?? Response.error();
    }
  },
);

// The shell's files (the list is made by the build, see src/sw/precache.ts), served from the cache.
// Nothing else is routed: the API, the live connection, uploads and lazy chunks go to the network
// as if there were no worker, and no answer of the API is ever stored.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('push', (event) => {
  const { title, options } = notificationFromPush(event.data?.text());
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(pushData(event.notification.data)));
});

/**
 * Brings the app forward where the notification leads: an open tab of it (appWindowFor) is focused and told where to go (`push:navigate`, which the page turns into
 * its window event); without one, a new window opens at the place's address.
 */
async function openFromNotification(data: ReturnType<typeof pushData>): Promise<void> {
  const target = pushTarget(data);
  const tab = appWindowFor(await self.clients.matchAll({ type: 'window', includeUncontrolled: true }));
  if (tab) {
    await tab.focus().catch(() => undefined);
    if (target) tab.postMessage({ type: PUSH_NAVIGATE_MESSAGE, data: target });
    return;
  }
  await self.clients.openWindow(notificationUrl(target));
}
