import type { Page } from '@playwright/test';
import { expect, logIn, expectSignedIn, test } from '../support/fixtures.js';
import { PASSWORD, type Account, type Api } from '../support/api.js';
import { groupRail } from '../support/chat.js';
import { pngBytes } from '../support/images.js';

/** Settings → a tab, by its name in the side navigation. */
async function openSettings(page: Page, tab: 'My Account' | 'Privacy & Safety') {
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: tab, exact: true }).click();
  await expect(settings.getByRole('heading', { level: 2, name: tab })).toBeVisible();
  return settings;
}

const loginForm = (page: Page) => page.getByRole('form', { name: 'Welcome back' });

/**
 * Signed out by the tab itself 2 s after it said so, not by a revocation notice; the login form has
 * no error, but says why the user is there and has the name to sign in with filled in.
 */
async function expectLoggedOutQuietly(page: Page, success: string, notice: string, username: string) {
  const said = page.getByText(success);
  await expect(said).toBeVisible();
  const saidAt = Date.now();
  await expect(loginForm(page).getByRole('button', { name: 'Log In' })).toBeVisible({ timeout: 6_000 });
  expect(Date.now() - saidAt).toBeGreaterThan(1_000);
  await expect(page.getByRole('alert', { name: 'Device Access Revoked' })).toHaveCount(0);
  await expect(loginForm(page).getByRole('alert')).toHaveCount(0);
  await expect(loginForm(page).getByRole('status')).toHaveText(notice);
  await expect(loginForm(page).getByLabel('Username')).toHaveValue(username);
  await expect(loginForm(page).getByLabel('Password')).toBeFocused();
}

/** The login form refuses these credentials. */
async function expectLoginRefused(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(loginForm(page).getByRole('alert')).toHaveText('Invalid username or password');
}

