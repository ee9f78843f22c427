import type { Page } from '@playwright/test';
import { expect, logIn, test } from '../support/fixtures.js';
import { expectNoAxeViolations } from '../support/axe.js';

/** Spec 3 §8's texts, as the server sends them. */
const suspendedNotice = (reason: string) =>
  `You have been logged out because you were suspended for ${reason}. Please contact the admins if you think this was a mistake`;
const loginSuspended = (reason: string) => `Your account is suspended: ${reason}`;
const TERMINATED = 'Your account has been terminated by an administrator.';

const loginForm = (page: Page) => page.getByRole('form', { name: 'Welcome back' });

/** Waits for the login form and says how long it took from `since`. */
async function loggedOutAfter(page: Page, since: number, timeout: number): Promise<number> {
  await expect(loginForm(page).getByRole('button', { name: 'Log In' })).toBeVisible({ timeout });
  return Date.now() - since;
}

async function tryLogIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('a user suspended while chatting is told why, logged out after 8 s, refused at login, and back after unsuspension', async ({
  admin,
  api,
  chattingUser,
}) => {
  const reason = 'spamming the channel';
  const { account, page } = await chattingUser('suspendee');

  await api.request('POST', `/admin/users/${account.user.id}/suspend`, admin, { reason });
  const overlay = page.getByRole('alertdialog', { name: 'Account Suspended' });
  await expect(overlay).toBeVisible();
  const shownAt = Date.now();
  await expect(overlay).toContainText(suspendedNotice(reason));
  await expect(overlay).toContainText(/You will be logged out in \d seconds?\./);
  await expect(overlay.getByRole('button', { name: 'Log Out Now' })).toBeFocused();
  await expectNoAxeViolations(page, 'the Account Suspended overlay');

  // Signed out 8 s after the event (the overlay showed a moment after it arrived).
  expect(await loggedOutAfter(page, shownAt, 12_000)).toBeGreaterThan(6_000);
  await expect(overlay).toHaveCount(0);
  await expect(loginForm(page).getByRole('alert')).toHaveText(suspendedNotice(reason));

  await tryLogIn(page, account.username, account.password);
  await expect(loginForm(page).getByRole('alert')).toHaveText(loginSuspended(reason));

  await api.request('POST', `/admin/users/${account.user.id}/unsuspend`, admin);
  await logIn(page, account);
});

test('a reload during the countdown shows the Suspended overlay naming the reason for 10 s, then the login form', async ({
  admin,
  api,
  chattingUser,
}) => {
  const reason = 'a reload test';
  // Live, so the suspension reaches this page as an event (the last scenario covers a page that opens after it).
  const { account, page } = await chattingUser('reloader');
  await api.request('POST', `/admin/users/${account.user.id}/suspend`, admin, { reason });
  await expect(page.getByRole('alertdialog', { name: 'Account Suspended' })).toBeVisible();

  await page.reload();
  const overlay = page.getByRole('alertdialog', { name: 'Suspended' });
  await expect(overlay).toBeVisible();
  const shownAt = Date.now();
  await expect(overlay).toContainText(`Reason: ${reason}`);
  await expect(overlay).toContainText('If you believe this is a mistake, please contact an Admin.');
  await expectNoAxeViolations(page, 'the Suspended overlay');

  // The refused requests of the reloaded page do not cut the 10 s short.
  expect(await loggedOutAfter(page, shownAt, 14_000)).toBeGreaterThan(8_000);
  await expect(loginForm(page).getByRole('alert')).toHaveText(suspendedNotice(reason));
});

test('a user an admin deletes sees Account Terminated and is logged out after 5 s', async ({
  admin,
  api,
  chattingUser,
}) => {
  const { account, page } = await chattingUser('terminee');

  await api.request('DELETE', `/admin/users/${account.user.id}`, admin);
  const overlay = page.getByRole('alertdialog', { name: 'Account Terminated' });
  await expect(overlay).toBeVisible();
  const shownAt = Date.now();
  await expect(overlay).toContainText(TERMINATED);

  expect(await loggedOutAfter(page, shownAt, 9_000)).toBeGreaterThan(3_500);
  await expect(loginForm(page).getByRole('alert')).toHaveText(TERMINATED);

  await tryLogIn(page, account.username, account.password);
  await expect(loginForm(page).getByRole('alert')).toHaveText('Invalid username or password');
});

test('a user suspended while Hearth was closed is told why as soon as it opens, then logged out', async ({
  admin,
  api,
  newUser,
  signedInPage,
}) => {
  const reason = 'a closed tab';
  const account = await newUser('absent');
  const first = await signedInPage(account);
  const browser = first.context();
  await first.close(); // the stored session stays in this browser
  await api.request('POST', `/admin/users/${account.user.id}/suspend`, admin, { reason });

  const page = await browser.newPage();
  await page.goto('/');
  const overlay = page.getByRole('alertdialog', { name: 'Account Suspended' });
  await expect(overlay).toBeVisible();
  const shownAt = Date.now();
  await expect(overlay).toContainText(suspendedNotice(reason));
  expect(await loggedOutAfter(page, shownAt, 12_000)).toBeGreaterThan(6_000);
  await expect(loginForm(page).getByRole('alert')).toHaveText(suspendedNotice(reason));
});
