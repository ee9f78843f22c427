import { expect, test } from '../support/fixtures.js';
import { channelSidebar, composer, groupRail, message, openChannel, sendButton, TEXT } from '../support/chat.js';

test('a person without can_post sees a read-only composer', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const group = await api.createGroup(admin, uniqueName('Announce'));
  const channel = await api.createChannel(admin, group.id, 'news');
  await api.sendMessage(admin, channel.id, 'Welcome to the announcements');
  const reader = await newUser('reader');
  await api.setPermissions(admin, group.id, reader.user.id, { can_post: false });

  const page = await signedInPage(reader);
  await groupRail(page).getByRole('button', { name: group.name, exact: true }).click();
  await channelSidebar(page).getByRole('button', { name: 'news', exact: true }).click();
  await expect(message(page, 'Welcome to the announcements')).toBeVisible();

  const readOnly = page.getByPlaceholder(TEXT.readOnly);
  await expect(readOnly).toBeVisible();
  await expect(readOnly).not.toBeEditable();
  await expect(composer(page, 'news')).toHaveCount(0);
  await expect(sendButton(page)).toBeDisabled();

  // In the default group the same person may still post.
  await groupRail(page).getByRole('button', { name: 'Hearth', exact: true }).click();
  await channelSidebar(page).getByRole('button', { name: 'general', exact: true }).click();
  await expect(composer(page, 'general')).toBeEditable();
});

test('turning View off makes one toast for the person, naming all it took away', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const group = await api.createGroup(admin, uniqueName('Private'));
  await api.createChannel(admin, group.id, 'talk');
  const member = await newUser('member');
  const memberPage = await signedInPage(member);
  await openChannel(memberPage, group.name, 'talk');

  const adminPage = await signedInPage(admin);
  await groupRail(adminPage).getByRole('button', { name: group.name, exact: true }).click({ button: 'right' });
  await adminPage.getByRole('menuitem', { name: 'Permissions' }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Permissions: ${group.name}` });
  const view = dialog.getByRole('switch', { name: `View for ${member.username}` });
  const post = dialog.getByRole('switch', { name: `Post for ${member.username}` });
  const upload = dialog.getByRole('switch', { name: `Upload for ${member.username}` });
  await expect(post).toBeChecked();
  await view.click();
  // The dependency rule: View off turns Post and Upload off, and the dialog shows them moving.
  await expect(view).not.toBeChecked();
  await expect(post).not.toBeChecked();
  await expect(upload).not.toBeChecked();
  await expect(adminPage.getByText('Permissions updated successfully')).toBeVisible();

  const notifications = memberPage.getByRole('region', { name: 'Notifications' });
  const toast = notifications.getByRole('alert').filter({ hasText: 'Access revoked' });
  await expect(toast).toContainText(`You can no longer view, post messages or upload files in "${group.name}"`);
  await expect(memberPage.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(groupRail(memberPage).getByRole('button', { name: group.name, exact: true })).toHaveCount(0);
  // The toast shows once the events of the change have all arrived (one per permission); it is the only one.
  await expect(notifications.locator('[role="alert"], [role="status"]')).toHaveCount(1);

  // Turning Post back on turns View on too: again one toast, naming both.
  await post.click();
  await expect(view).toBeChecked();
  await expect(notifications.getByRole('status').filter({ hasText: 'Access granted' })).toContainText(
    `You can now view and post messages in "${group.name}"`,
  );
});
