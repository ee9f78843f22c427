import { expect, test } from '../support/fixtures.js';
import { bottomBar, channelSidebar, deleteDialog, groupRail, message, openChannel, send } from '../support/chat.js';

test('closing a dialog opened from a context menu returns focus to what was right-clicked', async ({
  admin,
  api,
  signedInPage,
  uniqueName,
}) => {
  const group = await api.createGroup(admin, uniqueName('Focus'));
  const page = await signedInPage(admin);
  const groupButton = groupRail(page).getByRole('button', { name: group.name, exact: true });

  for (const close of ['Escape', 'Cancel'] as const) {
    await groupButton.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename Group' });
    await expect(dialog.getByLabel('Group Name')).toBeFocused();
    if (close === 'Escape') await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(groupButton).toBeFocused();
  }

  // The same for the confirm dialog of a group delete, cancelled.
  await groupButton.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Group' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(groupButton).toBeFocused();
});

test('closing a dialog opened by a button returns focus to that button', async ({
  admin,
  api,
  signedInPage,
  uniqueName,
}) => {
  const group = await api.createGroup(admin, uniqueName('Focus'));
  const page = await signedInPage(admin);
  await groupRail(page).getByRole('button', { name: group.name, exact: true }).click();

  const createChannel = channelSidebar(page).getByRole('button', { name: 'Create Channel' });
  await createChannel.click();
  await expect(page.getByRole('dialog', { name: 'Create Channel' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(createChannel).toBeFocused();

  const create = groupRail(page).getByRole('button', { name: 'Create', exact: true });
  await create.click();
  await page.getByRole('dialog', { name: 'Create' }).getByRole('button', { name: 'Group', exact: true }).click();
  await page.getByRole('dialog', { name: 'Create Group' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(create).toBeFocused();
});

test("cancelling a message's delete from its actions menu returns focus to the menu's button", async ({
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('focus');
  const page = await signedInPage(await newUser('writer'));
  await openChannel(page, group.name, channel.name);
  await send(page, channel.name, 'Keep me around');

  const item = message(page, 'Keep me around');
  await item.hover();
  const actions = item.getByRole('button', { name: 'Message actions' });
  await actions.click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await deleteDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(deleteDialog(page)).toBeHidden();
  await expect(actions).toBeFocused();
  await expect(item).toBeVisible();
});

test('closing Settings or the Admin Panel with Escape returns focus to the button that opened it', async ({
  admin,
  signedInPage,
}) => {
  const page = await signedInPage(admin);
  const userMenu = groupRail(page).getByRole('button', { name: 'User menu' });

  for (const [item, dialogName] of [
    ['Settings', 'Settings'],
    ['Admin Panel', 'Admin Panel'],
  ] as const) {
    await userMenu.click();
    await page.getByRole('menuitem', { name: item }).click();
    const dialog = page.getByRole('dialog', { name: dialogName });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(userMenu).toBeFocused();
  }

  // The close button too.
  await userMenu.click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Close settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();
  await expect(userMenu).toBeFocused();
});

test("on a phone, closing Settings returns focus to the bottom bar's Settings tab", async ({
  newUser,
  signedInPage,
}) => {
  const phone = await signedInPage(await newUser('phonefocus'), { viewport: { width: 390, height: 844 } });
  const tab = bottomBar(phone).getByRole('button', { name: 'Settings', exact: true });
  await tab.click();
  const settings = phone.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await phone.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(tab).toBeFocused();
});

test('a keyboard-only sign-in puts focus on the first control of home; a new account, in the composer', async ({
  page,
  newUser,
  uniqueName,
}) => {
  const account = await newUser('keys');
  await page.goto('/');
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.type(account.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  // Signing in lands at home: its first control is the Friends tab.
  await expect(page.getByRole('tab', { name: 'Friends', exact: true })).toBeFocused();

  // A new account lands in its first channel: focus is in the composer, ready to type.
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Register' }).press('Enter');
  await page.getByLabel('Username').fill(uniqueName('newkeys'));
  await page.getByLabel('Password').fill('secret-keys-1');
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByPlaceholder(/^Message #/)).toBeFocused();
});
