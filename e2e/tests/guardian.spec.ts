import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { composer, message, openChannel } from '../support/chat.js';

/** Types a command into the composer and presses Enter, as a person does. */
async function run(page: Page, channelName: string, command: string): Promise<void> {
  const box = composer(page, channelName);
  await box.fill(command);
  // Typing closes nothing by itself: the suggestions may be open; Escape leaves the text as typed.
  if (await page.getByRole('listbox', { name: 'Commands' }).isVisible()) await box.press('Escape');
  await box.press('Enter');
}

test('an admin announces through Guardian and a member gets a hug; both show as Guardian with the SYSTEM badge', async ({
  admin,
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('guard');
  const adminPage = await signedInPage(admin);
  const bobAccount = await newUser('bob');
  const bob = await signedInPage(bobAccount);
  await openChannel(adminPage, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);

  // The suggestions show both subcommands to the admin; Tab completes the highlighted one.
  const box = composer(adminPage, channel.name);
  await box.fill('/gu');
  const suggestions = adminPage.getByRole('listbox', { name: 'Commands' });
  await expect(suggestions.getByRole('option')).toHaveText([/\/guardian announce/, /\/guardian hugme/]);
  await box.press('Tab');
  await expect(box).toHaveValue('/guardian announce ');
  await box.pressSequentially(`#${channel.name} The server restarts at noon`);
  await box.press('Enter');
  await expect(adminPage.getByText('Guardian announcement sent')).toBeVisible();
  await expect(box).toHaveValue('');

  const announcement = message(bob, 'The server restarts at noon');
  await expect(announcement).toBeVisible();
  await expect(announcement.getByText('Guardian', { exact: true })).toBeVisible();
  await expect(announcement.getByText('SYSTEM', { exact: true })).toBeVisible();
  await bob.screenshot({ path: testInfo.outputPath('announcement.png') });

  // Bob does not see announce among the suggestions, but can ask for a hug.
  const bobsBox = composer(bob, channel.name);
  await bobsBox.fill('/guardian ');
  await expect(bob.getByRole('listbox', { name: 'Commands' }).getByRole('option')).toHaveText([/\/guardian hugme/]);
  await bobsBox.press('Enter');
  await expect(bobsBox).toHaveValue('/guardian hugme ');
  await bobsBox.press('Enter');
  await expect(bob.getByText('Guardian hug sent')).toBeVisible();
  const hug = message(adminPage, 'a big, warm hug');
  await expect(hug).toBeVisible();
  // Right after Guardian's announcement, the hug joins its group: same author, no second header.
  await expect(hug).toHaveAttribute('aria-label', /^Guardian, /);
  await expect(hug).toContainText(`gives ${bobAccount.username} a big, warm hug`);
});

test('refusals and mistakes: a member cannot announce, and bad commands say what is wrong', async ({
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('nocmd');
  const bob = await signedInPage(await newUser('bob'));
  await openChannel(bob, group.name, channel.name);

  await run(bob, channel.name, '/guardian announce I am in charge now');
  await expect(bob.getByText('You do not have permission to run this command')).toBeVisible();
  // The text stays, to be fixed; nothing was posted.
  await expect(composer(bob, channel.name)).toHaveValue('/guardian announce I am in charge now');
  await expect(message(bob, 'I am in charge now')).toHaveCount(0);

  await run(bob, channel.name, '/guardian');
  await expect(bob.getByText('Command requires subcommand')).toBeVisible();
  await expect(bob.getByText('Command Error').first()).toBeVisible();
  await run(bob, channel.name, '/guardian dance');
  await expect(bob.getByText('Unknown guardian command: dance')).toBeVisible();
  await run(bob, channel.name, '/shrug');
  await expect(bob.getByText('Unsupported command: /shrug')).toBeVisible();
});
