import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '@hearth/server/testing';
import { expect, logIn, test } from '../support/fixtures.js';
import { channelSidebar, groupRail, send } from '../support/chat.js';
import { pngBytes, pngFile } from '../support/images.js';
import { expectNoAxeViolations } from '../support/axe.js';

const groupButton = (page: Page, name: string): Locator => groupRail(page).getByRole('button', { name, exact: true });
/** The group's row on the rail: its button, and beside it the unread pill and the mention count. */
const groupRow = (page: Page, name: string): Locator =>
  groupRail(page)
    .locator('li')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
const iconImage = (page: Page, name: string): Locator => groupButton(page, name).locator('img');

async function openGroupMenu(page: Page, name: string): Promise<void> {
  await groupButton(page, name).click({ button: 'right' });
  await expect(page.getByRole('menu')).toBeVisible();
}

test('an admin uploads a group icon through the crop dialog, a member sees it live, and the admin removes it', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const group = await api.createGroup(admin, uniqueName('Icons'));
  const adminPage = await signedInPage(admin);
  const memberPage = await signedInPage(await newUser('member'));
  await expect(groupButton(memberPage, group.name)).toHaveText(group.name.slice(0, 2));

  await openGroupMenu(adminPage, group.name);
  await expect(adminPage.getByRole('menuitem', { name: 'Remove Icon' })).toHaveCount(0);
  await adminPage.getByRole('menuitem', { name: 'Upload Icon' }).click();
  const picker = adminPage.getByRole('dialog', { name: 'Upload Group Icon' });
  await expect(picker.getByText('PNG, JPG up to 10MB')).toBeVisible();
  await expectNoAxeViolations(adminPage, 'the group icon picker');
  await picker.getByLabel('Choose a group icon').setInputFiles(pngFile('logo.png', 240, 160, [30, 160, 90]));

  const crop = adminPage.getByRole('dialog', { name: 'Crop Group Icon' });
  await expect(crop.getByRole('button', { name: 'Apply' })).toBeEnabled();
  await expectNoAxeViolations(adminPage, 'the Crop Group Icon dialog');
  await crop.getByRole('button', { name: 'Apply' }).click();
  await expect(crop).toBeHidden();
  await expect(picker).toBeHidden();

  // The rail shows the server's 64×64 picture, here and (live) in the member's browser.
  for (const page of [adminPage, memberPage]) {
    const image = iconImage(page, group.name);
    await expect(image).toHaveAttribute('src', /^\/api\/group-icons\/[0-9a-f]{32}\.webp$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await expect(groupButton(page, group.name)).toHaveText('');
  }
  const listed = (await api.groups(admin)).find((g) => g.id === group.id);
  expect(listed?.icon).toBe(await iconImage(adminPage, group.name).getAttribute('src'));

  // Now it can be changed or removed.
  await openGroupMenu(adminPage, group.name);
  await expect(adminPage.getByRole('menuitem', { name: 'Change Icon' })).toBeVisible();
  await adminPage.getByRole('menuitem', { name: 'Remove Icon' }).click();
  for (const page of [adminPage, memberPage]) {
    await expect(iconImage(page, group.name)).toHaveCount(0);
    await expect(groupButton(page, group.name)).toHaveText(group.name.slice(0, 2));
  }
  expect((await api.groups(admin)).find((g) => g.id === group.id)?.icon).toBeNull();
});

test('a picture of 10 MB or more is refused before cropping, with the spec’s text', async ({
  admin,
  api,
  signedInPage,
  uniqueName,
}, testInfo) => {
  const group = await api.createGroup(admin, uniqueName('Big'));
  const page = await signedInPage(admin);
  await openGroupMenu(page, group.name);
  await page.getByRole('menuitem', { name: 'Upload Icon' }).click();
  const picker = page.getByRole('dialog', { name: 'Upload Group Icon' });
  const picture = pngBytes(16, 16, [200, 40, 40]);
  // From a file on disk: the browser reads it where it is, rather than 10 MB being sent to it.
  const huge = testInfo.outputPath('huge.png');
  await writeFile(huge, Buffer.concat([picture, Buffer.alloc(10 * 1024 * 1024 - picture.length)]));
  await picker.getByLabel('Choose a group icon').setInputFiles(huge);

  await expect(page.getByText('Image file size must be less than 10MB')).toBeVisible();
  await expect(page.getByText('File Too Large')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Crop Group Icon' })).toHaveCount(0);
  await expect(picker).toBeVisible();
});

test('someone who is not an admin has no icon items in the group menu', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const group = await api.createGroup(admin, uniqueName('Plain'));
  const page = await signedInPage(await newUser('plain'));
  await openGroupMenu(page, group.name);
  await expect(page.getByRole('menuitem', { name: 'Mute Group' })).toBeVisible();
  for (const item of ['Upload Icon', 'Change Icon', 'Remove Icon', 'Rename']) {
    await expect(page.getByRole('menuitem', { name: item })).toHaveCount(0);
  }
});

