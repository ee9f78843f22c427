import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { bottomBar, groupRail } from '../support/chat.js';

const PHONE = { width: 390, height: 844 };

async function openSettings(page: Page, tab: string): Promise<Locator> {
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: tab }).click();
  await expect(settings.getByRole('heading', { level: 2, name: tab })).toBeVisible();
  return settings;
}

/** The x of each switch's right edge, rounded to whole pixels. */
async function switchRightEdges(scope: Locator): Promise<number[]> {
  const edges: number[] = [];
  for (const s of await scope.getByRole('switch').all()) {
    const box = (await s.boundingBox())!;
    edges.push(Math.round(box.x + box.width));
  }
  return edges;
}

test('the switches of Privacy & Safety and Notifications line up in one column', async ({ newUser, signedInPage }) => {
  const page = await signedInPage(await newUser('column'));
  const settings = await openSettings(page, 'Privacy & Safety');
  await expect(settings.getByRole('switch')).toHaveCount(4);
  const privacy = await switchRightEdges(settings);
  await settings
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('button', { name: 'Notifications' })
    .click();
  await expect(settings.getByRole('switch', { name: 'Message Notifications' })).toBeVisible();
  await expect(settings.getByRole('switch')).toHaveCount(2);
  const notifications = await switchRightEdges(settings);
  const all = [...privacy, ...notifications];
  expect(new Set(all).size, `right edges ${all.join(', ')}`).toBe(1);
});

test("Voice Settings' saved line covers none of the tab's controls", async ({ newUser, signedInPage }) => {
  const page = await signedInPage(await newUser('saved'));
  const settings = await openSettings(page, 'Voice Settings');
  await settings.getByRole('switch', { name: 'Echo Cancellation' }).click();
  const saved = settings.getByRole('status').filter({ hasText: 'Will apply when you join voice' });
  await expect(saved).toBeVisible();
  // Scrolled to each place a control can be, the line is over none of them.
  const overlaps = await settings.evaluate((dialog, text) => {
    const line = [...dialog.querySelectorAll('[role="status"]')].find((e) => e.textContent === text)!;
    const controls = [...dialog.querySelectorAll('button, input, select, [role="switch"], label, h3, p')].filter(
      (e) => e !== line && !line.contains(e) && !e.contains(line),
    );
    const found: string[] = [];
    for (const control of controls) {
      control.scrollIntoView({ block: 'nearest' });
      const a = line.getBoundingClientRect();
      const b = control.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) continue;
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        found.push(control.textContent?.trim().slice(0, 40) || control.tagName);
    }
    return found;
  }, 'Will apply when you join voice');
  expect(overlaps).toEqual([]);
});

test('on a phone, the settings tab strip shows the open tab, and the friend lists all fit', async ({
  newUser,
  signedInPage,
}) => {
  const phone = await signedInPage(await newUser('strip'), { viewport: PHONE });
  // Opened at its last tab (a settings link), the strip scrolls that tab into view.
  await phone.goto('/settings/about');
  const settings = phone.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('heading', { level: 2, name: 'About' })).toBeVisible();
  const strip = settings.getByRole('navigation', { name: 'Settings sections' });
  await expect(strip.getByRole('button', { name: 'About' })).toBeInViewport({ ratio: 1 });
  await settings.getByRole('button', { name: 'Close settings' }).click();

  await bottomBar(phone).getByRole('button', { name: 'Home', exact: true }).click();
  const lists = phone.getByRole('tablist', { name: 'Friend lists' });
  await expect(lists.getByRole('tab', { name: /^Blocked/ })).toBeVisible();
  for (const name of [/^All/, /^Online/, /^Pending/, /^Blocked/])
    await expect(lists.getByRole('tab', { name })).toBeInViewport({ ratio: 1 });
});
