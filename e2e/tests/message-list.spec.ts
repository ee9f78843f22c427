import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { gifBytes } from '../support/gifs.js';
import { message, openChannel } from '../support/chat.js';

/** How far the message list is from its bottom, in pixels. */
const distanceFromBottom = (page: Page) =>
  page
    .getByRole('region', { name: 'Messages' })
    .evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

test('opening a channel lands on the newest message, even when rows grow after the scroll-to-bottom is over', async ({
  admin,
  api,
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('settle');
  // About twenty messages, one of them 3,000 characters, and three GIFs near the end whose pictures
  // arrive late: 300 x 200 until then, 400 x 300 once loaded, so the newest rows grow after opening.
  for (let i = 1; i <= 16; i++) await api.sendMessage(admin, channel.id, `Filler message ${i}`);
  await api.sendMessage(admin, channel.id, `${'A long line of text that wraps. '.repeat(94)}The end of it.`);
  for (let i = 1; i <= 3; i++)
    await api.sendMessage(admin, channel.id, `https://media.giphy.com/media/late${i}/giphy.gif`);
  await api.sendMessage(admin, channel.id, 'The newest message');

  const held: Route[] = [];
  let released = false;
  const gif = gifBytes(400, 300, [200, 40, 40]);
  const answer = (route: Route) => route.fulfill({ contentType: 'image/gif', body: gif });
  const [alice, bob] = await Promise.all([signedInPage(await newUser('alice')), signedInPage(await newUser('bob'))]);
  for (const page of [alice, bob]) {
    await page.clock.install();
    await page.route('https://media.giphy.com/media/**', (route) => (released ? answer(route) : held.push(route)));
  }

  // Both open the channel at once.
  await Promise.all([alice, bob].map((page) => openChannel(page, group.name, channel.name)));
  for (const page of [alice, bob]) {
    await expect(message(page, 'The newest message')).toBeVisible();
    await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(1);
    // Past the spec's repeated scrolls (100, 300 and 500 ms, for up to 3 s) before any picture arrives.
    await page.clock.runFor(3_500);
  }
  await expect.poll(() => held.length).toBeGreaterThanOrEqual(6);
  released = true;
  await Promise.all(held.map(answer));

  for (const page of [alice, bob]) {
    const pictures = page.getByRole('button', { name: 'Open GIF preview' });
    await expect(pictures).toHaveCount(3);
    for (const picture of await pictures.all()) await expect(picture).toHaveCSS('width', '400px');
    await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(1);
    await expect(message(page, 'The newest message')).toBeInViewport();
    await expect(page.getByRole('button', { name: 'New messages' })).toHaveCount(0);
  }
});
