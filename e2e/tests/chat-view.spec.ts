import type { Page } from '@playwright/test';
import { expect, test, type Fixtures } from '../support/fixtures.js';
import {
  composer,
  connectionChip,
  message,
  messageAction,
  messageItems,
  openChannel,
  send,
  sendButton,
} from '../support/chat.js';

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

test('the connection chip says Disconnected within seconds of the network going, and Send waits for it', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('offline');
  const page = await signedInPage(await newUser('roamer'));
  await openChannel(page, group.name, channel.name);
  await expect(connectionChip(page, 'Connected')).toBeVisible();
  await composer(page, channel.name).fill('Typed in a tunnel');
  await expect(sendButton(page)).toBeEnabled();

  // On a machine whose only network is loopback the browser thinks it is offline from the start,
  // so cutting the network cannot make it say so: there the test says it in the browser's place.
  const knewItWasOnline = await page.evaluate(() => navigator.onLine);
  await page.context().setOffline(true);
  if (!knewItWasOnline) await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  // The browser's word is checked with a ping that gets two seconds to be answered.
  await expect(connectionChip(page, 'Disconnected')).toBeVisible({ timeout: 5_000 });
  await expect(sendButton(page)).toBeDisabled();
  const header = page
    .getByRole('main')
    .getByRole('heading', { name: `#${channel.name}`, level: 2 })
    .locator('xpath=..');
  await header.screenshot({ path: testInfo.outputPath('offline-chip.png') });

  await page.context().setOffline(false);
  await expect(connectionChip(page, 'Connected')).toBeVisible({ timeout: 10_000 });
  await sendButton(page).click();
  await expect(message(page, 'Typed in a tunnel')).toBeVisible();
  await expect(message(page, 'Typed in a tunnel').getByText('Sending…')).toHaveCount(0);
});

/**
 * Routes a page's live connection through a switch that can silently stop frames (both ways, or
 * only the server's), the way a dead network does: nothing is closed, nothing arrives.
 */
async function cuttableLink(page: Page) {
  const link = { toServer: true, toPage: true };
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      if (link.toServer) server.send(frame);
    });
    server.onMessage((frame) => {
      if (link.toPage) ws.send(frame);
    });
  });
  // The routing applies to connections made from now on.
  await page.reload();
  return link;
}

/** Alice, whose live connection runs through a cuttable link, and Bob, in a fresh channel, both connected. */
async function aliceAndBobOnALink(
  fixtures: Pick<Fixtures, 'freshChannel' | 'newUser' | 'signedInPage'>,
  prefix: string,
) {
  const { group, channel } = await fixtures.freshChannel(prefix);
  const alice = await fixtures.signedInPage(await fixtures.newUser('alice'));
  const bob = await fixtures.signedInPage(await fixtures.newUser('bob'));
  await openChannel(alice, group.name, channel.name);
  const link = await cuttableLink(alice);
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);
  await expect(connectionChip(alice, 'Connected')).toBeVisible();
  return { channel, alice, bob, link };
}