/** The code of the newest verification mail to `email`, read from the admin's outbox (no SMTP in tests). */
async function verificationCode(api: Api, admin: Account, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const { mails } = await api.request<{ mails: { to: string; kind: string; summary: string }[] }>(
        'GET',
        '/admin/mail/outbox',
        admin,
      );
      const mail = mails.find((m) => m.to === email && m.kind === 'email_verification');
      code = /code=(\d{6})/.exec(mail?.summary ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

test('a user changes their username and is logged out; the new name logs in, the old one no longer does', async ({
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const account = await newUser('rename');
  const page = await signedInPage(account);
  const settings = await openSettings(page, 'My Account');
  await expect(settings.getByText(`Current username: ${account.username}`)).toBeVisible();
  const input = settings.getByRole('textbox', { name: 'New Username' });

  // The spec's rules are checked before anything is sent.
  await input.fill('ab');
  await settings.getByRole('button', { name: 'Change Username' }).click();
  await expect(settings.getByRole('alert')).toHaveText('Username must be at least 3 characters long');

  const renamed = uniqueName('renamed');
  await input.fill(renamed);
  await settings.getByRole('button', { name: 'Change Username' }).click();
  await expectLoggedOutQuietly(
    page,
    'Username updated successfully! Please log in again.',
    `Your username was changed to ${renamed}. Sign in with it.`,
    renamed,
  );

  await expectLoginRefused(page, account.username, PASSWORD);
  await logIn(page, { username: renamed, password: PASSWORD });
  await expectSignedIn(page);
});

test('a user changes their password and is logged out; only the new password logs in', async ({
  newUser,
  signedInPage,
}) => {
  const account = await newUser('passwd');
  const page = await signedInPage(account);
  const settings = await openSettings(page, 'My Account');
  const form = settings.getByRole('form', { name: 'Change Password' });
  await form.getByLabel('Current Password').fill(PASSWORD);
  await form.getByLabel('New Password', { exact: true }).fill('brand-new-1');
  await form.getByLabel('Confirm New Password').fill('brand-new-2');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByRole('alert')).toHaveText('New passwords do not match');

  await form.getByLabel('Confirm New Password').fill('brand-new-1');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expectLoggedOutQuietly(
    page,
    'Password updated successfully! Please log in again.',
    'Your password was changed. Sign in with your new password.',
    account.username,
  );

  await expectLoginRefused(page, account.username, PASSWORD);
  await logIn(page, { username: account.username, password: 'brand-new-1' });
});

test('a user adds an email address, verifies it with the mailed code, and can then turn on login alerts', async ({
  admin,
  api,
  newUser,
  signedInPage,
}) => {
  const account = await newUser('mailer');
  const email = `${account.username.toLowerCase()}@example.test`;
  const page = await signedInPage(account);

  // No address yet: the alerts cannot be turned on.
  const settings = await openSettings(page, 'Privacy & Safety');
  const alerts = settings.getByRole('switch', { name: 'New Device Login Alerts' });
  await expect(alerts).toBeDisabled();
  await expect(settings.getByText('You need to set an email address before enabling login alerts.')).toBeVisible();

  // Its link leads to the email section of My Account.
  await settings.getByRole('button', { name: 'Add an email address' }).click();
  await expect(settings.getByRole('heading', { level: 2, name: 'My Account' })).toBeVisible();
  const section = settings.getByRole('region', { name: 'Email Address' });
  await expect(section.getByText('No email address is set.', { exact: false })).toBeVisible();
  await section.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await section.getByRole('button', { name: 'Add Email' }).click();
  await expect(section.getByText(`Email updated. A verification code was sent to ${email}.`)).toBeVisible();
  await expect(section.getByText('Not verified')).toBeVisible();

  // The code from the mail (the outbox, as no SMTP server is configured here).
  const code = await verificationCode(api, admin, email);
  await section.getByRole('textbox', { name: 'Verification Code' }).fill(code);
  await section.getByRole('button', { name: 'Verify' }).click();
  await expect(section.getByText('Email verified successfully!')).toBeVisible();
  await expect(section.getByText('Verified', { exact: true })).toBeVisible();
  await expect(section.getByRole('textbox', { name: 'Verification Code' })).toHaveCount(0);

  // Now the switch works, and stays on after a reload.
  await settings.getByRole('button', { name: 'Privacy & Safety', exact: true }).click();
  await expect(alerts).toBeEnabled();
  await alerts.click();
  await expect(alerts).toBeChecked();
  await expect(page.getByText('Privacy settings updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'New Device Login Alerts' })).toBeChecked();
});

test('My Account shows the storage used against the limit, and Recalculate recounts it', async ({
  api,
  baseURL,
  newUser,
  signedInPage,
}) => {
  const account = await newUser('storage');
  // Something stored: a profile picture.
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pngBytes(64, 64, [200, 80, 20]))], { type: 'image/png' }), 'me.png');
  const uploaded = await fetch(`${baseURL}/api/upload/profile-image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.access_token}` },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  const usage = await api.request<{ used_formatted: string; limit_formatted: string; percentage: number }>(
    'GET',
    '/upload/storage-info',
    account,
  );
  expect(usage.used_formatted).not.toBe('0 B');

  const page = await signedInPage(account);
  const settings = await openSettings(page, 'My Account');
  const storage = settings.getByRole('region', { name: 'Storage' });
  await expect(storage.getByText(`${usage.used_formatted} of ${usage.limit_formatted} used`)).toBeVisible();
  const bar = storage.getByRole('progressbar', { name: 'Storage used' });
  await expect(bar).toHaveAttribute('aria-valuenow', String(usage.percentage));
  await expect(bar).toHaveAttribute('data-level', 'normal');

  await storage.getByRole('button', { name: 'Recalculate' }).click();
  await expect(
    storage.getByText(`Storage recalculated! Previous: ${usage.used_formatted}, Current: ${usage.used_formatted}`),
  ).toBeVisible();
});

test('a user deletes their account by typing DELETE; they are signed out and can no longer log in', async ({
  newUser,
  signedInPage,
}) => {
  const account = await newUser('leaver');
  const page = await signedInPage(account);
  const settings = await openSettings(page, 'My Account');
  const section = settings.getByRole('region', { name: 'Delete Account' });

  // Cancelled at the confirm step.
  await section.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByRole('alert')).toHaveText('Account deletion cancelled');

  // Confirmed, then the word typed wrong, then right.
  await section.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  const typed = section.getByRole('textbox', { name: 'Type DELETE to confirm' });
  await typed.fill('delete');
  await section.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(section.getByRole('alert')).toHaveText('You must type "DELETE" exactly to confirm');
  await typed.fill('DELETE');
  await section.getByRole('button', { name: 'Delete My Account' }).click();

  await expect(loginForm(page).getByRole('button', { name: 'Log In' })).toBeVisible({ timeout: 6_000 });
  await expect(loginForm(page).getByRole('alert')).toHaveText('Your account has been deleted');
  await expect(page.getByRole('alert', { name: 'Device Access Revoked' })).toHaveCount(0);
  await expectLoginRefused(page, account.username, PASSWORD);
});
