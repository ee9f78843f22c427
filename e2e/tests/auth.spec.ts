import { expect, expectSignedIn, test } from '../support/fixtures.js';
import { PASSWORD } from '../support/api.js';
import { channelSidebar, composer, connectionChip, groupRail, TEXT } from '../support/chat.js';

test('a new person registers and lands in the default channel', async ({ page, uniqueName, admin, api }) => {
  const username = uniqueName('newbie');
  // The first group's first text channel by name (spec 2 §4): 'general' on a new instance; this
  // worker's server may hold channels other scenarios made, and one of them may sort first.
  const { group } = await api.defaultChannel(admin);
  const landing = (await api.channels(admin, group.id))
    .filter((c) => c.channel_type === 'text')
    .map((c) => c.name)
    .sort((a, b) => a.localeCompare(b))[0]!;
  await page.goto('/');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expectSignedIn(page);

  // Every instance starts with the group 'Hearth' and its text channel 'general': a new account lands there.
  await expect(channelSidebar(page).getByRole('heading', { name: 'Text Channels' })).toBeVisible();
  await expect(channelSidebar(page).getByRole('button', { name: 'general', exact: true })).toBeVisible();
  await expect(page.getByText(`#${landing}`, { exact: true }).first()).toBeVisible();
  await expect(composer(page, landing)).toBeEditable();
  await expect(connectionChip(page, 'Connected')).toBeVisible();
  await expect(groupRail(page).getByRole('button', { name: 'Hearth', exact: true })).toHaveAttribute(
    'aria-current',
    /.+/,
  );

  // A plain user has no Create button and no Admin Panel.
  await expect(groupRail(page).getByRole('button', { name: 'Create', exact: true })).toHaveCount(0);
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);

  // Logging out returns to the login form; logging in again works.
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expectSignedIn(page);
});

test('an empty channel says so', async ({ freshChannel, signedInPage, newUser }) => {
  const { channel } = await freshChannel('quiet');
  const page = await signedInPage(await newUser('reader'));
  await groupRail(page).getByRole('button', { name: 'Hearth', exact: true }).click();
  await channelSidebar(page).getByRole('button', { name: channel.name, exact: true }).click();
  await expect(page.getByText(TEXT.empty)).toBeVisible();
});

test('the theme can be switched to light and back, and is remembered', async ({ signedInPage, newUser }) => {
  const page = await signedInPage(await newUser('themer'));
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Appearance' }).click();
  await page.getByRole('radio', { name: 'Light' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // The reload keeps the settings screen open on its tab (its address is /settings/appearance).
  await expect(page.getByRole('heading', { level: 2, name: 'Appearance' })).toBeVisible();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});
