import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { composer, message } from '../support/chat.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The element's box lies wholly inside the window (and inside `within`'s box, when given). */
async function expectInsideWindow(page: Page, element: Locator, within?: Locator) {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  const view = page.viewportSize();
  if (!box || !view) throw new Error('no box or viewport');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(view.width);
  expect(box.y + box.height).toBeLessThanOrEqual(view.height);
  if (!within) return;
  const outer = await within.boundingBox();
  if (!outer) throw new Error('no outer box');
  expect(box.y).toBeGreaterThanOrEqual(outer.y);
  expect(box.y + box.height).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
}

for (const [layout, viewport] of [
  ['a 1280×800 window', DESKTOP],
  ['a 390 px phone', PHONE],
] as const) {
  test(`the profile popup of the newest message fits ${layout}, from the name and from View Profile`, async ({
    api,
    freshChannel,
    newUser,
    signedInPage,
  }) => {
    const { group, channel } = await freshChannel('popup-fit');
    const author = await newUser('author');
    // A long bio makes the card tall; its buttons come last and arrive after the profile.
    await api.request('PUT', '/user/update-bio', author, {
      bio: Array.from({ length: 6 }, (_, i) => `Line ${i + 1} of a bio that goes on for a while.`).join('\n'),
    });
    const other = await newUser('other');
    for (let i = 1; i <= 12; i++) await api.sendMessage(other, channel.id, `Filler ${i}`);
    await api.sendMessage(author, channel.id, 'The newest words');
    const page = await signedInPage(await newUser('reader'), { viewport });
    await page.goto(`/channels/${group.id}/${channel.id}`);
    await expect(composer(page, channel.name)).toBeVisible();
    const newest = message(page, 'The newest words');
    await expect(newest).toBeVisible();

    const popup = page.getByRole('dialog', { name: author.username });
    const check = async () => {
      await expect(popup.getByRole('button', { name: 'Block' })).toBeVisible();
      await expectInsideWindow(page, popup);
      for (const name of ['View Full Profile', 'Block', 'Add Friend'])
        await expectInsideWindow(page, popup.getByRole('button', { name }), popup);
    };

    await newest.focus();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menuitem', { name: 'View Profile' }).click();
    await check();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();

    await newest.getByRole('button', { name: author.username, exact: true }).click();
    await check();
    await popup.getByRole('button', { name: 'View Full Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${author.username}$`));
  });
}

test('on a phone the message menu of the newest message fits the window', async ({
  api,
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('menu-fit');
  const author = await newUser('author');
  await api.sendMessage(author, channel.id, 'Menu at the bottom');
  const page = await signedInPage(author, { viewport: PHONE });
  await page.goto(`/channels/${group.id}/${channel.id}`);
  const item = message(page, 'Menu at the bottom');
  const menu = page.getByRole('menu', { name: 'Message actions' });
  await expect(item).toBeVisible();
  await item.focus();
  await page.keyboard.press('Shift+F10');
  await expect(menu).toBeVisible();
  await expectInsideWindow(page, menu);
  await expectInsideWindow(page, menu.getByRole('menuitem', { name: 'View Profile' }), menu);
});
