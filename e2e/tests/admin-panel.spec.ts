import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import type { Account, Api } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { groupRail, message } from '../support/chat.js';
import { pngBytes } from '../support/images.js';

/** Opens the admin panel from the avatar menu, on a tab. */
async function openAdminPanel(page: Page, tab = 'Users'): Promise<Locator> {
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
  const panel = page.getByRole('dialog', { name: 'Admin Panel' });
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await panel.getByRole('tab', { name: tab, exact: true }).click();
  await expect(panel.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
  return panel;
}

/** A counter's value (the counters are term and value pairs). */
const counter = (panel: Locator, label: string) =>
  panel
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** The user's row of the Users table, found through the search box. */
async function userRow(panel: Locator, username: string): Promise<Locator> {
  await panel.getByRole('searchbox', { name: 'Search users' }).fill(username);
  await expect(panel.getByRole('status').filter({ hasText: /^1 of \d+$/ })).toBeVisible();
  return panel.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(`\\b${username}\\b`) });
}

test('a Guardian announcement from the panel reaches two users: a popup and a Guardian message', async ({
  admin,
  newUser,
  signedInPage,
}) => {
  // Three people signed in and three axe passes: over a minute on a busy machine.
  test.slow();
  const [aliceAccount, bobAccount] = [await newUser('alice'), await newUser('bob')];
  const alice = await signedInPage(aliceAccount);
  const bob = await signedInPage(bobAccount);
  const page = await signedInPage(admin);
  const panel = await openAdminPanel(page, 'Announcements');
  await expectNoAxeViolations(page, 'the admin panel');

  await panel.getByRole('button', { name: 'Send Guardian Announcement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Guardian Announcement' });
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await expectNoAxeViolations(page, 'the announcement dialog');
  await dialog.getByRole('button', { name: 'Send Announcement' }).click();
  await expect(dialog.getByText('Title cannot be empty')).toBeVisible();
  await expect(dialog.getByText('Content cannot be empty')).toBeVisible();
  // The errors read at 4.5:1 on the dialog (the theme's --text-danger).
  await expectNoAxeViolations(page, 'the announcement dialog with its errors');
  await dialog.getByLabel('Title').fill('Maintenance tonight');
  await dialog.getByLabel('Content').fill('The server restarts at **22:00** for an upgrade.');
  await dialog.getByLabel('Content').press('Control+Enter');
  await expect(page.getByText(/^Guardian announcement sent to \d+ users$/)).toBeVisible();
  await expect(dialog).toBeHidden();

  for (const reader of [alice, bob]) {
    const popups = reader.getByRole('region', { name: 'Notification popups' });
    await expect(popups.getByText('Maintenance tonight')).toBeVisible();
    // Its formatting shown, never the raw markers.
    await expect(popups.getByText('The server restarts at 22:00 for an upgrade.')).toBeVisible();
    await expect(popups.getByRole('status').locator('strong')).toHaveText('22:00');
    // One popup for the announcement, not a second for the Guardian message carrying it.
    await expect(popups.getByRole('status')).toHaveCount(1);

    if (reader === alice) {
      await reader.getByRole('tab', { name: /Direct Messages/ }).click();
      const row = reader.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /^Guardian/ });
      // The list's preview shows the message's formatting too (the title in bold), not its markers.
      await expect(row).toContainText('Maintenance tonight The server restarts at 22:00');
      await expect(row).not.toContainText('**');
      await row.click();
    } else {
      // The popup itself opens the Guardian conversation that carries the announcement.
      await popups.getByRole('button', { name: /Maintenance tonight/ }).click();
      await expect(popups).toHaveCount(0);
    }
    await expect(message(reader, 'The server restarts at 22:00 for an upgrade.')).toBeVisible();
  }
});

test('the System tab shows live gauges, read again every 10 s while it is open', async ({
  admin,
  signedInPage,
}, testInfo) => {
  const page = await signedInPage(admin);
  const first = page.waitForResponse((r) => r.url().endsWith('/api/admin/system/resources') && r.ok());
  const panel = await openAdminPanel(page, 'System');
  await first;
  const firstAt = Date.now();
  for (const name of ['CPU', 'Memory', 'Disk']) {
    const gauge = panel.getByRole('meter', { name: `${name} usage` });
    await expect(gauge).toHaveAttribute('aria-valuenow', /^\d+(\.\d+)?$/);
    await expect(gauge).toHaveAttribute('data-level', /^(normal|warning|danger)$/);
  }
  for (const name of ['CPU', 'Memory', 'Disk', 'Network', 'System Information', 'CoTurn'])
    await expect(panel.getByRole('region', { name })).toBeVisible();
  await expect(panel.getByRole('switch', { name: 'Auto-refresh' })).toBeChecked();
  await expectNoAxeViolations(page, 'the System tab');
  await page.screenshot({ path: testInfo.outputPath('system-tab.png') });

  // Nothing is clicked: the tab asks again by itself, about 10 s after the first answer.
  const again = await page.waitForResponse((r) => r.url().endsWith('/api/admin/system/resources'), {
    timeout: 20_000,
  });
  expect(again.ok()).toBe(true);
  expect(Date.now() - firstAt).toBeGreaterThan(8_000);
  await expect(panel.getByRole('meter', { name: 'CPU usage' })).toBeVisible();

  await panel.getByRole('button', { name: 'Debug Voice Sessions' }).click();
  await expect(panel.getByRole('region', { name: 'Voice sessions' })).toContainText('Total sessions');
});

