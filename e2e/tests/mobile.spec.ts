import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { bottomBar, channelSidebar, composer, groupRail, message, openChannel, send } from '../support/chat.js';

const PHONE = { width: 390, height: 844 };

test('the same chat on a 390×844 phone screen, with the bottom bar', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('pocket');
  const phoneAccount = await newUser('phone');
  const phone = await signedInPage(phoneAccount, { viewport: PHONE });
  const desk = await signedInPage(await newUser('desk'));
  await openChannel(desk, group.name, channel.name);

  const bar = bottomBar(phone);
  await expect(bar).toBeVisible();
  for (const tab of ['Home', 'Groups', 'Profile', 'Settings']) {
    await expect(bar.getByRole('button', { name: tab, exact: true })).toBeVisible();
    await expectIconAboveLabel(bar.getByRole('button', { name: tab, exact: true }), tab);
  }
  await bar.screenshot({ path: testInfo.outputPath('bottom-bar.png') });
  // The rail is hidden until Groups opens it; then the tab reads Close, with its own icon.
  await expect(groupRail(phone)).toBeHidden();
  await bar.getByRole('button', { name: 'Groups', exact: true }).click();
  await expect(bar.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await expectIconAboveLabel(bar.getByRole('button', { name: 'Close', exact: true }), 'Close');
  await bar.screenshot({ path: testInfo.outputPath('bottom-bar-rail-open.png') });
  await groupRail(phone).getByRole('button', { name: group.name, exact: true }).click();
  await channelSidebar(phone).getByRole('button', { name: channel.name, exact: true }).click();
  await expect(composer(phone, channel.name)).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Groups', exact: true })).toBeVisible();

  // The chat fills the narrow screen: nothing sticks out sideways.
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await send(phone, channel.name, 'Typed on a phone');
  await expect(message(desk, 'Typed on a phone')).toBeVisible();
  await send(desk, channel.name, 'Read on a phone');
  await expect(message(phone, 'Read on a phone')).toBeVisible();
  await expect(message(phone, 'Read on a phone')).toBeInViewport();

  // The other tabs lead to their pages and Home back to the start.
  await bar.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(phone.getByRole('heading', { name: 'Settings' })).toBeVisible();
  // The settings screen covers the whole phone screen: it is closed before anything else.
  await phone.getByRole('button', { name: 'Close settings' }).click();
  await bar.getByRole('button', { name: 'Profile', exact: true }).click();
  await expect(phone.getByRole('heading', { name: phoneAccount.username })).toBeVisible();
  await bar.getByRole('button', { name: 'Home', exact: true }).click();
  await expect(composer(phone, channel.name)).toBeHidden();

  // Back in the channel, the conversation is still there.
  await bar.getByRole('button', { name: 'Groups', exact: true }).click();
  await openChannel(phone, group.name, channel.name);
  await expect(message(phone, 'Typed on a phone')).toBeVisible();
});

/** A bottom-bar tab shows an icon, and its label below it. */
async function expectIconAboveLabel(tab: Locator, label: string): Promise<void> {
  const icon = tab.locator('svg');
  await expect(icon).toBeVisible();
  const text = tab.getByText(label, { exact: true });
  const iconBox = (await icon.boundingBox())!;
  const textBox = (await text.boundingBox())!;
  expect(iconBox.height).toBeGreaterThanOrEqual(16);
  expect(iconBox.y + iconBox.height).toBeLessThanOrEqual(textBox.y + 1);
  // Centred over the label.
  expect(Math.abs(iconBox.x + iconBox.width / 2 - (textBox.x + textBox.width / 2))).toBeLessThan(2);
}
