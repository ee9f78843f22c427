import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import type { Account, Api } from '../support/api.js';
import { groupRail } from '../support/chat.js';

interface VersionInfo {
  version: string;
  api_version: string;
  app_version: string;
}

const versionInfo = (api: Api) => api.request<VersionInfo>('GET', '/version', null);
const setAppVersion = (api: Api, admin: Account, version: string) =>
  api.request('PUT', '/admin/app-version', admin, { version });
const updateBanner = (page: Page) => page.getByRole('status', { name: 'Update available' });

/** `lower` is wholly below `upper` on the screen (nothing of it covered by `upper`). */
async function expectBelow(lower: Locator, upper: Locator) {
  const [a, b] = [await lower.boundingBox(), await upper.boundingBox()];
  if (!a || !b) throw new Error('no box');
  expect(a.y).toBeGreaterThanOrEqual(b.y + b.height - 0.5);
}

async function openSettingsTab(page: Page, tab: string) {
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: tab }).click();
  return settings;
}

test('a new app version pushed by an admin offers the update at once; Dismiss holds for that version only', async ({
  admin,
  api,
  chattingUser,
}) => {
  const running = (await versionInfo(api)).version;
  // Live, so the pushed version reaches this page as an event.
  const { page, channel } = await chattingUser('updater');
  await expect(updateBanner(page)).toHaveCount(0);
  try {
    await test.step('the admin sets 9.9.9: the banner shows both versions', async () => {
      await setAppVersion(api, admin, '9.9.9');
      await expect(updateBanner(page)).toContainText('v9.9.9');
      await expect(updateBanner(page)).toContainText(`v${running}`);
      // A strip of its own above the shell: the channel's title stays in view, below it.
      const title = page.getByRole('main').getByRole('heading', { name: `#${channel.name}`, level: 2 });
      await expectBelow(title, updateBanner(page));
      // Dismiss is the lesser choice and looks it: not the primary button Update Now is.
      const look = (name: string) =>
        updateBanner(page)
          .getByRole('button', { name })
          .evaluate((button) => getComputedStyle(button).backgroundColor);
      expect(await look('Dismiss')).not.toBe(await look('Update Now'));
    });

    await test.step('Dismiss hides it, also after a reload', async () => {
      await updateBanner(page).getByRole('button', { name: 'Dismiss' }).click();
      await expect(updateBanner(page)).toHaveCount(0);
      await page.reload();
      await expect(groupRail(page)).toBeVisible();
      await expect(updateBanner(page)).toHaveCount(0);
    });

    await test.step('a later version is offered again, and Update Now reloads the page', async () => {
      await setAppVersion(api, admin, '9.9.10');
      await expect(updateBanner(page)).toContainText('v9.9.10');
      const reloaded = page.waitForEvent('load');
      await updateBanner(page).getByRole('button', { name: 'Update Now' }).click();
      await reloaded;
      await expect(updateBanner(page)).toContainText('v9.9.10');
    });
  } finally {
    // The server is shared by the worker's other scenarios: put the version back.
    await setAppVersion(api, admin, running);
  }
  await expect(updateBanner(page)).toHaveCount(0);
});

test('after an upgrade the new-version screen shows the changelog, once', async ({ newUser, signedInPage, api }) => {
  const running = (await versionInfo(api)).version;
  const page = await signedInPage(await newUser('upgrader'), {
    // This browser last saw an older version (once: a reload must not undo what Get Started stored).
    setUp: async (context) => {
      await context.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('lastSeenVersion', '0.0.1');
          sessionStorage.setItem('seeded', '1');
        }
      });
    },
  });
  const welcome = page.getByRole('dialog', { name: `Welcome to Hearth v${running}!` });
  await expect(welcome).toBeVisible();

  // The first entry is open and loaded; the others load when opened.
  await expect(welcome.getByText('Voice channels', { exact: false }).first()).toBeVisible();
  const older = welcome.getByText('Hearth 0.2.0', { exact: true });
  const olderNote = welcome.getByText('a read-only conversation with Guardian', { exact: false });
  await expect(olderNote).toHaveCount(0);
  await older.click();
  await expect(olderNote).toBeVisible();

  await welcome.getByRole('button', { name: 'Get Started' }).click();
  await expect(welcome).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('lastSeenVersion'))).toBe(running);
  await page.reload();
  await expect(groupRail(page)).toBeVisible();
  await expect(page.getByRole('dialog', { name: /^Welcome to Hearth/ })).toHaveCount(0);
});

test('a first visit is not welcomed; About shows the versions and the changelog', async ({
  newUser,
  signedInPage,
  api,
}) => {
  const info = await versionInfo(api);
  const page = await signedInPage(await newUser('aboutuser'));
  await expect(page.getByRole('dialog', { name: /^Welcome to Hearth/ })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('lastSeenVersion'))).toBe(info.version);

  const settings = await openSettingsTab(page, 'About');
  for (const [name, value] of [
    ['App version', `v${info.version}`],
    ['Server version', `v${info.version}`],
    ['API version', 'v2'],
  ]) {
    const term = settings.getByRole('term').filter({ hasText: new RegExp(`^${name}$`) });
    await expect(term).toBeVisible();
    await expect(term.locator('xpath=following-sibling::dd[1]')).toHaveText(value!);
  }
  await expect(settings.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy.html');
  await settings.getByRole('button', { name: 'View Changelog' }).click();
  const changelog = page.getByRole('dialog', { name: 'Changelog' });
  await expect(changelog.getByText(`Hearth ${info.version}`)).toBeVisible();
  await expect(changelog.getByRole('heading', { name: 'Voice' })).toBeVisible();
  // Each legal page opens styled by their one style sheet, under the same security headers.
  for (const [file, title] of [
    ['privacy', 'Privacy Policy'],
    ['terms', 'Terms of Service'],
    ['guidelines', 'Community Guidelines'],
  ]) {
    const legal = await page.context().newPage();
    const answer = await legal.goto(`/legal/${file}.html`);
    expect(answer?.status()).toBe(200);
    await expect(legal.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await legal.locator('body').evaluate((body) => getComputedStyle(body).maxWidth)).toBe('720px');
    await legal.close();
  }
});