test('the System tab says when the last backup was taken, once `npm run backup` has taken one', async ({
  admin,
  server,
  signedInPage,
}) => {
  const page = await signedInPage(admin);
  const panel = await openAdminPanel(page, 'System');
  const backups = panel.getByRole('region', { name: 'Backups' });
  await expect(backups).toContainText('No backup taken yet');

  // The operator backs the running server up, as the README says.
  const folder = await mkdtemp(path.join(tmpdir(), 'hearth-e2e-backup-'));
  try {
    const out = path.join(folder, 'hearth.tar.gz');
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'backup', '--', '--out', out], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: server.dataDir },
    });
    expect(stdout).toContain(`Backup written to ${out}`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  // The tab reads its figures again by itself (every 10 s while open).
  await expect(backups.locator('time')).toBeVisible({ timeout: 20_000 });
  await expect(backups).not.toContainText('No backup taken yet');
  await expect(backups.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
});

test('an admin promotes a user and demotes them again, and others see the badge change live, on their messages too', async ({
  admin,
  api,
  chattingUser,
  newUser,
  signedInPage,
}, testInfo) => {
  const carol = await newUser('carol');
  // Digits sort before letters: carol is at the top of the member list's offline people.
  await api.request('PUT', '/user/update-nickname', carol, { nickname: `00 ${carol.username}` });
  const { page: dave, channel } = await chattingUser('dave'); // live, with a channel open
  await api.sendMessage(carol, channel.id, 'Carol was here');
  const carolsMessage = message(dave, 'Carol was here');
  await expect(carolsMessage).toContainText(`00 ${carol.username}`);
  await expect(carolsMessage.getByText('Admin', { exact: true })).toHaveCount(0);
  await dave.getByRole('button', { name: 'Toggle member list' }).click();
  const carolListed = dave
    .getByRole('complementary', { name: 'Members' })
    .getByRole('button', { name: new RegExp(`^00 ${carol.username}`) });
  await expect(carolListed).toBeVisible();
  await expect(carolListed.getByText('Admin', { exact: true })).toHaveCount(0);

  const page = await signedInPage(admin);
  const panel = await openAdminPanel(page);
  await expect(panel.getByRole('searchbox', { name: 'Search users' })).toHaveAttribute(
    'placeholder',
    'Search users by name, ID, or role...',
  );
  const admins = Number(await counter(panel, 'Admins').textContent());
  await expectNoAxeViolations(page, 'the Users tab');
  await page.screenshot({ path: testInfo.outputPath('users-tab.png') });

  const row = await userRow(panel, carol.username);
  await expect(row).toContainText('USER');
  await row.getByRole('button', { name: 'Promote' }).click();
  await expect(page.getByText(`${carol.username} is now an admin`)).toBeVisible();
  await expect(row).toContainText('ADMIN');
  await expect(counter(panel, 'Admins')).toHaveText(String(admins + 1));
  await expect(carolListed.getByText('Admin', { exact: true })).toBeVisible();
  // The message dave already has shows the badge too, without a reload.
  await expect(carolsMessage.getByText('Admin', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Demote' }).click();
  await expect(page.getByText(`${carol.username} is no longer an admin`)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Promote' })).toBeVisible();
  await expect(counter(panel, 'Admins')).toHaveText(String(admins));
  await expect(carolListed.getByText('Admin', { exact: true })).toHaveCount(0);
  await expect(carolsMessage.getByText('Admin', { exact: true })).toHaveCount(0);

  // A new nickname reaches the loaded message as it reaches the member list.
  await api.request('PUT', '/user/update-nickname', carol, { nickname: `01 ${carol.username}` });
  await expect(carolsMessage).toContainText(`01 ${carol.username}`);
});

test('someone promoted while signed in gets the Admin Panel at once, and loses it when demoted', async ({
  admin,
  api,
  chattingUser,
}) => {
  const { account, page } = await chattingUser('rising'); // live, with a channel open
  await api.request('POST', `/admin/users/${account.user.id}/promote`, admin);
  // Their session restarts as an admin's; the menu offers the panel without a reload.
  await expect(async () => {
    await groupRail(page).getByRole('button', { name: 'User menu' }).click();
    try {
      await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toBeVisible({ timeout: 1_000 });
    } catch (error) {
      await page.keyboard.press('Escape');
      throw error;
    }
  }).toPass({ timeout: 15_000 });
  await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
  const panel = page.getByRole('dialog', { name: 'Admin Panel' });
  await expect(panel.getByRole('table', { name: 'Users' })).toBeVisible();

  await api.request('POST', `/admin/users/${account.user.id}/demote`, admin);
  // Demoted, the panel closes and the address goes back to their place.
  await expect(panel).toHaveCount(0, { timeout: 15_000 });
  await expect(page).not.toHaveURL(/\/admin$/);
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
});

test('the Storage tab lists a user with their upload, and Recalc recounts it', async ({
  admin,
  api,
  baseURL,
  newUser,
  signedInPage,
}) => {
  const account = await newUser('storer');
  await uploadPicture(baseURL!, account);
  const usage = await api.request<{ used_formatted: string; limit_formatted: string }>(
    'GET',
    '/upload/storage-info',
    account,
  );
  expect(usage.used_formatted).not.toBe('0 B');

  const page = await signedInPage(admin);
  const panel = await openAdminPanel(page, 'Storage');
  await expect(counter(panel, 'Total')).toHaveText(/^\d+\.\d GB$/);
  await expect(counter(panel, 'Avg Usage')).toHaveText(/^\d+\.\d%$/);
  await panel.getByRole('searchbox', { name: 'Search storage' }).fill(account.username);
  const row = panel
    .getByRole('table', { name: 'Storage per user' })
    .getByRole('row', { name: new RegExp(`\\b${account.username}\\b`) });
  await expect(row).toContainText(usage.used_formatted);
  await expect(row).toContainText(usage.limit_formatted);
  await expect(row.getByRole('meter', { name: `Storage used by ${account.username}` })).toHaveAttribute(
    'data-level',
    'low',
  );

  await expectNoAxeViolations(page, 'the Storage tab');
  await row.getByRole('button', { name: 'Recalc' }).click();
  await expect(
    page.getByText(`Recalculated storage for ${account.username}: ${usage.used_formatted} (+0 bytes)`),
  ).toBeVisible();
});

test('data reports: one deleted, then all after confirming', async ({ admin, api, newUser, signedInPage }) => {
  const account = await newUser('reporter');
  // Signing in sends a report (data collection is on by default).
  await signedInPage(account);
  await reportArrived(api, admin, account);

  const page = await signedInPage(admin);
  const panel = await openAdminPanel(page, 'Data Reports');
  const table = panel.getByRole('table', { name: 'Data Collection Reports' });
  const row = table.getByRole('row', { name: new RegExp(`\\b${account.username}\\b`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('HeadlessChrome');
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);

  await panel.getByRole('button', { name: 'Delete All' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete All Reports' });
  await confirm.getByRole('button', { name: 'Delete All' }).click();
  await expect(panel.getByText('No data collection reports')).toBeVisible();
});

test('on a phone every list of the panel is cards that fit the screen', async ({
  admin,
  api,
  newUser,
  signedInPage,
}, testInfo) => {
  const account = await newUser('pocket');
  await signedInPage(account); // its sign-in sends a data report
  await reportArrived(api, admin, account);
  await api.request('POST', `/admin/users/${account.user.id}/promote`, admin);
  await api.request('POST', `/admin/users/${account.user.id}/demote`, admin); // in the audit log
  const page = await signedInPage(admin, { viewport: { width: 390, height: 844 } });
  await page.goto('/admin');
  const panel = page.getByRole('dialog', { name: 'Admin Panel' });
  for (const [tab, list, item] of [
    ['Users', 'Users', account.username],
    ['Storage', 'Storage per user', account.username],
    ['Data Reports', 'Data Collection Reports', account.username],
    ['Audit Log', 'Audit Log', 'Demoted'],
  ] as const) {
    await panel.getByRole('tab', { name: tab, exact: true }).click();
    const cards = panel.getByRole('list', { name: list });
    await expect(cards.getByRole('listitem').filter({ hasText: item }).first()).toBeVisible();
    await expect(panel.getByRole('table')).toHaveCount(0);
    // Nothing in the tab scrolls sideways: long values (a user agent, details) wrap.
    const overflow = await panel.getByRole('tabpanel').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, tab).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`${tab}.png`) });
  }
});

test('someone who is not an admin has no entry and gets nothing at /admin', async ({ newUser, signedInPage }) => {
  const page = await signedInPage(await newUser('plain'));
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Admin Panel' })).toHaveCount(0);
});

/** Stores a profile picture for the account, so it uses some storage. */
async function uploadPicture(baseURL: string, account: Account): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pngBytes(64, 64, [20, 120, 200]))], { type: 'image/png' }), 'me.png');
  const uploaded = await fetch(`${baseURL}/api/upload/profile-image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.access_token}` },
    body: form,
  });
  expect(uploaded.status).toBe(200);
}

/** Waits until the account's data collection report (sent by its client at sign-in) is stored. */
async function reportArrived(api: Api, admin: Account, account: Account): Promise<void> {
  await expect
    .poll(async () => {
      const path = '/admin/data-collection/reports';
      const { reports } = await api.request<{ reports: { username: string }[] }>('GET', path, admin);
      return reports.some((r) => r.username === account.username);
    })
    .toBe(true);
}