test('the mention count on the rail leaves the group’s initials uncovered', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const group = await api.createGroup(admin, uniqueName('Badge'));
  const channel = await api.createChannel(admin, group.id, 'talk');
  const reader = await newUser('reader');
  const page = await signedInPage(reader);
  const badge = groupRow(page, group.name).locator('[data-mention-badge]');
  const initials = groupButton(page, group.name).locator('bdi');
  await expect(initials).toHaveText(group.name.slice(0, 2));

  for (const [count, shown] of [
    [1, '1'],
    [11, '12'],
  ] as const) {
    for (let i = 0; i < count; i++) await api.sendMessage(admin, channel.id, `@${reader.username} look ${i}`);
    await expect(badge).toHaveText(shown);
    const [b, t, rail] = await Promise.all([
      badge.boundingBox(),
      initials.boundingBox(),
      groupRail(page).boundingBox(),
    ]);
    const apart = b!.y >= t!.y + t!.height || b!.x >= t!.x + t!.width || b!.y + b!.height <= t!.y;
    expect(apart, `badge ${JSON.stringify(b)} covers the initials ${JSON.stringify(t)}`).toBe(true);
    // Still within the rail.
    expect(b!.x + b!.width).toBeLessThanOrEqual(rail!.x + rail!.width);
  }
});

test('creating a group in the Create dialog opens its first channel', async ({ admin, signedInPage, uniqueName }) => {
  const page = await signedInPage(admin);
  const name = uniqueName('Newly');
  await groupRail(page).getByRole('button', { name: 'Create', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Group', exact: true }).click();
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: /^Create/ }).click();
  await expect(dialog).toBeHidden();
  await expect(groupButton(page, name)).toHaveAttribute('aria-current', 'true');
  await expect(channelSidebar(page).getByRole('button', { name: 'general', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await send(page, 'general', 'first message in the new group');
});

/** What a browser does when it offers to install the app; Chromium makes no such offer headless. */
async function offerInstall(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const w = window as unknown as { installPrompts: number };
    w.installPrompts = 0;
    Object.assign(event, {
      prompt: () => {
        w.installPrompts += 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test('Download Desktop App opens the browser’s install dialog when the browser offers one', async ({
  admin,
  signedInPage,
}) => {
  const page = await signedInPage(admin);
  const download = groupRail(page).getByRole('button', { name: 'Download Desktop App' });
  // No offer from the browser: nothing to click.
  await expect(download).toHaveCount(0);

  // A synthetic beforeinstallprompt stands in for the browser's (see offerInstall).
  expect(await offerInstall(page)).toBe(true);
  await expect(download).toBeVisible();
  await download.click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { installPrompts: number }).installPrompts))
    .toBe(1);
  // An offer serves once.
  await expect(download).toHaveCount(0);
});

test('Download Desktop App is hidden in the installed app’s own window', async ({ admin, baseURL }) => {
  // Chromium's app window (--app), the kind of window an installed web app opens in: display-mode standalone.
  const profile = await mkdtemp(path.join(tmpdir(), 'hearth-app-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [...CHROMIUM_LAUNCH_OPTIONS.args, `--app=${baseURL}/`],
    headless: true,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? (await context.waitForEvent('page'));
    await page.waitForURL(`${baseURL}/**`);
    await logIn(page, admin);
    expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
    expect(await offerInstall(page)).toBe(true);
    await nextFrames(page);
    await expect(groupRail(page).getByRole('button', { name: 'Create', exact: true })).toBeVisible();
    await expect(groupRail(page).getByRole('button', { name: 'Download Desktop App' })).toHaveCount(0);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
