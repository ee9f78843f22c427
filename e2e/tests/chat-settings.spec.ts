import { expect, test } from '../support/fixtures.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { composer, groupRail, message, openChannel, send, sendButton } from '../support/chat.js';
import type { Locator, Page } from '@playwright/test';

async function openChatSettings(page: Page): Promise<Locator> {
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Chat Settings' }).click();
  await expect(settings.getByRole('heading', { level: 2, name: 'Chat Settings' })).toBeVisible();
  return settings;
}

test('compact mode, no timestamps, no Send button and large text apply to the open chat at once and survive a reload', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('display');
  const user = await newUser('viewer');
  const page = await signedInPage(user);
  await openChannel(page, group.name, channel.name);
  await send(page, channel.name, 'How do my settings look');
  const item = message(page, 'How do my settings look');
  const text = item.getByText('How do my settings look');
  // The spec's defaults: 16 px text, a time beside the name, a Send button, 40 px avatars.
  await expect(text).toHaveCSS('font-size', '16px');
  await expect(item.locator('time')).toBeVisible();
  await expect(sendButton(page)).toBeVisible();
  await expect(item.locator('[role="img"]').first()).toHaveCSS('width', '40px');
  const roomyHeight = (await item.boundingBox())!.height;

  const settings = await openChatSettings(page);
  await expect(settings.getByRole('switch', { name: 'Show Send Button' })).toBeChecked();
  await settings.getByRole('switch', { name: 'Compact Mode' }).click();
  await settings.getByRole('switch', { name: 'Show Timestamps' }).click();
  await settings.getByRole('switch', { name: 'Show Send Button' }).click();
  await settings.getByRole('combobox', { name: 'Font Size' }).selectOption('large');
  await expect(settings.getByRole('switch', { name: 'Compact Mode' })).toBeChecked();
  await expectNoAxeViolations(page, 'the Chat Settings tab');
  await page.screenshot({ path: testInfo.outputPath('chat-settings-tab.png') });

  // The chat behind the settings screen changed already (looked up without roles: the open dialog
  // hides the rest of the page from assistive technology).
  await expect(text).toHaveCSS('font-size', '18px');
  await expect(item.locator('time')).toBeHidden();
  await expect(page.locator('button[aria-label="Send message"]')).toHaveCount(0);
  await expect(item.locator('[role="img"]').first()).toHaveCSS('width', '24px');

  await settings.getByRole('button', { name: 'Close settings' }).click();
  await expect(settings).toBeHidden();
  // (Closing the settings screen draws the chat again: its message is back before it is measured.)
  await expect(item).toBeVisible();
  await expect(sendButton(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Messages' }).locator('time:visible')).toHaveCount(0);
  expect((await item.boundingBox())!.height).toBeLessThan(roomyHeight);
  const path = testInfo.outputPath('chat-compact-large.png');
  await page.screenshot({ path });
  await testInfo.attach('chat-compact-large.png', { path, contentType: 'image/png' });

  // Enter still sends without the button.
  const box = composer(page, channel.name);
  await box.fill('Sent without a button');
  await box.press('Enter');
  await expect(message(page, 'Sent without a button')).toBeVisible();
  await expect(box).toHaveValue('');

  // Stored under the spec's keys, and applied from the first paint after a reload.
  expect(
    await page.evaluate(() =>
      ['chatCompactMode', 'chatShowTimestamps', 'chatShowSendButton', 'chatFontSize'].map((k) =>
        localStorage.getItem(k),
      ),
    ),
  ).toEqual(['true', 'false', 'false', 'large']);
  await page.reload();
  const again = message(page, 'How do my settings look');
  await expect(again).toBeVisible();
  await expect(again.getByText('How do my settings look')).toHaveCSS('font-size', '18px');
  await expect(again.locator('time')).toBeHidden();
  await expect(again.locator('[role="img"]').first()).toHaveCSS('width', '24px');
  await expect(composer(page, channel.name)).toBeVisible();
  await expect(sendButton(page)).toHaveCount(0);

  // And back: the settings screen shows what is stored, and turning them back restores the chat.
  const reopened = await openChatSettings(page);
  await expect(reopened.getByRole('switch', { name: 'Compact Mode' })).toBeChecked();
  await expect(reopened.getByRole('combobox', { name: 'Font Size' })).toHaveValue('large');
  await reopened.getByRole('switch', { name: 'Show Send Button' }).click();
  await reopened.getByRole('switch', { name: 'Show Timestamps' }).click();
  await reopened.getByRole('button', { name: 'Close settings' }).click();
  await expect(sendButton(page)).toBeVisible();
  await expect(again.locator('time')).toBeVisible();
});
