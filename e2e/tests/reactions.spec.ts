import { expect, test } from '../support/fixtures.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { message, openChannel, send } from '../support/chat.js';
import type { Locator, Page } from '@playwright/test';

const chip = (item: Locator, emoji: string): Locator =>
  item.getByRole('button', { name: new RegExp(`^${emoji}`, 'u') });
const reactionBar = (item: Locator): Locator => item.getByRole('group', { name: 'Reactions' });
const picker = (page: Page): Locator => page.getByRole('dialog', { name: 'Add Reaction' });

test('two people react to a message and see each other’s reactions live', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('reacts');
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  const alice = await signedInPage(aliceAccount);
  const bob = await signedInPage(bobAccount);
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);
  await send(alice, channel.name, 'Who is up for lunch?');

  // Bob reacts through the picker, finding the emoji by its name.
  const bobsView = message(bob, 'Who is up for lunch?');
  await bobsView.hover();
  await bobsView.getByRole('button', { name: 'Add Reaction' }).click();
  const search = picker(bob).getByRole('searchbox', { name: 'Search emojis' });
  await expect(search).toBeFocused();
  await expect(picker(bob).getByRole('button', { name: 'grinning face', exact: true })).toBeVisible();
  await bob.screenshot({ path: testInfo.outputPath('picker-open.png') });
  await search.fill('thumbs up');
  await expect(picker(bob).getByRole('heading', { name: 'Search results' })).toBeVisible();
  await picker(bob).getByRole('button', { name: 'thumbs up', exact: true }).click();
  await expect(picker(bob)).toBeHidden();
  await expect(chip(bobsView, '👍')).toHaveText('👍1');
  await expect(chip(bobsView, '👍')).toHaveAttribute('aria-pressed', 'true');

  // Alice sees it arrive live, then adds hers with a click on the same chip.
  const alicesView = message(alice, 'Who is up for lunch?');
  await expect(chip(alicesView, '👍')).toHaveText('👍1');
  await expect(chip(alicesView, '👍')).toHaveAttribute('aria-pressed', 'false');
  await chip(alicesView, '👍').click();
  await expect(chip(alicesView, '👍')).toHaveText('👍2');
  await expect(chip(alicesView, '👍')).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(bobsView, '👍')).toHaveText('👍2');

  // Hovering the chip names both.
  await chip(bobsView, '👍').hover();
  await expect(bob.getByRole('tooltip')).toHaveText(
    `${bobAccount.username} and ${aliceAccount.username} reacted with 👍`,
  );
  await bob.screenshot({ path: testInfo.outputPath('message-with-reactions.png') });

  // The history carries them: after a reload, Alice's view is the same.
  await alice.reload();
  await openChannel(alice, group.name, channel.name);
  await expect(chip(alicesView, '👍')).toHaveText('👍2');
  await expect(chip(alicesView, '👍')).toHaveAttribute('aria-pressed', 'true');

  // Each takes theirs back; when none is left the bar goes, on both sides.
  await chip(alicesView, '👍').click();
  await expect(chip(alicesView, '👍')).toHaveText('👍1');
  await expect(chip(bobsView, '👍')).toHaveText('👍1');
  await chip(bobsView, '👍').click();
  await expect(reactionBar(bobsView)).toHaveCount(0);
  await expect(reactionBar(alicesView)).toHaveCount(0);
});

test('the picker is reachable from the keyboard', async ({ freshChannel, newUser, signedInPage }) => {
  const { group, channel } = await freshChannel('reactkeys');
  const alice = await signedInPage(await newUser('alice'));
  await openChannel(alice, group.name, channel.name);
  await send(alice, channel.name, 'Keyboards are great');

  // The message list's tab stop is a message; Enter opens its actions.
  const item = message(alice, 'Keyboards are great');
  await item.focus();
  await alice.keyboard.press('Enter');
  await alice.getByRole('menuitem', { name: 'Add Reaction' }).press('Enter');
  await expect(picker(alice).getByRole('searchbox', { name: 'Search emojis' })).toBeFocused();
  await expect(picker(alice).getByRole('button', { name: 'grinning face', exact: true })).toBeVisible();
  await expectNoAxeViolations(alice, 'the emoji picker');
  await alice.keyboard.type('party popper');
  await alice.keyboard.press('ArrowDown');
  await expect(picker(alice).getByRole('button', { name: 'party popper' })).toBeFocused();
  await alice.keyboard.press('Enter');
  await expect(picker(alice)).toBeHidden();
  await expect(chip(item, '🎉')).toHaveText('🎉1');
  await expectNoAxeViolations(alice, 'a message with a reaction');

  // Escape closes the picker without adding anything.
  await item.focus();
  await alice.keyboard.press('Enter');
  await alice.getByRole('menuitem', { name: 'Add Reaction' }).press('Enter');
  await expect(picker(alice)).toBeVisible();
  await alice.keyboard.press('Escape');
  await expect(picker(alice)).toBeHidden();
  // One chip (named with its count), beside the '+' that adds another.
  await expect(reactionBar(item).getByRole('button', { name: /\d$/ })).toHaveCount(1);
});

test('on a phone the picker is centred, 340 px wide, with four columns', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('reactphone');
  const phone = await signedInPage(await newUser('phone'), { viewport: { width: 390, height: 844 }, touch: true });
  await phone.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('button', { name: 'Groups' }).click();
  await openChannel(phone, group.name, channel.name);
  await send(phone, channel.name, 'Thumbs on glass');

  // A touch screen shows a message's actions on a tap (there is no hover).
  const item = message(phone, 'Thumbs on glass');
  await item.getByText('Thumbs on glass').tap();
  await item.getByRole('button', { name: 'Add Reaction' }).tap();
  const dialog = picker(phone);
  await expect(dialog.getByRole('button', { name: 'grinning face', exact: true })).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.width).toBe(340);
  expect(Math.abs(box.x + box.width / 2 - 195)).toBeLessThanOrEqual(1);
  expect(Math.abs(box.y + box.height / 2 - 422)).toBeLessThanOrEqual(1);
  const first = (await dialog.getByRole('button', { name: 'grinning face', exact: true }).boundingBox())!;
  const fifth = (await dialog.getByRole('button', { name: 'grinning squinting face', exact: true }).boundingBox())!;
  // The fifth emoji starts the second row.
  expect(fifth.x).toBe(first.x);
  await phone.screenshot({ path: testInfo.outputPath('picker-phone.png') });
  await dialog.getByRole('button', { name: 'grinning face', exact: true }).click();
  await expect(chip(item, '😀')).toHaveText('😀1');
});
