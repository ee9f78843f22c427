import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { groupRail } from '../support/chat.js';

const REVOKED = 'Your device access has been revoked. Please log in again.';

/** Settings → Devices; the Authorized Devices list. */
async function openDevices(page: Page) {
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Devices', exact: true }).click();
  await expect(settings.getByRole('heading', { name: 'Authorized Devices' })).toBeVisible();
  return { settings, list: settings.getByRole('list', { name: 'Authorized devices' }) };
}

/** The browser says its device was revoked and is back at the login form, which says why. */
async function expectRevoked(page: Page) {
  await expect(page.getByRole('alert', { name: 'Device Access Revoked' })).toBeVisible({ timeout: 5_000 });
  const login = page.getByRole('form', { name: 'Welcome back' });
  await expect(login.getByRole('button', { name: 'Log In' })).toBeVisible({ timeout: 5_000 });
  await expect(login.getByRole('alert')).toHaveText(REVOKED);
}

/** The tokens a browser holds now. */
const tokensOf = (page: Page) =>
  page.evaluate(() => ({
    access: localStorage.getItem('access_token')!,
    refresh: localStorage.getItem('refresh_token')!,
  }));

test('a user revokes another browser of theirs, then all the others, and each is signed out at once', async ({
  api,
  baseURL,
  newUser,
  signedInPage,
}) => {
  const account = await newUser('devices');
  // The scenario's set-up signed in through the API; only browsers are listed from here on.
  await api.request('POST', '/auth/logout', account, {});
  const first = await signedInPage(account);
  const second = await signedInPage(account);
  const secondTokens = await tokensOf(second);

  // Two devices; this browser's is marked and first, and has no Revoke button.
  const { settings, list } = await openDevices(first);
  const devices = list.getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.first()).toContainText('Current Device');
  await expect(list.getByText('Current Device')).toHaveCount(1);
  await expect(devices.first().getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  await expect(settings.getByRole('button', { name: 'Revoke All Other Devices' })).toBeVisible();

  // Revoke the other one: pending here, signed out there within seconds.
  await devices.nth(1).getByRole('button', { name: 'Revoke' }).click();
  await expect(devices.nth(1)).toContainText('Revocation Pending');
  await expect(devices.nth(1).getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  await expectRevoked(second);

  // Its old tokens are refused, not only its refresh token.
  const me = await fetch(`${baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${secondTokens.access}` } });
  expect(me.status).toBe(401);
  const refresh = await fetch(`${baseURL}/api/auth/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: secondTokens.refresh }),
  });
  expect(refresh.status).toBe(401);

  // A third browser signs in; the list, opened again, shows it.
  const third = await signedInPage(account);
  await settings.getByRole('button', { name: 'Profile', exact: true }).click();
  await settings.getByRole('button', { name: 'Devices', exact: true }).click();
  await expect(devices).toHaveCount(3);
  await expect(devices.first()).toContainText('Current Device');

  // Revoke All Other Devices: the third browser is signed out too, and only this device is left.
  await settings.getByRole('button', { name: 'Revoke All Other Devices' }).click();
  await first.getByRole('button', { name: 'Revoke All', exact: true }).click();
  await expectRevoked(third);
  await expect(devices).toHaveCount(1);
  await expect(devices.first()).toContainText('Current Device');
  await expect(settings.getByRole('button', { name: 'Revoke All Other Devices' })).toHaveCount(0);

  // This browser is still signed in, after a reload too.
  await first.reload();
  await expect(list.getByRole('listitem')).toHaveCount(1);
});
