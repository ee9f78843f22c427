import type { Page } from '@playwright/test';
import { expect, logIn, test } from '../support/fixtures.js';
import { channelSidebar, groupRail, openChannel } from '../support/chat.js';
import { voiceChannelButton } from '../support/voice.js';

async function openSettingsTab(page: Page, tab: string) {
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: tab }).click();
  return settings;
}

async function signOut(page: Page) {
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
}

const v2Warning = (page: Page) => page.getByRole('dialog', { name: 'Experimental: API V2' });

test('API v1 compatibility chosen on the login screen hides the v2 features; v2 brings them back with its warning once', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const lounge = await api.newVoiceChannel(admin, uniqueName('lounge').toLowerCase());
  const user = await newUser('apiv');
  const page = await signedInPage(user);
  await openChannel(page, 'Hearth', 'general');
  await expect(voiceChannelButton(page, lounge.name)).toBeVisible();

  await test.step('About: Developer Options, then API Options with its warning', async () => {
    const settings = await openSettingsTab(page, 'About');
    await expect(settings.getByText('API Options', { exact: true })).toHaveCount(0);
    await settings.getByRole('switch', { name: 'Developer Options' }).click();
    await settings.getByRole('switch', { name: 'Show API version selector on the login screen' }).click();
    const warning = page.getByRole('alertdialog', { name: 'Show API Version Selector?' });
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Enable' }).click();
    await expect(settings.getByRole('switch', { name: 'Show API version selector on the login screen' })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(settings).toHaveCount(0);
  });

  await test.step('sign out, choose V1 on the login screen and sign in', async () => {
    await signOut(page);
    const selector = page.getByLabel('API Version');
    await expect(selector).toHaveValue('v2');
    await selector.selectOption('v1');
    await logIn(page, user);
    await expect(v2Warning(page)).toHaveCount(0);
    await openChannel(page, 'Hearth', 'general');
  });

  await test.step('v1: voice channels hidden, Privacy & Safety and Devices say V2 API Required', async () => {
    await expect(channelSidebar(page).getByRole('heading', { name: 'Text Channels' })).toBeVisible();
    await expect(voiceChannelButton(page, lounge.name)).toHaveCount(0);
    const settings = await openSettingsTab(page, 'Privacy & Safety');
    await expect(settings.getByRole('heading', { name: 'V2 API Required' })).toBeVisible();
    await expect(settings.getByText(/Privacy & Safety settings are not available on API V1/)).toBeVisible();
    await expect(settings.getByRole('switch', { name: 'Hide Profile To Strangers' })).toHaveCount(0);
    await settings
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('button', { name: 'Devices' })
      .click();
    await expect(settings.getByRole('heading', { name: 'V2 API Required' })).toBeVisible();
    await expect(settings.getByText(/Device listing is not available on API V1/)).toBeVisible();
    await expect(settings.getByRole('button', { name: 'Revoke All Other Devices' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  await test.step('back to V2: the V2 warning shows once, and the features are back', async () => {
    await signOut(page);
    await page.getByLabel('API Version').selectOption('v2');
    // The warning is modal: the shell behind it is hidden from assistive technology until it closes.
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(v2Warning(page)).toBeVisible();
    await v2Warning(page).getByRole('button', { name: 'I Understand' }).click();
    await expect(v2Warning(page)).toHaveCount(0);
    await openChannel(page, 'Hearth', 'general');
    await expect(voiceChannelButton(page, lounge.name)).toBeVisible();
    const settings = await openSettingsTab(page, 'Privacy & Safety');
    await expect(settings.getByRole('switch', { name: 'Hide Profile To Strangers' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Not again in this browser session.
    await signOut(page);
    await expect(page.getByLabel('API Version')).toHaveValue('v2');
    await logIn(page, user);
    await openChannel(page, 'Hearth', 'general');
    await expect(voiceChannelButton(page, lounge.name)).toBeVisible();
    await expect(v2Warning(page)).toHaveCount(0);
  });
});
