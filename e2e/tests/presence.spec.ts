import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { connectionChip, groupRail, openChannel } from '../support/chat.js';

const tab = (page: Page, name: RegExp | string) => page.getByRole('tab', { name, exact: typeof name === 'string' });
const addFriend = (page: Page) => page.getByRole('region', { name: 'Add Friend' });

/** The live connection is open (the chip says so in a channel), then home with the Friends tab. */
async function onlineAtHome(page: Page): Promise<void> {
  await openChannel(page, 'Hearth', 'general');
  await expect(connectionChip(page, 'Connected')).toBeVisible();
  await groupRail(page).getByRole('button', { name: 'Home', exact: true }).click();
  await expect(tab(page, 'Friends')).toHaveAttribute('aria-selected', 'true');
}

test('two people become friends through the page and see each other come online, busy and gone', async ({
  newUser,
  signedInPage,
}) => {
  const ann = await newUser('ann');
  const ben = await newUser('ben');
  const benPage = await signedInPage(ben);
  await onlineAtHome(benPage);
  const annPage = await signedInPage(ann);
  await onlineAtHome(annPage);

  await addFriend(annPage).getByRole('textbox', { name: 'Username' }).fill(ben.username);
  await annPage.getByRole('button', { name: 'Send Friend Request' }).click();
  await tab(benPage, 'Pending 1').click();
  await benPage.getByRole('button', { name: `Accept ${ann.username}` }).click();

  // Ann is connected: Ben sees her under Online with a green dot.
  await tab(benPage, /^Online 1$/).click();
  const annRow = benPage.getByRole('listitem').filter({ hasText: `@${ann.username}` });
  await expect(annRow.getByRole('img', { name: 'Online' })).toBeVisible();

  // Ann chooses Busy from the status dot on her avatar: Ben's dot says so at once.
  await annPage.getByRole('button', { name: /^Set your status/ }).click();
  await annPage.getByRole('menuitem', { name: 'Busy' }).click();
  await expect(annRow.getByRole('img', { name: 'Busy' })).toBeVisible();

  // Invisible: to Ben she is gone, though she is still here.
  await annPage.getByRole('button', { name: /^Set your status/ }).click();
  await annPage.getByRole('menuitem', { name: 'Invisible' }).click();
  await expect(tab(benPage, /^Online 0$/)).toBeVisible();
  await annPage.getByRole('button', { name: /^Set your status/ }).click();
  await annPage.getByRole('menuitem', { name: 'Online' }).click();
  await expect(tab(benPage, /^Online 1$/)).toBeVisible();

  // A reload does not make her flicker offline; closing the tab does, after the grace.
  await annPage.reload();
  await expect(connectionChip(annPage, 'Connected').or(annPage.getByRole('tab', { name: 'Friends' }))).toBeVisible();
  await expect(tab(benPage, /^Online 1$/)).toBeVisible();
  await annPage.context().close();
  await expect(tab(benPage, /^Online 0$/)).toBeVisible({ timeout: 20_000 });
});
