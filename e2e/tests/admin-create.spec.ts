import { expect, test } from '../support/fixtures.js';
import { channelSidebar, composer, groupRail } from '../support/chat.js';

test('an admin creates a group, a category in it and a channel in the category', async ({
  admin,
  api,
  signedInPage,
  uniqueName,
}) => {
  const groupName = uniqueName('Team');
  const categoryName = uniqueName('Projects');
  const channelName = uniqueName('plans').toLowerCase();
  const page = await signedInPage(admin);

  // An admin's avatar menu has the Admin Panel entry.
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toBeHidden();

  // Group
  await groupRail(page).getByRole('button', { name: 'Create', exact: true }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Group', exact: true }).click();
  await dialog.getByLabel('Name', { exact: true }).fill(groupName);
  await dialog.getByRole('button', { name: /^Create/ }).click();
  await expect(page.getByText('Group created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(groupRail(page).getByRole('button', { name: groupName, exact: true })).toBeVisible();
  // The new group opens at its first channel, the #general it starts with, not on the home screen.
  await expect(groupRail(page).getByRole('button', { name: groupName, exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(channelSidebar(page).getByRole('button', { name: 'general', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(composer(page, 'general')).toBeEditable();
  await expect(page.getByRole('tab', { name: 'Friends' })).toHaveCount(0);

  // Category in the new group
  await groupRail(page).getByRole('button', { name: 'Create', exact: true }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Category', exact: true }).click();
  await dialog.getByLabel('Name', { exact: true }).fill(categoryName);
  await dialog.getByLabel('Group', { exact: true }).selectOption({ label: groupName });
  await dialog.getByRole('button', { name: /^Create/ }).click();
  await expect(page.getByText('Category created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const category = channelSidebar(page).getByRole('button', { name: categoryName });
  await expect(category).toBeVisible();

  // Channel in that category
  await groupRail(page).getByRole('button', { name: 'Create', exact: true }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Channel', exact: true }).click();
  await dialog.getByLabel('Name', { exact: true }).fill(channelName);
  await dialog.getByLabel('Group', { exact: true }).selectOption({ label: groupName });
  await dialog.getByLabel('Category', { exact: true }).selectOption({ label: categoryName });
  await dialog.getByRole('button', { name: /^Create/ }).click();
  await expect(page.getByText('Channel created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const channel = channelSidebar(page).getByRole('button', { name: channelName, exact: true });
  await expect(channel).toBeVisible();
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  await channel.click();
  await expect(composer(page, channelName)).toBeEditable();

  // Everything arrived on the server; a channel added elsewhere shows up live in the category.
  const group = (await api.groups(admin)).find((g) => g.name === groupName)!;
  const created = (await api.channels(admin, group.id)).find((c) => c.name === channelName);
  expect(created).toMatchObject({ name: channelName, channel_type: 'text' });
  const other = await api.createChannel(admin, group.id, 'other', { categoryId: created!.category_id! });
  const otherRow = channelSidebar(page).getByRole('button', { name: other.name, exact: true });
  await expect(otherRow).toBeVisible();

  // Collapsing the category hides its channels but the open one; expanding shows them again.
  await category.click();
  await expect(category).toHaveAttribute('aria-expanded', 'false');
  await expect(otherRow).toBeHidden();
  await expect(channel).toBeVisible();
  await category.click();
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  await expect(otherRow).toBeVisible();
});
