import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { connectionChip, groupRail, openChannel } from '../support/chat.js';

/** The friends page's parts, as a person finds them. */
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const usernameField = (page: Page) =>
  page.getByRole('region', { name: 'Add Friend' }).getByRole('textbox', { name: 'Username' });

/** Types a username into Add Friend and sends it with the button. */
async function sendRequest(page: Page, username: string): Promise<void> {
  await usernameField(page).fill(username);
  await page.getByRole('button', { name: 'Send Friend Request' }).click();
}

/**
 * Waits until the page's live connection is open (its chip says so in a channel), then goes home:
 * events sent before the connection opens would never reach it.
 */
async function onlineAtHome(page: Page): Promise<void> {
  await openChannel(page, 'Hearth', 'general');
  await expect(connectionChip(page, 'Connected')).toBeVisible();
  await groupRail(page).getByRole('button', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Friends', exact: true })).toHaveAttribute('aria-selected', 'true');
}

test('a request sent by username arrives live, is accepted, and removing the friend empties both lists', async ({
  newUser,
  signedInPage,
}) => {
  const ann = await newUser('ann');
  const ben = await newUser('ben');
  const annPage = await signedInPage(ann);
  const benPage = await signedInPage(ben);
  await onlineAtHome(annPage);
  await onlineAtHome(benPage);
  await expect(annPage.getByRole('heading', { level: 2, name: `Welcome, ${ann.username}` })).toBeVisible();
  await expect(benPage.getByText('No friends yet')).toBeVisible();

  // Send is disabled until there is a username; the name is trimmed.
  await expect(annPage.getByRole('button', { name: 'Send Friend Request' })).toBeDisabled();
  await sendRequest(annPage, `  ${ben.username} `);
  await expect(toasts(annPage).getByRole('status', { name: 'Friend request sent' })).toBeVisible();
  await expect(usernameField(annPage)).toHaveValue('');
  await expect(tab(annPage, 'Pending 1')).toBeVisible();
  await tab(annPage, 'Pending 1').click();
  await expect(annPage.getByRole('region', { name: 'Outgoing — 1' })).toContainText(`@${ben.username}`);
  await expectNoAxeViolations(annPage, 'the friends page with a request');

  // Ben sees it without reloading.
  await expect(tab(benPage, 'Pending 1')).toBeVisible();
  await tab(benPage, 'Pending 1').click();
  const incoming = benPage.getByRole('region', { name: 'Incoming — 1' });
  await expect(incoming).toContainText(`@${ann.username}`);
  await incoming.getByRole('button', { name: `Accept ${ann.username}` }).click();
  await expect(benPage.getByText('No pending requests')).toBeVisible();

  // Both are friends now, on both screens.
  await expect(tab(annPage, 'Pending 0')).toBeVisible();
  await tab(annPage, 'All 1').click();
  await expect(annPage.getByRole('button', { name: `Message ${ben.username}` })).toBeVisible();
  await tab(benPage, 'All 1').click();
  await expect(benPage.getByRole('button', { name: `Message ${ann.username}` })).toBeVisible();

  // Ann removes Ben, after confirming; both lists empty at once.
  await annPage.getByRole('button', { name: `Remove ${ben.username}` }).click();
  const confirm = annPage.getByRole('alertdialog', { name: 'Remove Friend' });
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(confirm).toBeHidden();
  for (const page of [annPage, benPage]) {
    await expect(tab(page, 'All 0')).toBeVisible();
    await expect(page.getByText('No friends yet')).toBeVisible();
  }
});

test('a request to someone who accepts none shows the Not Accepting Friend Requests dialog', async ({
  api,
  newUser,
  signedInPage,
}) => {
  const ann = await newUser('ann');
  const shy = await newUser('shy');
  await api.request('PUT', '/privacy/settings', shy, { friend_request_privacy: 'none' });
  const page = await signedInPage(ann);

  await usernameField(page).fill(shy.username);
  await usernameField(page).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Not Accepting Friend Requests' });
  await expect(dialog).toContainText('This user is not accepting friend requests at the moment.');
  await expectNoAxeViolations(page, 'the Not Accepting Friend Requests dialog');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(tab(page, 'Pending 0')).toBeVisible();
});

test('blocking a friend moves them to Blocked, and Unblock lifts it', async ({ api, newUser, signedInPage }) => {
  const ann = await newUser('ann');
  const ben = await newUser('ben');
  await api.befriend(ann, ben);
  const page = await signedInPage(ann);

  await page.getByRole('button', { name: `Block ${ben.username}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Block User' });
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(tab(page, 'All 0')).toBeVisible();
  await expect(page.getByText('No friends yet')).toBeVisible();

  await tab(page, 'Blocked 1').click();
  await page.getByRole('button', { name: `Unblock ${ben.username}` }).click();
  await expect(page.getByText('No blocked users')).toBeVisible();
  await expect(tab(page, 'Blocked 0')).toBeVisible();
  // Unblocked is not friends again: a new request is possible.
  await sendRequest(page, ben.username);
  await expect(toasts(page).getByRole('status', { name: 'Friend request sent' })).toBeVisible();
});
