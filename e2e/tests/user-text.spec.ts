import { expect, test } from '../support/fixtures.js';
import type { Message } from '../support/api.js';
import { channelSidebar, groupRail, message } from '../support/chat.js';

const RLO = '\u202E';
const ZWSP = '\u200B';

test('a right-to-left override in a message or a channel name cannot reorder the text after it', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const { group } = await api.defaultChannel(admin);
  const channelName = `${uniqueName('tricky').toLowerCase()}${RLO}desrever`;
  const channel = await api.createChannel(admin, group.id, channelName);
  const sent = await api.sendMessage(admin, channel.id, `plain start ${RLO}flipped${ZWSP} words`);
  // An edit adds the '(edited)' marker right after the text: it must stay after it, left to right.
  await api.request<Message>('PUT', `/message/${sent.id}`, admin, { content: `${sent.content} again` });

  const page = await signedInPage(await newUser('reader'));
  await groupRail(page).getByRole('button', { name: group.name, exact: true }).click();
  const row = channelSidebar(page).getByRole('button', { name: channelName, exact: true });
  await expect(row.locator('bdi')).toHaveText(channelName);
  await row.click();
  await expect(page.getByRole('main').getByRole('heading', { name: `#${channelName}`, level: 2 })).toBeVisible();

  const item = message(page, 'plain start');
  const content = item.locator('bdi').filter({ hasText: 'plain start' });
  const edited = item.getByText('(edited)');
  await expect(content).toBeVisible();
  await expect(edited).toBeVisible();
  const contentBox = (await content.boundingBox())!;
  const editedBox = (await edited.boundingBox())!;
  expect(editedBox.x).toBeGreaterThanOrEqual(contentBox.x + contentBox.width - 1);

  // The author's name is isolated from the badge and time that follow it.
  await expect(item.locator('bdi').filter({ hasText: admin.username })).toHaveCount(1);
});
