import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { composer, message, openChannel, send } from '../support/chat.js';

const picker = (page: Page): Locator => page.getByRole('dialog', { name: 'Add Reaction' });
const reactionBar = (item: Locator): Locator => item.getByRole('group', { name: 'Reactions' });
const chip = (item: Locator, emoji: string): Locator =>
  reactionBar(item).getByRole('button', { name: new RegExp(`^${emoji}`, 'u') });

test('a heading and a list arrive formatted; ArrowUp edits the last message; ‘+’ adds another reaction', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('mdlists');
  const alice = await signedInPage(await newUser('alice'));
  const bob = await signedInPage(await newUser('bob'));
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);

  // Alice types a heading and a list line by line, Shift+Enter between the lines.
  const box = composer(alice, channel.name);
  await box.click();
  for (const [i, line] of ['# Trip plan', '- pack the **tent**', '  - and the poles', '- leave at 8'].entries()) {
    if (i > 0) await box.press('Shift+Enter');
    await box.pressSequentially(line);
  }
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await box.pressSequentially('3. wake up');
  await box.press('Shift+Enter');
  await box.pressSequentially('4. drive');
  await box.press('Enter');

  // Bob sees a heading and a list with a nested list, without the markers.
  const plan = message(bob, 'Trip plan');
  await expect(plan.getByRole('heading', { name: 'Trip plan' })).toBeVisible();
  const list = plan.getByRole('list').first();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('list').getByRole('listitem')).toHaveText('and the poles');
  await expect(list.getByRole('strong')).toHaveText('tent');
  await expect(plan.getByText('# Trip plan')).toHaveCount(0);
  await expect(plan.getByText('- leave at 8')).toHaveCount(0);
  const steps = message(bob, 'wake up').getByRole('list');
  await expect(steps).toHaveAttribute('start', '3');
  await expect(steps.getByRole('listitem')).toHaveText(['wake up', 'drive']);
  await bob.screenshot({ path: testInfo.outputPath('heading-and-lists.png') });
  await expectNoAxeViolations(bob, 'messages with a heading and lists');

  // Alice sends a typo, then, with the composer empty, ArrowUp opens her last message's editor.
  await send(alice, channel.name, 'Meet at the statoin');
  await expect(box).toBeFocused();
  await box.press('ArrowUp');
  const editor = alice.getByRole('textbox', { name: 'Edit message' });
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue('Meet at the statoin');
  await editor.fill('Meet at the station');
  await editor.press('Control+Enter');
  await expect(editor).toHaveCount(0);
  // Back in the composer, ready for the next message; Bob sees the fix.
  await expect(box).toBeFocused();
  const note = message(bob, 'Meet at the station');
  await expect(note).toContainText('(edited)');
  await expect(message(bob, 'statoin')).toHaveCount(0);

  // Bob reacts through the message's Add Reaction; then '+' after the chip adds a second one.
  await note.hover();
  await note.getByRole('button', { name: 'Add Reaction' }).click();
  await picker(bob).getByRole('searchbox', { name: 'Search emojis' }).fill('thumbs up');
  await picker(bob).getByRole('button', { name: 'thumbs up', exact: true }).click();
  await expect(picker(bob)).toBeHidden();
  await expect(chip(note, '👍')).toHaveText('👍1');

  // The '+' is the next tab stop after the chip, and opens the same picker from the keyboard.
  const plus = reactionBar(note).getByRole('button', { name: 'Add Reaction' });
  await chip(note, '👍').focus();
  await bob.keyboard.press('Tab');
  await expect(plus).toBeFocused();
  await bob.screenshot({ path: testInfo.outputPath('add-reaction-plus.png') });
  await bob.keyboard.press('Enter');
  await expect(picker(bob).getByRole('searchbox', { name: 'Search emojis' })).toBeFocused();
  await bob.keyboard.type('party popper');
  await bob.keyboard.press('ArrowDown');
  await expect(picker(bob).getByRole('button', { name: 'party popper' })).toBeFocused();
  await bob.keyboard.press('Enter');
  await expect(picker(bob)).toBeHidden();
  await expect(chip(note, '🎉')).toHaveText('🎉1');
  await expect(plus).toBeFocused();

  // Alice sees both reactions live, with a '+' of her own after them.
  const alicesNote = message(alice, 'Meet at the station');
  await expect(chip(alicesNote, '👍')).toHaveText('👍1');
  await expect(chip(alicesNote, '🎉')).toHaveText('🎉1');
  await expect(reactionBar(alicesNote).getByRole('button', { name: 'Add Reaction' })).toBeVisible();
  await expectNoAxeViolations(bob, 'a message with reactions and its ‘+’');
});
