import type { Browser, Page } from '@playwright/test';
import { expect, expectSignedIn, logIn, test } from '../support/fixtures.js';
import { PASSWORD } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { awaitMail, codeIn, linkIn, newestMailId, setUnverifiedEmail, setVerifiedEmail } from '../support/mail.js';

// Spec 3 §2's pre-sign-in views: forgot-password → reset-password (a verified address gets a link),
// or → email-verification → reset-password (an unverified one gets a code); reset complete → login.

const NEW_PASSWORD = 'fresh-start-2';
const CHECK_EMAIL = 'If an account matches, a reset link has been sent.';
const RESET_DONE = 'Your password has been reset. You can now log in.';

/** From the login form to "Check your email", as a person who forgot their password goes. */
async function askForReset(page: Page, identifier: string): Promise<void> {
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Username or email').fill(identifier);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: CHECK_EMAIL })).toHaveText(CHECK_EMAIL);
}

/** The reset-password view: the new password twice, then back on the login form, which says so. */
async function chooseNewPassword(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: RESET_DONE })).toHaveText(RESET_DONE);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

async function expectLoginRefused(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
}

/** A browser of its own (nothing stored, signed out), as when a link is opened from a mail app. */
async function freshPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

test('a verified address gets a reset link; the new password signs in, the old one no longer', async ({
  page,
  api,
  admin,
  newUser,
  server,
}) => {
  const account = await newUser('forgetful');
  const email = `${account.username}@example.com`;
  await setVerifiedEmail(api, admin, account, email);
  const before = await newestMailId(api, admin);

  await page.goto('/');
  await askForReset(page, account.username);

  // The mail's link, opened as a person would click it: PUBLIC_URL (here its default,
  // http://localhost:PORT) with the path and token. The page is at 127.0.0.1, the same server.
  const mail = await awaitMail(api, admin, email, 'password_reset', before);
  const link = linkIn(mail);
  expect(link.port).toBe(new URL(server.url).port);
  expect(link.pathname).toBe('/reset-password');
  expect(link.searchParams.get('token')).toMatch(/.{20,}/);

  // Spec 3 §5's texts before anything is sent.
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill('something-else');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('New passwords do not match');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('New password must be at least 6 characters long');

  await chooseNewPassword(page);
  await expectNoAxeViolations(page, 'the login form saying the password was reset');
  await expectLoginRefused(page, account.username, PASSWORD);
  await logIn(page, { username: account.username, password: NEW_PASSWORD });

  // The link worked once: opened again (signed in here, or not) it is refused.
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('another-one-3');
  await page.getByLabel('Confirm new password').fill('another-one-3');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired');
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expectSignedIn(page);
});

test('an unverified address gets a code; its link opens email-verification in a fresh browser, then reset', async ({
  page,
  browser,
  api,
  admin,
  newUser,
  server,
}) => {
  const account = await newUser('unproven');
  const email = `${account.username}@example.com`;
  await setUnverifiedEmail(api, account, email);
  const before = await newestMailId(api, admin);

  // Asked by address this time (the server tells a name from an address by the @).
  await page.goto('/');
  await askForReset(page, email);
  const mail = await awaitMail(api, admin, email, 'password_reset_code', before);
  const code = codeIn(mail);
  const link = linkIn(mail);
  expect(link.pathname).toBe('/email-verification');

  // The mail opened elsewhere: a browser with nothing stored, signed out, at the link's address.
  const elsewhere = await freshPage(browser, server.url);
  try {
    await elsewhere.goto(link.pathname + link.search);
    await expect(elsewhere.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect(elsewhere.getByLabel('Username or email')).toHaveValue(account.username);
    await expect(elsewhere.getByLabel('Verification code')).toHaveValue(code);
    await elsewhere.getByRole('button', { name: 'Verify' }).click();

    // Verification complete leads to reset-password; reset complete to login.
    await expect(elsewhere).toHaveURL(/\/reset-password\?token=/);
    await chooseNewPassword(elsewhere);
    await expectLoginRefused(elsewhere, account.username, PASSWORD);
    await logIn(elsewhere, { username: account.username, password: NEW_PASSWORD });
  } finally {
    await elsewhere.context().close();
  }

  // The code proved the mailbox: the address is verified now, so the next reset mails a link.
  const next = await newestMailId(api, admin);
  await page.goto('/');
  await askForReset(page, account.username);
  expect(linkIn(await awaitMail(api, admin, email, 'password_reset', next)).pathname).toBe('/reset-password');
});

test('forgot-password says exactly the same for a name that does not exist', async ({ page, newUser, uniqueName }) => {
  const account = await newUser('realone');
  const shown = async (identifier: string) => {
    await page.goto('/');
    await askForReset(page, identifier);
    return page.getByRole('main').innerText();
  };
  const forReal = await shown(account.username);
  const forNobody = await shown(uniqueName('nobody'));
  const forNoAddress = await shown(`${uniqueName('nobody')}@example.com`);
  expect(forNobody).toBe(forReal);
  expect(forNoAddress).toBe(forReal);

  // 'Enter a Code' leads to email-verification with the name filled in, for a mail that had a code.
  await page.getByRole('button', { name: 'Enter a Code' }).click();
  await expect(page).toHaveURL(/\/email-verification\?identifier=/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
});

test('axe finds nothing on the pre-sign-in views', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectNoAxeViolations(page, 'the forgot-password view');
  await page.getByLabel('Username or email').fill('someone');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: CHECK_EMAIL })).toHaveText(CHECK_EMAIL);
  await expectNoAxeViolations(page, '"Check your email"');

  await page.goto('/email-verification?identifier=someone&code=12345');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Verification code must be 6 characters');
  await expectNoAxeViolations(page, 'the email-verification view with a refusal');

  await page.goto('/reset-password?token=not-a-token');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all password fields');
  await expectNoAxeViolations(page, 'the reset-password view with a refusal');
});
