import { expect, test } from '../support/fixtures.js';
import { groupRail, openChannel } from '../support/chat.js';
import { pngBytes } from '../support/images.js';

test('a user edits their profile in Settings, crops and uploads a picture, and others see it', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('profile');
  const account = await newUser('editor');
  const page = await signedInPage(account);
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByText('Manage your account and preferences')).toBeVisible();
  await expect(settings.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();

  // Nickname.
  await settings.getByRole('textbox', { name: 'Preferred Nickname' }).fill('Sunny Editor');
  await settings.getByRole('button', { name: 'Save Nickname' }).click();
  await expect(settings.getByText('Nickname updated successfully!')).toBeVisible();

  // Pronouns from a preset, with the Trans flag's colours.
  await settings.getByRole('combobox', { name: 'Pronouns' }).selectOption('she/her');
  await settings.getByRole('button', { name: 'Trans', exact: true }).click();
  await settings.getByRole('button', { name: 'Save Pronouns' }).click();
  await expect(settings.getByText('Pronouns updated successfully!')).toBeVisible();

  // About Me with its counter.
  const bio = settings.getByRole('textbox', { name: 'About Me' });
  await bio.fill('I like bread.');
  await expect(settings.getByText('13/500')).toBeVisible();
  await settings.getByRole('button', { name: 'Save Bio' }).click();
  await expect(settings.getByText('Bio updated successfully!')).toBeVisible();

  // A picture: chosen, cropped with the arrow keys, uploaded.
  const chooser = page.waitForEvent('filechooser');
  await settings.getByRole('button', { name: 'Upload', exact: true }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBytes(600, 400, [30, 144, 255]) });
  const crop = page.getByRole('dialog', { name: 'Crop Profile Picture' });
  const area = crop.getByRole('group', { name: 'Crop area' });
  await area.focus();
  await area.press('Shift+ArrowRight');
  await area.press('Control+ArrowLeft');
  await page.screenshot({ path: testInfo.outputPath('crop.png') });
  await crop.getByRole('button', { name: 'Apply' }).click();
  await expect(settings.getByText('Profile picture updated successfully!')).toBeVisible();

  // Privacy: saved at once.
  await settings.getByRole('button', { name: 'Privacy & Safety' }).click();
  const blur = settings.getByRole('switch', { name: 'Hide Profile To Strangers' });
  await expect(blur).toHaveAttribute('aria-checked', 'false');
  await blur.click();
  await expect(page.getByText('Privacy settings updated successfully')).toBeVisible();
  await expect(blur).toHaveAttribute('aria-checked', 'true');
  await blur.click();
  await expect(blur).toHaveAttribute('aria-checked', 'false');
  await settings.getByRole('button', { name: 'Notifications' }).click();
  await expect(settings.getByRole('switch', { name: 'Message Notifications' })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('settings.png') });
  // A tab this version does not have (a link from a newer one) says Coming Soon.
  await page.goto('/settings/integrations');
  await expect(settings.getByRole('heading', { level: 2, name: 'Coming Soon' })).toBeVisible();
  await expect(settings.getByText(/^Coming Soon:/)).toBeVisible();
  await settings.getByRole('button', { name: 'Close settings' }).click();
  await expect(settings).toBeHidden();

  // The rail shows the new picture at once.
  const railPicture = groupRail(page).getByRole('img', { name: account.username });
  await expect(railPicture).toHaveAttribute('src', /\/api\/profile-images\/[0-9a-f]{32}\.webp$/);

  // Another user sees it in the member list, with the nickname and pronouns.
  const other = await signedInPage(await newUser('other'));
  await openChannel(other, group.name, channel.name);
  await other.getByRole('button', { name: 'Toggle member list' }).click();
  const row = other.getByRole('complementary', { name: 'Members' }).getByRole('button', { name: /Sunny Editor/ });
  await expect(row).toContainText('she/her');
  await expect(row.getByRole('img', { name: 'Sunny Editor' })).toHaveAttribute('src', /\/api\/profile-images\//);
});
