import { expect, test } from '../support/fixtures.js';
import { channelSidebar, composer, groupRail, message, openChannel, send } from '../support/chat.js';

test('each channel has its own address: shareable, kept on reload, and back and forward move between channels', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const { group } = await api.defaultChannel(admin);
  const first = await api.createChannel(admin, group.id, uniqueName('first').toLowerCase());
  const second = await api.createChannel(admin, group.id, uniqueName('second').toLowerCase());
  const page = await signedInPage(await newUser('walker'));
  const heading = (name: string) => page.getByRole('main').getByRole('heading', { name: `#${name}`, level: 2 });

  // Signed in, the address is home, with no channel selected.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();

  await openChannel(page, group.name, first.name);
  await expect(page).toHaveURL(`/channels/${group.id}/${first.id}`);
  await send(page, first.name, 'Left in the first channel');
  await channelSidebar(page).getByRole('button', { name: second.name, exact: true }).click();
  await expect(page).toHaveURL(`/channels/${group.id}/${second.id}`);
  await expect(heading(second.name)).toBeVisible();

  // A reload lands in the same channel.
  await page.reload();
  await expect(heading(second.name)).toBeVisible();
  await expect(composer(page, second.name)).toBeVisible();

  // Back and forward move between the channels, and the sidebar follows.
  await page.goBack();
  await expect(page).toHaveURL(`/channels/${group.id}/${first.id}`);
  await expect(heading(first.name)).toBeVisible();
  await expect(message(page, 'Left in the first channel')).toBeVisible();
  await expect(channelSidebar(page).getByRole('button', { name: first.name, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.goForward();
  await expect(heading(second.name)).toBeVisible();

  // A page of its own and back again.
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/settings');
  await page.goBack();
  await expect(heading(second.name)).toBeVisible();

  // Home is '/', with no channel selected.
  await groupRail(page).getByRole('button', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(composer(page, second.name)).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
});

test('a shared channel link opens that channel for someone else, after signing in if need be', async ({
  browser,
  baseURL,
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('shared');
  const sharer = await signedInPage(await newUser('sharer'));
  await openChannel(sharer, group.name, channel.name);
  await send(sharer, channel.name, 'Look at this');
  const link = sharer.url();

  const friendAccount = await newUser('friend');
  const context = await browser.newContext({ baseURL });
  try {
    const friend = await context.newPage();
    await friend.goto(link);
    await friend.getByLabel('Username').fill(friendAccount.username);
    await friend.getByLabel('Password').fill(friendAccount.password);
    await friend.getByRole('button', { name: 'Log In' }).click();
    await expect(message(friend, 'Look at this')).toBeVisible();
    await expect(friend).toHaveURL(link);
    await expect(friend.getByRole('main').getByRole('heading', { name: `#${channel.name}`, level: 2 })).toBeVisible();
  } finally {
    await context.close();
  }
});
