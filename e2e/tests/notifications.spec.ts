import { expect, test } from '../support/fixtures.js';
import { channelSidebar, openChannel, send } from '../support/chat.js';

test('a mention pops up for the person named, with the channel’s badge; a muted channel stays quiet', async ({
  admin,
  api,
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('pings');
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  const alice = await signedInPage(aliceAccount);
  const bob = await signedInPage(bobAccount);
  await openChannel(alice, group.name, channel.name);
  // Bob is elsewhere in the group.
  await openChannel(bob, group.name, 'general');

  const long = 'x'.repeat(150);
  await send(alice, channel.name, `@${bobAccount.username} are you coming? ${long}`);
  const popups = bob.getByRole('region', { name: 'Notification popups' });
  const popup = popups.getByRole('status').filter({ hasText: `mentioned you in #${channel.name}` });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(`${aliceAccount.username} mentioned you in #${channel.name}`);
  // The text is cut at 100 characters.
  const shown = (await popup.locator('[dir="auto"]').textContent()) ?? '';
  expect([...shown].length).toBe(101);
  expect(shown.endsWith('…')).toBe(true);
  const channelButton = channelSidebar(bob).getByRole('button', { name: channel.name, exact: true });
  await expect(channelButton).toHaveAccessibleDescription('Unread messages, 1 mention');
  await bob.screenshot({ path: testInfo.outputPath('mention-popup.png') });

  // A click on the popup opens the channel, which reads it.
  await popup.getByRole('button', { name: /mentioned you/ }).click();
  await expect(bob.getByPlaceholder(`Message #${channel.name}`)).toBeVisible();
  await expect(channelButton).not.toHaveAccessibleDescription(/mention/);

  // Bob mutes the channel and goes back to #general: the next mention only counts on the badge.
  await channelButton.click({ button: 'right' });
  await bob.getByRole('menuitem', { name: 'Mute Channel' }).click();
  await channelSidebar(bob).getByRole('button', { name: 'general', exact: true }).click();
  await expect(channelButton).toHaveAccessibleDescription('Muted');
  await send(alice, channel.name, `@${bobAccount.username} second call`);
  await expect(channelButton).toHaveAccessibleDescription('Muted, 1 mention');
  await expect(popups.getByText('second call')).toHaveCount(0);

  // An admin's announcement pops up for 15 s for everyone who can see its channel.
  await api.request('POST', '/admin/guardian/announce', admin, {
    message: 'Cake in the kitchen',
    current_channel_id: channel.id,
  });
  await expect(popups.getByRole('status').filter({ hasText: 'Cake in the kitchen' })).toContainText(
    `Announcement from ${admin.username}`,
  );
});