test('a message sent as the network silently dies shows as sending, then not sent with Retry, and is delivered once', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { channel, alice, bob, link } = await aliceAndBobOnALink({ freshChannel, newUser, signedInPage }, 'dropout');

  link.toServer = link.toPage = false;
  const box = composer(alice, channel.name);
  await box.fill('Did this get through?');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const item = message(alice, 'Did this get through?');
  await expect(item.getByText('Sending…')).toBeVisible();

  // No answer: within seconds the socket is taken for dead, and the message says so.
  await expect(connectionChip(alice, 'Disconnected')).toBeVisible({ timeout: 15_000 });
  await expect(item.getByText('Not sent. The connection was lost.')).toBeVisible();
  await box.fill('Next one');
  await expect(sendButton(alice)).toBeDisabled();
  await item.screenshot({ path: testInfo.outputPath('not-sent.png') });

  // The network comes back; the client reconnects by itself, and Retry sends the same message.
  link.toServer = link.toPage = true;
  await expect(connectionChip(alice, 'Connected')).toBeVisible({ timeout: 15_000 });
  await item.getByRole('button', { name: 'Retry' }).click();
  await expect(item.getByText('Not sent. The connection was lost.')).toHaveCount(0);
  await expect(message(bob, 'Did this get through?')).toHaveCount(1);
  await expect(message(alice, 'Did this get through?')).toHaveCount(1);
  await expect(message(alice, 'Did this get through?').getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

test('a message whose confirmation was lost with the network turns out sent after the reconnect, not doubled', async ({
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { channel, alice, bob, link } = await aliceAndBobOnALink({ freshChannel, newUser, signedInPage }, 'halfway');

  // The server gets the message, but nothing it says reaches Alice any more.
  link.toPage = false;
  await composer(alice, channel.name).fill('Half way there');
  await composer(alice, channel.name).press('Enter');
  await expect(message(bob, 'Half way there')).toBeVisible();
  await expect(connectionChip(alice, 'Disconnected')).toBeVisible({ timeout: 15_000 });
  await expect(message(alice, 'Half way there').getByText('Not sent. The connection was lost.')).toBeVisible();

  // Back online, the resumed session replays the message: it is sent, once, with no Retry needed.
  link.toPage = true;
  await expect(connectionChip(alice, 'Connected')).toBeVisible({ timeout: 15_000 });
  await expect(message(alice, 'Half way there').getByText(/Not sent|Sending/)).toHaveCount(0);
  await expect(message(alice, 'Half way there')).toHaveCount(1);
  await expect(message(bob, 'Half way there')).toHaveCount(1);
});

test('Arabic and Hebrew lines up on the right: in the list, the composer and the editor', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('rtl');
  const page = await signedInPage(await newUser('reader'));
  await openChannel(page, group.name, channel.name);
  const box = composer(page, channel.name);
  const direction = (el: Element) => getComputedStyle(el).direction;

  await box.fill('مرحبا بالجميع');
  expect(await box.evaluate(direction)).toBe('rtl');
  await box.press('Enter');
  await expect(message(page, 'مرحبا بالجميع')).toBeVisible();
  await send(page, channel.name, 'שלום לכולם');
  await send(page, channel.name, 'Hello everyone');

  /** Room left of and right of a message's text, inside its text block. */
  const margins = async (text: string) => {
    const words = message(page, text).locator('bdi').filter({ hasText: text });
    const [inner, outer] = [(await words.boundingBox())!, (await words.locator('xpath=..').boundingBox())!];
    return { left: inner.x - outer.x, right: outer.x + outer.width - (inner.x + inner.width) };
  };
  for (const text of ['مرحبا بالجميع', 'שלום לכולם']) {
    const { left, right } = await margins(text);
    expect(right).toBeLessThan(2);
    expect(left).toBeGreaterThan(100);
  }
  expect((await margins('Hello everyone')).left).toBeLessThan(2);
  await page.getByRole('region', { name: 'Messages' }).screenshot({ path: testInfo.outputPath('rtl-messages.png') });

  await messageAction(page, 'שלום לכולם', 'Edit');
  const editor = page.getByRole('textbox', { name: 'Edit message' });
  expect(await editor.evaluate(direction)).toBe('rtl');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
});

test('a keyboard user crosses the message list in one Tab, moves with the arrows and opens actions with Enter', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('keys');
  const page = await signedInPage(await newUser('typist'));
  await openChannel(page, group.name, channel.name);
  await send(page, channel.name, 'First line of the day');
  await send(page, channel.name, 'Second thought');
  await send(page, channel.name, 'Third and last');
  const menu = page.getByRole('menu', { name: 'Message actions' });

  // From the header's last control, the search box: one Tab lands on the newest message, the next on
  // the composer (its attach button, then its text box).
  await page.getByRole('combobox', { name: 'Search' }).focus();
  await page.keyboard.press('Tab');
  await expect(message(page, 'Third and last')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Attach files' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(composer(page, channel.name)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(message(page, 'Third and last')).toBeFocused();

  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(message(page, 'First line of the day')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(message(page, 'Second thought')).toBeFocused();
  await page.getByRole('region', { name: 'Messages' }).screenshot({ path: testInfo.outputPath('keyboard-focus.png') });

  // Enter opens the message's actions; Edit opens the editor.
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await menu.getByRole('menuitem', { name: 'Edit' }).focus();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('textbox', { name: 'Edit message' });
  await expect(editor).toBeFocused();

  // An empty edit cannot be saved, and says why; Escape leaves the message as it was.
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Control+Enter');
  const why = page.getByText('Message content cannot be empty. Press Escape to keep the message as it was.');
  await expect(why).toBeVisible();
  await expect(editor).toBeVisible();
  await page.getByRole('main').screenshot({ path: testInfo.outputPath('empty-edit.png') });
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(message(page, 'Second thought')).toBeFocused();

  // The Menu key opens the same actions; after Escape the arrows still move on.
  await page.keyboard.press('Shift+F10');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  // Focus comes back to the message a moment after the menu goes (a person waits for it too).
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('article')?.textContent ?? ''))
    .toContain('Second thought');
  await page.keyboard.press('ArrowUp');
  await expect(message(page, 'First line of the day')).toBeFocused();
});
