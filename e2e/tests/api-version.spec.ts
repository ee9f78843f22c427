import type { Page } from '@playwright/test';
import { expect, logIn, test } from '../support/fixtures.js';
import { channelSidebar, groupRail, message, openChannel, sendButton } from '../support/chat.js';
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
const callButton = (page: Page) => page.getByRole('button', { name: 'Start voice call' });
const callBox = (page: Page) => page.getByRole('dialog', { name: 'Voice call' });

async function sendDm(page: Page, username: string, text: string) {
  const box = page.getByPlaceholder(`Message @${username}`);
  await box.fill(text);
  await expect(sendButton(page)).toBeEnabled();
  await box.press('Enter');
  await expect(message(page, text)).toBeVisible();
}

/** Opens Create Channel from the sidebar of the group on screen. */
async function openCreateChannel(page: Page) {
  await channelSidebar(page).getByRole('button', { name: 'Create Channel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Channel' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeVisible();
  return dialog;
}

test('API v1 compatibility chosen on the login screen hides the v2 features; v2 brings them back with its warning once', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const lounge = await api.newVoiceChannel(admin, uniqueName('lounge').toLowerCase());
  // The admin, who is offered Create Channel; a friend of theirs writes and calls from another browser.
  const user = admin;
  const friend = await newUser('apivf');
  await api.befriend(user, friend);
  const friendPage = await signedInPage(friend);
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
    await expect(settings).toHaveCount(0);
  });

  await test.step('v1: Create Channel offers text channels only, a DM offers no call and none rings', async () => {
    const dialog = await openCreateChannel(page);
    await expect(dialog.getByRole('group', { name: 'Channel Type' })).toHaveCount(0);
    await expect(dialog.getByRole('radio', { name: 'Voice' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await page.goto(`/dm/${friend.user.id}`);
    await expect(page.getByRole('heading', { name: friend.username, level: 2 })).toBeVisible();
    await expect(callButton(page)).toHaveCount(0);

    // The friend (on v2) calls: their side rings, this one does not. Their message, sent after the
    // call began, comes through the same live connection, so by the time it shows the call has too.
    await friendPage.goto(`/dm/${user.user.id}`);
    await callButton(friendPage).click();
    await expect(callBox(friendPage).getByText('Calling...')).toBeVisible();
    await sendDm(friendPage, user.username, 'Are you there?');
    await expect(message(page, 'Are you there?')).toBeVisible();
    await expect(callBox(page)).toHaveCount(0);
    await callBox(friendPage).getByRole('button', { name: 'End call' }).click();
    await expect(callBox(friendPage).getByText('Call ended')).toBeVisible();
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
    await expect(settings).toHaveCount(0);

    const dialog = await openCreateChannel(page);
    await expect(dialog.getByRole('group', { name: 'Channel Type' })).toBeVisible();
    await dialog.getByRole('radio', { name: 'Voice' }).check();
    await expect(dialog.getByLabel('Bitrate')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    // A DM offers the call again, and the friend's call rings here.
    await page.goto(`/dm/${friend.user.id}`);
    await expect(callButton(page)).toBeVisible();
    await callButton(friendPage).click();
    await expect(callBox(page).getByText('Incoming call...')).toBeVisible();
    await callBox(page).getByRole('button', { name: 'Decline' }).click();
    await expect(friendPage.getByText('Call declined')).toBeVisible();

    // Not again in this browser session.
    await signOut(page);
    await expect(page.getByLabel('API Version')).toHaveValue('v2');
    await logIn(page, user);
    await openChannel(page, 'Hearth', 'general');
    await expect(voiceChannelButton(page, lounge.name)).toBeVisible();
    await expect(v2Warning(page)).toHaveCount(0);
  });
});
