import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { message, MESSAGE_ITEM_SELECTOR, openChannel } from '../support/chat.js';

const TOTAL = 500;
/** About five notches of a mouse wheel. */
const WHEEL_STEP_PX = 500;
const text = (n: number) => `History ${String(n).padStart(3, '0')}`;

/** One wheel step, then the next frame: a fast but human pace. */
async function wheel(page: Page, deltaY: number) {
  await page.mouse.wheel(0, deltaY);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

test('scrolling back through 500 messages loads older pages and trims the window', async ({
  api,
  freshChannel,
  newUser,
  signedInPage,
}) => {
  test.setTimeout(180_000);
  const { group, channel } = await freshChannel('archive');
  const author = await newUser('author');
  // One at a time, so the order of the timestamps is the order of the numbers.
  for (let n = 1; n <= TOTAL; n++) await api.sendMessage(author, channel.id, text(n));

  const page = await signedInPage(await newUser('reader'));
  const pages = { older: 0, newer: 0 };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/api/message' || request.method() !== 'GET') return;
    if (url.searchParams.has('before')) pages.older += 1;
    if (url.searchParams.has('after')) pages.newer += 1;
  });
  await openChannel(page, group.name, channel.name);
  await expect(message(page, text(TOTAL))).toBeVisible();

  // The most message items the page ever held at once, watched from inside the page.
  await page.evaluate((selector) => {
    const w = window as unknown as { maxMessageItems: number };
    const count = () => {
      w.maxMessageItems = Math.max(w.maxMessageItems ?? 0, document.querySelectorAll(selector).length);
    };
    count();
    new MutationObserver(count).observe(document.body, { childList: true, subtree: true });
  }, MESSAGE_ITEM_SELECTOR);
  const maxItems = () => page.evaluate(() => (window as unknown as { maxMessageItems: number }).maxMessageItems);

  // Scroll up with the mouse wheel, a step per frame, until the very first message shows.
  await message(page, text(TOTAL)).hover();
  await expect(async () => {
    await wheel(page, -WHEEL_STEP_PX);
    await expect(message(page, text(1))).toBeVisible({ timeout: 1 });
  }).toPass({ timeout: 90_000, intervals: [0] });
  expect(pages.older).toBeGreaterThanOrEqual(Math.ceil((TOTAL - 100) / 100));
  expect(await maxItems()).toBeLessThanOrEqual(100);

  // The newest messages were trimmed on the way up, so going back down loads them again.
  await expect(async () => {
    await wheel(page, WHEEL_STEP_PX);
    await expect(message(page, text(TOTAL))).toBeVisible({ timeout: 1 });
  }).toPass({ timeout: 90_000, intervals: [0] });
  expect(pages.newer).toBeGreaterThanOrEqual(1);
  expect(await maxItems()).toBeLessThanOrEqual(100);
});
