import { expect, test } from '../support/fixtures.js';
import { composer, message, messageItems, openChannel, send } from '../support/chat.js';

test('messages in a row from one author sit under one header; another author starts a new group', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('groups');
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  const alice = await signedInPage(aliceAccount);
  const bob = await signedInPage(bobAccount);
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);

  await send(alice, channel.name, 'Morning all');
  await send(alice, channel.name, 'Coffee is ready');
  await send(alice, channel.name, 'In the kitchen');
  await expect(message(bob, 'In the kitchen')).toBeVisible();
  await send(bob, channel.name, 'On my way');
  await expect(message(alice, 'On my way')).toBeVisible();
  await send(alice, channel.name, 'Bring a mug');

  const name = (text: string, who: string) => message(alice, text).getByText(who, { exact: true });
  // Alice's name and avatar once for her first three messages, then Bob's, then Alice's again.
  await expect(name('Morning all', aliceAccount.username)).toBeVisible();
  await expect(name('Coffee is ready', aliceAccount.username)).toHaveCount(0);
  await expect(name('In the kitchen', aliceAccount.username)).toHaveCount(0);
  await expect(name('On my way', bobAccount.username)).toBeVisible();
  await expect(name('Bring a mug', aliceAccount.username)).toBeVisible();
  await expect(message(alice, 'Coffee is ready').getByRole('img')).toHaveCount(0);

  // A grouped message shows its own time in the gutter while the pointer is on it.
  const gutterTime = message(alice, 'Coffee is ready').locator('time');
  await expect(gutterTime).toHaveCSS('opacity', '0');
  await message(alice, 'Coffee is ready').hover();
  await expect(gutterTime).toHaveCSS('opacity', '1');
  await expect(gutterTime).toHaveText(/\d{1,2}:\d{2}/);
  await alice
    .getByRole('region', { name: 'Messages' })
    .screenshot({ path: testInfo.outputPath('grouped-messages.png') });
  await expect(messageItems(alice)).toHaveCount(5);
});

test('the composer grows with its text up to a bound, then scrolls', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('tall');
  const page = await signedInPage(await newUser('writer'));
  await openChannel(page, group.name, channel.name);
  const box = composer(page, channel.name);
  const height = () => box.evaluate((el) => el.getBoundingClientRect().height);

  const oneLine = await height();
  await box.fill('one\ntwo\nthree');
  await expect.poll(height).toBeGreaterThan(oneLine * 2);
  const threeLines = await height();

  await box.fill(Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join('\n'));
  await expect.poll(height).toBeGreaterThan(threeLines);
  const tall = await height();
  // Bounded (well inside the 800 px window), and the rest scrolls inside the box.
  expect(tall).toBeLessThanOrEqual(800 * 0.4 + 1);
  expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await page.getByRole('main').screenshot({ path: testInfo.outputPath('tall-composer.png') });

  // A narrower window wraps a long line more often: the box follows.
  await box.fill('a long line of words '.repeat(40));
  const wide = await height();
  await page.setViewportSize({ width: 900, height: 800 });
  await expect.poll(height).toBeGreaterThan(wide);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(height).toBe(wide);

  // Sending empties it and it shrinks back to one line.
  await box.press('Enter');
  await expect(message(page, 'a long line of words')).toBeVisible();
  await expect.poll(height).toBe(oneLine);
});
