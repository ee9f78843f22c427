import { expect, test } from '../support/fixtures.js';
import { channelSidebar, composer, connectionChip, groupRail, openChannel } from '../support/chat.js';

test('a long channel name is cut with an ellipsis and the header keeps its chip and members button', async ({
  admin,
  api,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group } = await api.defaultChannel(admin);
  const longName = `long-${'very-'.repeat(18)}${Date.now().toString(36)}`.slice(0, 100);
  await api.createChannel(admin, group.id, longName);
  const page = await signedInPage(await newUser('reader'), { viewport: { width: 1024, height: 700 } });
  await openChannel(page, group.name, longName);

  const title = page.getByRole('main').getByRole('heading', { name: `#${longName}`, level: 2 });
  const header = title.locator('xpath=..');
  const chip = connectionChip(page, 'Connected');
  const members = header.getByRole('button', { name: 'Toggle member list' });
  await expect(chip).toBeVisible();
  await expect(members).toBeVisible();
  await expect(chip).toBeInViewport({ ratio: 1 });
  await expect(members).toBeInViewport({ ratio: 1 });
  // The whole name is a hover away.
  await expect(title).toHaveAttribute('title', `#${longName}`);

  const headerBox = (await header.boundingBox())!;
  const titleBox = (await title.boundingBox())!;
  const chipBox = (await chip.boundingBox())!;
  const membersBox = (await members.boundingBox())!;
  expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(chipBox.x);
  expect(membersBox.x + membersBox.width).toBeLessThanOrEqual(headerBox.x + headerBox.width);
  // The name is cut (more text than room), not wrapped onto a second line.
  const cut = await title.evaluate((el) => ({
    overflowing: el.scrollWidth > el.clientWidth,
    ellipsis: getComputedStyle(el).textOverflow,
  }));
  expect(cut).toEqual({ overflowing: true, ellipsis: 'ellipsis' });
  expect(titleBox.height).toBeLessThan(40);

  await page.screenshot({ path: testInfo.outputPath('long-channel-header.png'), clip: headerBox });
});

test('someone viewing a channel is told when it is deleted; the admin who deleted it is told once', async ({
  freshChannel,
  newUser,
  admin,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('doomed');
  const viewer = await signedInPage(await newUser('viewer'));
  const adminPage = await signedInPage(admin);
  await openChannel(viewer, group.name, channel.name);
  await openChannel(adminPage, group.name, channel.name);

  await channelSidebar(adminPage).getByRole('button', { name: channel.name, exact: true }).click({ button: 'right' });
  await adminPage.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = adminPage.getByRole('alertdialog', { name: 'Delete Channel' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(adminPage.getByText(`Channel "${channel.name}" deleted successfully`)).toBeVisible();

  const notice = viewer.getByRole('status').filter({ hasText: 'Channel deleted' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('The channel you were viewing was deleted.');
  await expect(viewer.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(composer(viewer, channel.name)).toHaveCount(0);

  // The admin deleted it here, so the success toast is all they get.
  await expect(adminPage.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(adminPage.getByText('The channel you were viewing was deleted.')).toHaveCount(0);
});

test('an admin sees a Create Channel button beside the channel list of a new group and uses it', async ({
  admin,
  api,
  signedInPage,
  uniqueName,
}) => {
  const group = await api.createGroup(admin, uniqueName('Fresh'));
  const channelName = uniqueName('first').toLowerCase();
  const page = await signedInPage(admin);
  await groupRail(page).getByRole('button', { name: group.name, exact: true }).click();
  await expect(channelSidebar(page).getByText('No channels')).toBeVisible();

  const create = channelSidebar(page).getByRole('button', { name: 'Create Channel' });
  await expect(create).toBeVisible();
  await create.click();
  const dialog = page.getByRole('dialog', { name: 'Create Channel' });
  await expect(dialog.getByLabel('Group', { exact: true })).toHaveValue(String(group.id));
  await dialog.getByLabel('Name', { exact: true }).fill(channelName);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Channel created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await channelSidebar(page).getByRole('button', { name: channelName, exact: true }).click();
  await expect(composer(page, channelName)).toBeEditable();
  await expect(channelSidebar(page).getByText('No channels')).toHaveCount(0);
});

test('people who are not admins see no create button', async ({ admin, api, newUser, signedInPage, uniqueName }) => {
  const group = await api.createGroup(admin, uniqueName('Plain'));
  const page = await signedInPage(await newUser('plain'));
  await groupRail(page).getByRole('button', { name: group.name, exact: true }).click();
  await expect(channelSidebar(page).getByText('No channels')).toBeVisible();
  await expect(channelSidebar(page).getByRole('button', { name: 'Create Channel' })).toHaveCount(0);
});
