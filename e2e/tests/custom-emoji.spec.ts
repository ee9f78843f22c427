import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { composer, groupRail, message, openChannel, sendButton } from '../support/chat.js';
import { pngFile } from '../support/images.js';

const picker = (page: Page, name = 'Emoji'): Locator => page.getByRole('dialog', { name });

async function uploadEmoji(page: Page, name: string, colour: [number, number, number]): Promise<void> {
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Custom Emojis' }).click();
  await expect(settings.getByRole('heading', { level: 2, name: 'Custom Emojis' })).toBeVisible();
  // The panel's toggle decides where the dialog's Public checkbox starts.
  await settings.getByRole('switch', { name: 'New emojis are public' }).click();
  await settings.getByRole('button', { name: 'Upload Emoji' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Emoji' });
  await dialog.getByLabel(/^Image/).setInputFiles(pngFile('picture.png', 32, 32, colour));
  await dialog.getByRole('textbox', { name: 'Emoji Name' }).fill(name);
  await expect(dialog.getByRole('checkbox', { name: /^Public/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Upload Emoji' }).click();
  await expect(dialog).toBeHidden();
  await expect(settings.getByText(`Uploaded :${name}:`)).toBeVisible();
  await expect(settings.getByRole('img', { name: `:${name}:` })).toBeVisible();
  await settings.getByRole('button', { name: 'Close settings' }).click();
  await expect(settings).toBeHidden();
}

test('an uploaded emoji is picked into a message another person sees as the picture, and reacted with', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('customemoji');
  const alice = await signedInPage(await newUser('alice'));
  const bob = await signedInPage(await newUser('bob'));
  await uploadEmoji(alice, 'Hearth_Wave', [230, 120, 30]);
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);

  // Alice finds it under Own and picks it: the composer gets its shortcode.
  await alice.getByRole('button', { name: 'Emoji', exact: true }).click();
  await picker(alice).getByRole('tab', { name: /^Own/ }).click();
  await expect(picker(alice).getByRole('tab', { name: /^Own/ })).toHaveText('Own 1');
  await picker(alice).getByRole('button', { name: ':Hearth_Wave:' }).click();
  await expect(picker(alice)).toBeHidden();
  const box = composer(alice, channel.name);
  await expect(box).toHaveValue(':hearth_wave: ');
  await box.pressSequentially('hello everyone');
  await expect(sendButton(alice)).toBeEnabled();
  await box.press('Enter');

  // Bob sees the picture, not the text.
  const bobsView = message(bob, 'hello everyone');
  await expect(bobsView.getByRole('img', { name: ':hearth_wave:' })).toBeVisible();
  await expect(bobsView).not.toContainText(':hearth_wave:');
  await bob.screenshot({ path: testInfo.outputPath('custom-emoji-message.png') });

  // Bob reacts with it (it is public): both see its picture on the chip.
  await bobsView.hover();
  await bobsView.getByRole('button', { name: 'Add Reaction' }).click();
  await picker(bob, 'Add Reaction').getByRole('searchbox', { name: 'Search emojis' }).fill('hearth_wave');
  await picker(bob, 'Add Reaction').getByRole('button', { name: ':Hearth_Wave:' }).click();
  await expect(picker(bob, 'Add Reaction')).toBeHidden();
  const bobsChip = bobsView.getByRole('group', { name: 'Reactions' }).getByRole('button', { name: /Hearth_Wave/ });
  await expect(bobsChip.getByRole('img', { name: ':Hearth_Wave:' })).toBeVisible();
  await expect(bobsChip).toHaveAttribute('aria-pressed', 'true');
  const alicesChip = message(alice, 'hello everyone')
    .getByRole('group', { name: 'Reactions' })
    .getByRole('button', { name: /Hearth_Wave/ });
  await expect(alicesChip.getByRole('img', { name: ':Hearth_Wave:' })).toBeVisible();
  await expect(alicesChip).toHaveText('1');
});

test('Shift+click on two emoji writes the whole range between them; Ctrl+E toggles the picker', async ({
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('emojirange');
  const alice = await signedInPage(await newUser('alice'));
  await openChannel(alice, group.name, channel.name);
  const box = composer(alice, channel.name);
  await box.click();
  await alice.keyboard.press('Control+e');
  await expect(picker(alice)).toBeVisible();
  const cell = (name: string) => picker(alice).getByRole('button', { name, exact: true });
  await cell('grinning face').click({ modifiers: ['Shift'] });
  await cell('grinning squinting face').click({ modifiers: ['Shift'] });
  await expect(picker(alice)).toBeVisible();
  await alice.keyboard.press('Control+e');
  await expect(picker(alice)).toBeHidden();
  await expect(box).toHaveValue(':grinning: :smiley: :smile: :grin: :laughing: ');
});
