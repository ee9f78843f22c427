import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { bottomBar, channelSidebar, composer, groupRail, openChannel, send } from '../support/chat.js';

const PHONE = { width: 390, height: 844 };

/** Waits for opening animations to end, so colours are checked as they end up. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

test('axe finds nothing on the sign-in screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expectNoAxeViolations(page, 'the sign-in screen');
});

test('axe finds nothing in the signed-in shell with a channel open, nor in an open dialog', async ({
  admin,
  api,
  freshChannel,
  signedInPage,
  uniqueName,
}) => {
  // Named to sort after 'general', where new accounts of later tests land (the first channel by name).
  const { group, channel } = await freshChannel('screen');
  // More groups on the rail: each button shows two letters of its name.
  await api.createGroup(admin, uniqueName('Zeta'));
  const page = await signedInPage(admin);
  await openChannel(page, group.name, channel.name);
  await send(page, channel.name, 'Checked by axe');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#${channel.name} in ${group.name}`);
  await expectNoAxeViolations(page, 'the shell with a channel open');

  await groupRail(page).getByRole('button', { name: group.name, exact: true }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await expect(page.getByRole('dialog', { name: 'Rename Group' })).toBeVisible();
  await settled(page);
  await expectNoAxeViolations(page, 'the Rename Group dialog');
  await page.keyboard.press('Escape');

  await groupRail(page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Create' })).toBeVisible();
  await settled(page);
  await expectNoAxeViolations(page, 'the Create dialog');
});

test('axe finds nothing in the phone layout, on the channel list and in a chat', async ({
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('phone');
  const phone = await signedInPage(await newUser('phone'), { viewport: PHONE });
  await expect(bottomBar(phone)).toBeVisible();
  await expectNoAxeViolations(phone, 'the phone home screen');

  await bottomBar(phone).getByRole('button', { name: 'Groups', exact: true }).click();
  await groupRail(phone).getByRole('button', { name: group.name, exact: true }).click();
  await expect(channelSidebar(phone).getByRole('button', { name: channel.name, exact: true })).toBeVisible();
  await settled(phone);
  await expectNoAxeViolations(phone, 'the phone channel list with the rail open');

  await channelSidebar(phone).getByRole('button', { name: channel.name, exact: true }).click();
  await expect(composer(phone, channel.name)).toBeVisible();
  await expectNoAxeViolations(phone, 'a chat on the phone');
});
