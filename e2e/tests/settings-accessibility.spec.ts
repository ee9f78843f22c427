import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { bottomBar, groupRail } from '../support/chat.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Each settings tab (spec 3 §2) and something it shows once loaded, so axe checks the whole tab. */
const SETTINGS_TABS: readonly [string, (tab: Locator) => Locator][] = [
  ['My Account', (t) => t.getByRole('button', { name: 'Change Password' })],
  ['Profile', (t) => t.getByRole('button', { name: 'Save Nickname' })],
  ['Privacy & Safety', (t) => t.getByRole('switch', { name: 'Friend Request Cooldown' })],
  ['Notifications', (t) => t.getByRole('combobox', { name: 'Sound Theme' })],
  ['Chat Settings', (t) => t.getByRole('switch', { name: 'Message Borders' })],
  ['Voice Settings', (t) => t.getByRole('switch', { name: 'Echo Cancellation' })],
  ['Custom Emojis', (t) => t.getByText('No emojis yet')],
  ['Custom GIFs', (t) => t.getByText('No GIFs', { exact: true })],
  ['Appearance', (t) => t.getByRole('tab', { name: 'Dark Themes' })],
  ['Devices', (t) => t.getByRole('list', { name: 'Authorized devices' })],
  ['About', (t) => t.getByRole('button', { name: 'View Changelog' })],
];

/** A record list: a table, cards on a phone, or the empty text. */
const records = (t: Locator, caption: string, empty: string): Locator =>
  t
    .getByRole('table', { name: caption })
    .or(t.getByRole('list', { name: caption }))
    .or(t.getByText(empty))
    .first();

/** Each admin panel tab and something it shows once loaded. */
const ADMIN_TABS: readonly [string, (tab: Locator) => Locator][] = [
  ['Users', (t) => t.getByRole('searchbox', { name: /Search users/ })],
  ['Storage', (t) => t.getByRole('button', { name: 'Recalc All Storage' })],
  ['Announcements', (t) => t.getByRole('button', { name: 'Send Guardian Announcement' })],
  ['System', (t) => t.getByRole('button', { name: 'Restart CoTurn' })],
  ['App Version', (t) => t.getByRole('button', { name: /Update/ })],
  ['Data Reports', (t) => records(t, 'Data Collection Reports', 'No data collection reports')],
  ['Audit Log', (t) => records(t, 'Audit Log', 'No admin actions yet')],
];

/** Waits for opening animations and for every spinner in `scope` to be gone, so axe sees the settled tab. */
async function settled(page: Page, scope: Locator): Promise<void> {
  await expect(scope.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 30_000 });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

for (const [label, viewport] of [
  ['1280 wide', DESKTOP],
  ['390 wide', PHONE],
] as const) {
  test(`axe finds nothing on any settings tab, ${label}`, async ({ newUser, signedInPage }) => {
    // Eleven tabs, each loaded and checked by axe: more than one scenario's usual time.
    test.setTimeout(300_000);
    const page = await signedInPage(await newUser('axeset'), { viewport });
    if (viewport === PHONE) {
      await bottomBar(page).getByRole('button', { name: 'Settings', exact: true }).click();
    } else {
      await groupRail(page).getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
    }
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const sections = settings.getByRole('navigation', { name: 'Settings sections' });
    for (const [name, loaded] of SETTINGS_TABS) {
      await sections.getByRole('button', { name, exact: true }).click();
      await expect(settings.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
      await expect(loaded(settings)).toBeVisible();
      await settled(page, settings);
      await expectNoAxeViolations(page, `the ${name} settings tab, ${label}`);
    }
  });

  test(`axe finds nothing on any admin panel tab, ${label}`, async ({ admin, signedInPage }) => {
    test.setTimeout(300_000);
    const page = await signedInPage(admin, { viewport });
    // On a phone the avatar menu is on the group rail, which the Groups tab opens.
    if (viewport === PHONE) await bottomBar(page).getByRole('button', { name: 'Groups', exact: true }).click();
    await groupRail(page).getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
    const panel = page.getByRole('dialog', { name: 'Admin Panel' });
    for (const [name, loaded] of ADMIN_TABS) {
      await panel.getByRole('tab', { name, exact: true }).click();
      await expect(panel.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(loaded(panel)).toBeVisible();
      await settled(page, panel);
      await expectNoAxeViolations(page, `the ${name} admin tab, ${label}`);
    }
  });
}
