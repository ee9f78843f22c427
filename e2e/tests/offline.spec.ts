import type { Page } from '@playwright/test';
import { expect, expectSignedIn, test } from '../support/fixtures.js';
import { channelSidebar, connectionChip, groupRail, message, openChannel, send } from '../support/chat.js';
import { expectNoAxeViolations } from '../support/axe.js';

/**
 * The installable app: its web app manifest, and the service worker that keeps the app shell, so a
 * start without network shows the app saying it is offline instead of the browser's error page.
 */

const OFFLINE_TEXT = "You're offline. Hearth will reconnect when your connection is back.";
const offlineNotice = (page: Page) => page.getByRole('status').filter({ hasText: OFFLINE_TEXT });

/** Waits until the service worker has installed (its precache complete) and controls the page. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
}

/** Reloads with the network gone; the page comes from the service worker, not the browser's error page. */
async function reloadOffline(page: Page): Promise<void> {
  await page.context().setOffline(true);
  const answer = await page.reload();
  expect(answer?.fromServiceWorker()).toBe(true);
  expect(answer?.status()).toBe(200);
}

test('the page links its web app manifest, which names Hearth and its icons; the worker runs under the CSP', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const manifestAnswer = await page.request.get('/manifest.webmanifest');
  expect(manifestAnswer.status()).toBe(200);
  expect(manifestAnswer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestAnswer.json()) as {
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Hearth', short_name: 'Hearth', start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const src of [...manifest.icons.map((icon) => icon.src), touchIcon!]) {
    const icon = await page.request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toBe('image/png');
  }

  // The worker script is revalidated on every update check, and it installs and takes over.
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  await controlledByServiceWorker(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(refused).toEqual([]);
});

test('signed in, a reload without network shows the app saying it is offline, and it recovers when the network is back', async ({
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('offline');
  const page = await signedInPage(await newUser('offline'));
  await openChannel(page, group.name, channel.name);
  await send(page, channel.name, 'Said before the network went');
  await expect(connectionChip(page, 'Connected')).toBeVisible();
  await controlledByServiceWorker(page);
  await expect(offlineNotice(page)).toHaveCount(0);

  await reloadOffline(page);
  // The shell, still signed in, at the same address, and the offline notice.
  await expect(page).toHaveURL(`/channels/${group.id}/${channel.id}`);
  await expectSignedIn(page);
  await expect(offlineNotice(page)).toBeVisible();
  // As it was last seen: the groups, the group's channels and the channel's recent messages, kept in
  // this browser for the signed-in user; not 'This channel is not available.' or 'Select a group'.
  const title = page.getByRole('main').getByRole('heading', { name: `#${channel.name}`, level: 2 });
  await expect(title).toBeVisible();
  await expect(groupRail(page).getByRole('button', { name: group.name, exact: true })).toBeVisible();
  await expect(channelSidebar(page).getByRole('button', { name: channel.name, exact: true })).toBeVisible();
  await expect(message(page, 'Said before the network went')).toBeVisible();
  await expect(page.getByText('This channel is not available.')).toHaveCount(0);
  await expect(page.getByText('Select a group to see its channels.')).toHaveCount(0);
  await expect(connectionChip(page, 'Disconnected')).toBeVisible();

  await page.context().setOffline(false);
  await expect(offlineNotice(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('main').getByRole('heading', { name: `#${channel.name}`, level: 2 })).toBeVisible();
  await expect(connectionChip(page, 'Connected')).toBeVisible({ timeout: 15_000 });
});

test('signed out, a reload without network shows the login form saying it is offline', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await controlledByServiceWorker(page);

  await reloadOffline(page);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(offlineNotice(page)).toBeVisible();
  await expectNoAxeViolations(page, 'the login form offline');

  await page.context().setOffline(false);
  await expect(offlineNotice(page)).toHaveCount(0, { timeout: 15_000 });
});

test('going offline, the notice and the header chip change together, and the notice covers no title', async ({
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('offline-chip');
  const page = await signedInPage(await newUser('chip'));
  // An answer already on its way when the network drops (here the presence list the app asks for as
  // its live connection opens, held back until then) arrives after the drop: it is old news, and must
  // not take the notice away while every new request fails.
  let cutNetwork!: () => void;
  const networkCut = new Promise<void>((resolve) => (cutNetwork = resolve));
  let [held, delivered] = [0, 0];
  await page.route('**/api/user/presence/all', async (route) => {
    const response = await route.fetch();
    held++;
    await networkCut;
    // One the page gave up on meanwhile (its reload) cannot be answered, and is not counted.
    await route.fulfill({ response }).then(
      () => delivered++,
      () => undefined,
    );
  });
  await page.reload();
  await openChannel(page, group.name, channel.name);
  await expect(connectionChip(page, 'Connected')).toBeVisible();
  await expect.poll(() => held).toBeGreaterThan(0);

  // What the chip says at the moment the notice first shows (a DOM observer sees both in the same
  // change): it must not still say Connected under the notice.
  await page.evaluate((text) => {
    const seen = window as unknown as { chipAtNotice?: string };
    const observer = new MutationObserver(() => {
      if (!document.body.textContent?.includes(text)) return;
      const chip = [...document.querySelectorAll('[role="status"]')]
        .map((status) => status.textContent ?? '')
        .find((t) => /^(Connected|Disconnected)$/.test(t));
      seen.chipAtNotice = chip ?? 'no chip';
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, OFFLINE_TEXT);
  await page.context().setOffline(true);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { chipAtNotice?: string }).chipAtNotice))
    .toBe('Disconnected');
  cutNetwork();
  await expect.poll(() => delivered).toBeGreaterThan(0);
  // A turn of the page's own event loop after the answer reached it, then the notice is still there.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  await expect(offlineNotice(page)).toBeVisible();
  await expect(connectionChip(page, 'Disconnected')).toBeVisible();
  // The notice takes a strip of its own: the channel's title is below it, not under it.
  const title = page.getByRole('main').getByRole('heading', { name: `#${channel.name}`, level: 2 });
  const [notice, heading] = [await offlineNotice(page).boundingBox(), await title.boundingBox()];
  if (!notice || !heading) throw new Error('no box');
  expect(heading.y).toBeGreaterThanOrEqual(notice.y + notice.height - 0.5);

  await page.context().setOffline(false);
  await expect(offlineNotice(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(connectionChip(page, 'Connected')).toBeVisible({ timeout: 15_000 });
});
