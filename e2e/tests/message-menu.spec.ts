import { expect, test } from '../support/fixtures.js';
import { channelSidebar, message, openChannel, send } from '../support/chat.js';

test('the message menu copies text and id, and Mark Unread makes the channel unread until it is left', async ({
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('menu');
  const alice = await signedInPage(await newUser('alice'));
  const bobAccount = await newUser('bob');
  const bob = await signedInPage(bobAccount);
  await bob.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);
  await send(alice, channel.name, 'First thing to read');
  await send(alice, channel.name, 'Second thing to read');
  await expect(message(bob, 'Second thing to read')).toBeVisible();

  const pick = async (text: string, item: string) => {
    await message(bob, text).click({ button: 'right' });
    await bob.getByRole('menuitem', { name: item, exact: true }).click();
  };
  await pick('First thing to read', 'Copy Text');
  await expect(bob.getByText('Text copied')).toBeVisible();
  expect(await bob.evaluate(() => navigator.clipboard.readText())).toBe('First thing to read');
  await pick('First thing to read', 'Copy Message ID');
  await expect(bob.getByText('Message ID copied')).toBeVisible();
  expect(await bob.evaluate(() => navigator.clipboard.readText())).toMatch(/^\d+$/);

  // The channel is read (bob is looking at it); Mark Unread on the first message makes it unread.
  // The open channel shows no pill; its row says whether it is unread.
  const channelButton = channelSidebar(bob).getByRole('button', { name: channel.name, exact: true });
  await expect(channelButton).not.toHaveAccessibleDescription(/Unread/);
  await pick('First thing to read', 'Mark Unread');
  await expect(channelButton).toHaveAccessibleDescription('Unread messages');
  // Staying in the channel does not read it again on its own, not even when a new message arrives
  // at the bottom Bob is looking at. This checks that something does not happen, so it has to let
  // the marking window (200 ms after a new message at the bottom) pass: no mark-read request is sent.
  const marked = bob
    .waitForRequest((request) => request.url().includes('/mark-read'), { timeout: 2_000 })
    .then(
      () => 'marked read',
      () => 'left unread',
    );
  await send(alice, channel.name, 'Third thing arrives');
  await expect(message(bob, 'Third thing arrives')).toBeVisible();
  expect(await marked).toBe('left unread');
  await expect(channelButton).toHaveAccessibleDescription('Unread messages');
  // Leaving and coming back reads it, as opening a channel does.
  await channelSidebar(bob).getByRole('button', { name: 'general', exact: true }).click();
  await channelButton.click();
  await expect(channelButton).not.toHaveAccessibleDescription(/Unread/);
});

test('the message menu opens from the keyboard and stays inside the window', async ({
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('menu-keys');
  const page = await signedInPage(await newUser('carol'));
  await openChannel(page, group.name, channel.name);
  await send(page, channel.name, 'Open my menu');
  const item = message(page, 'Open my menu');
  const menu = page.getByRole('menu', { name: 'Message actions' });

  // Shift+F10 and the Menu key on the focused message open the same menu a right-click does.
  await item.focus();
  await page.keyboard.press('Shift+F10');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Edit',
    'Reply',
    'Delete',
    'Copy Text',
    'Copy Message ID',
    'Add Reaction',
    'Mark Unread',
    'View Profile',
  ]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await item.focus();
  await page.keyboard.press('ContextMenu');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');

  // Right-clicked at the bottom right corner of the newest message, the menu still fits the window.
  const box = await item.boundingBox();
  if (!box) throw new Error('the message has no box');
  await page.mouse.click(box.x + box.width - 4, box.y + box.height - 4, { button: 'right' });
  await expect(menu).toBeVisible();
  const shown = await menu.boundingBox();
  const view = page.viewportSize();
  if (!shown || !view) throw new Error('no menu box or viewport');
  expect(shown.x).toBeGreaterThanOrEqual(0);
  expect(shown.y).toBeGreaterThanOrEqual(0);
  expect(shown.x + shown.width).toBeLessThanOrEqual(view.width);
  expect(shown.y + shown.height).toBeLessThanOrEqual(view.height);
});
