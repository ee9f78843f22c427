import { expect, test } from '../support/fixtures.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { groupRail, openChannel, send } from '../support/chat.js';
import type { Locator, Page } from '@playwright/test';

/** Three themes of different categories, with the chat background each is built on (their `bg`). */
const THEMES = [
  { id: 'light', name: 'Light', category: 'System & Default', chatBackground: 'rgb(255, 255, 255)' },
  { id: 'midnight', name: 'Midnight', category: 'Dark Themes', chatBackground: 'rgb(26, 29, 46)' },
  { id: 'terminal', name: 'Terminal', category: 'Vibrant & Bold', chatBackground: 'rgb(12, 12, 12)' },
] as const;

async function openAppearance(page: Page): Promise<Locator> {
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Appearance' }).click();
  await expect(settings.getByRole('heading', { level: 2, name: 'Appearance' })).toBeVisible();
  return settings;
}

/** The card of a theme in the open category: the label around its radio button. */
const card = (settings: Locator, name: string) =>
  settings.locator('label').filter({ has: settings.page().getByRole('radio', { name, exact: true }) });

const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

test('three themes chosen in Appearance repaint the page, the Active mark follows, and the choice survives a reload', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('themes');
  const page = await signedInPage(await newUser('themer'));
  await openChannel(page, group.name, channel.name);
  await send(page, channel.name, 'The same page in every colour');
  const chat = page.getByRole('region', { name: `#${channel.name}` });
  const html = page.locator('html');

  const shots: Buffer[] = [];
  const pageBackgrounds: string[] = [];
  for (const theme of THEMES) {
    const settings = await openAppearance(page);
    await settings.getByRole('tab', { name: theme.category }).click();
    await settings.getByRole('radio', { name: theme.name, exact: true }).click();
    await expect(html).toHaveAttribute('data-theme', theme.id);
    // The Active mark is on the chosen card only, and the line says what is in effect.
    await expect(card(settings, theme.name)).toContainText('Active');
    await expect(settings.getByText('Active', { exact: true })).toHaveCount(1);
    await expect(settings.getByRole('status').filter({ hasText: 'Currently using' })).toHaveText(
      `Currently using: ${theme.name}`,
    );
    await expectNoAxeViolations(page, `the Appearance tab in ${theme.name}`);
    await page.screenshot({ path: testInfo.outputPath(`appearance-tab-${theme.id}.png`) });
    await settings.getByRole('button', { name: 'Close settings' }).click();
    await expect(settings).toBeHidden();

    // The page is painted in the theme's own colours: the chat in its background, the page in the
    // app background the theme defines.
    expect(await background(chat)).toBe(theme.chatBackground);
    const appBackground = await html.evaluate((el) => el.style.getPropertyValue('--bg-app'));
    const bodyBackground = await background(page.locator('body'));
    expect(bodyBackground).toBe(
      await page.evaluate((hex) => {
        const probe = document.createElement('span');
        probe.style.color = hex;
        document.body.append(probe);
        const rgb = getComputedStyle(probe).color;
        probe.remove();
        return rgb;
      }, appBackground),
    );
    pageBackgrounds.push(bodyBackground);
    // Every text of the shell stays readable in the theme.
    await expectNoAxeViolations(page, `the shell in ${theme.name}`);

    const path = testInfo.outputPath(`theme-${theme.id}.png`);
    shots.push(await page.screenshot({ path }));
    await testInfo.attach(`theme-${theme.id}.png`, { path, contentType: 'image/png' });
  }

  // Three different pictures of the same page, on three different backgrounds.
  expect(new Set(shots.map((s) => s.toString('base64'))).size).toBe(3);
  expect(new Set(pageBackgrounds).size).toBe(3);

  // The Active mark left the earlier choices.
  const settings = await openAppearance(page);
  await expect(settings.getByRole('tab', { name: 'Vibrant & Bold' })).toHaveAttribute('aria-selected', 'true');
  await settings.getByRole('tab', { name: 'System & Default' }).click();
  await expect(settings.getByRole('radio', { name: 'Light', exact: true })).not.toBeChecked();
  await expect(settings.getByText('Active', { exact: true })).toHaveCount(0);
  await settings.getByRole('tab', { name: 'Dark Themes' }).click();
  await expect(card(settings, 'Midnight')).not.toContainText('Active');

  // The choice is this browser's: a reload keeps it, from the first paint.
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'terminal');
  const reopened = page.getByRole('dialog', { name: 'Settings' });
  await expect(reopened.getByRole('tab', { name: 'Vibrant & Bold' })).toHaveAttribute('aria-selected', 'true');
  await expect(reopened.getByRole('radio', { name: 'Terminal', exact: true })).toBeChecked();
  await expect(card(reopened, 'Terminal')).toContainText('Active');
  await reopened.getByRole('button', { name: 'Close settings' }).click();
  // A reload of the settings screen forgets the place under it (kept in memory only).
  await openChannel(page, group.name, channel.name);
  expect(await background(page.getByRole('region', { name: `#${channel.name}` }))).toBe('rgb(12, 12, 12)');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('terminal');
});

test('System follows the colour scheme and contrast the system asks for, live', async ({ newUser, signedInPage }) => {
  const page = await signedInPage(await newUser('system'));
  await page.emulateMedia({ colorScheme: 'light' });
  const settings = await openAppearance(page);
  await settings.getByRole('radio', { name: 'System', exact: true }).click();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const line = settings.getByRole('status').filter({ hasText: 'Currently using' });
  await expect(line).toHaveText('Currently using: Light (following your system)');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(line).toHaveText('Currently using: Dark (following your system)');

  await page.emulateMedia({ contrast: 'more' });
  await expect(html).toHaveAttribute('data-theme', 'dark-hc');

  await settings.getByRole('radio', { name: 'System High Contrast', exact: true }).click();
  await page.emulateMedia({ colorScheme: 'light', contrast: 'no-preference' });
  await expect(html).toHaveAttribute('data-theme', 'hc-light');
  await expect(line).toHaveText('Currently using: Light High Contrast (following your system)');
});
