import { expect, test } from '../support/fixtures.js';
import { channelSidebar, composer, groupRail, message, sendButton, TEXT } from '../support/chat.js';

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
