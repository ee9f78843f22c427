import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { channelSidebar, composer, message, openChannel, send, sendButton } from '../support/chat.js';

/** The one-line preview above a reply, naming the original's author. */
const preview = (page: Page, replyText: string, author: string) =>
  message(page, replyText).getByRole('button', { name: new RegExp(`Replying to ${author}`) });

/** A message itself, not a reply whose preview quotes it. */
const original = (page: Page, text: string) =>
  // Hidden rows count too: the list stays hidden until it has scrolled to its first position.
  message(page, text).filter({ hasNot: page.getByRole('button', { name: /^Replying to /, includeHidden: true }) });

test('a reply names its original live, mentions its author, and jumps back to an old message', async ({
  api,
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('replies');
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  // Bob's question, then enough talk after it that it is far out of the window of a freshly opened channel.
  const asked = await api.sendMessage(bobAccount, channel.id, 'the old question about lunch');
  for (let i = 1; i <= 70; i++) await api.sendMessage(aliceAccount, channel.id, `small talk ${i}`);
  await api.sendMessage(bobAccount, channel.id, 'anyone around?');

  const alice = await signedInPage(aliceAccount);
  const bob = await signedInPage(bobAccount);
  await openChannel(alice, group.name, channel.name);
  // Bob is elsewhere in the group when Alice replies to him.
  await openChannel(bob, group.name, 'general');

  // Alice replies from the message's hover actions.
  await message(alice, 'anyone around?').hover();
  await message(alice, 'anyone around?').getByRole('button', { name: 'Reply', exact: true }).click();
  const banner = alice.getByRole('group', { name: `Replying to ${bobAccount.username}` });
  await expect(banner).toBeVisible();
  const mention = banner.getByRole('switch', { name: `Mention ${bobAccount.username}` });
  await expect(mention).toHaveAttribute('aria-checked', 'true');
  await expect(mention).toHaveText('@ On');
  await expect(composer(alice, channel.name)).toBeFocused();
  await send(alice, channel.name, 'I am, what is up');
  await expect(banner).toHaveCount(0);
  await expect(preview(alice, 'I am, what is up', bobAccount.username)).toContainText('anyone around?');

  // Bob is mentioned by the reply: a popup and the channel's badge.
  const popup = bob
    .getByRole('region', { name: 'Notification popups' })
    .getByRole('status')
    .filter({ hasText: `mentioned you in #${channel.name}` });
  await expect(popup).toBeVisible();
  const channelButton = channelSidebar(bob).getByRole('button', { name: channel.name, exact: true });
  await expect(channelButton).toHaveAccessibleDescription('Unread messages, 1 mention');

  // In the channel, Bob sees the next reply arrive live, with its preview.
  await openChannel(bob, group.name, channel.name);
  await expect(preview(bob, 'I am, what is up', bobAccount.username)).toBeVisible();
  await api.request('POST', '/message', aliceAccount, {
    channel_id: channel.id,
    content: 'about that lunch question',
    reply_to_id: asked.id,
  });
  const oldPreview = preview(bob, 'about that lunch question', bobAccount.username);
  await expect(oldPreview).toContainText('the old question about lunch');
  await expect(original(bob, 'the old question about lunch')).toHaveCount(0);
  await bob.screenshot({ path: testInfo.outputPath('reply-preview.png') });

  // A click on the preview loads the history around the original, centred and highlighted.
  await oldPreview.click();
  const question = original(bob, 'the old question about lunch');
  await expect(question).toBeInViewport();
  await expect(question).toHaveAttribute('data-highlighted', 'true');
  await bob.screenshot({ path: testInfo.outputPath('reply-jump.png') });
  await expect(question).not.toHaveAttribute('data-highlighted', 'true', { timeout: 5_000 });

  // Escape gives up a reply started from the keyboard (R on the focused message).
  await question.focus();
  await question.press('r');
  const bobBanner = bob.getByRole('group', { name: `Replying to ${bobAccount.username}` });
  await expect(bobBanner).toBeVisible();
  // One's own message: no mention switch.
  await expect(bobBanner.getByRole('switch')).toHaveCount(0);
  await composer(bob, channel.name).press('Escape');
  await expect(bobBanner).toHaveCount(0);
});

test('a reply in a direct message, from the message menu, without the mention', async ({
  api,
  newUser,
  signedInPage,
}) => {
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  await api.befriend(aliceAccount, bobAccount);
  await api.request('POST', '/dm/send', bobAccount, { recipient_id: aliceAccount.user.id, content: 'Movie tonight?' });
  const alice = await signedInPage(aliceAccount);
  const bob = await signedInPage(bobAccount);
  await bob.goto(`/dm/${aliceAccount.user.id}`);
  await alice.goto(`/dm/${bobAccount.user.id}`);

  await message(alice, 'Movie tonight?').click({ button: 'right' });
  await alice.getByRole('menuitem', { name: 'Reply', exact: true }).click();
  const banner = alice.getByRole('group', { name: `Replying to ${bobAccount.username}` });
  await banner.getByRole('switch', { name: `Mention ${bobAccount.username}` }).click();
  await expect(banner.getByRole('switch')).toHaveText('@ Off');
  const box = alice.getByPlaceholder(`Message @${bobAccount.username}`);
  await box.fill('Yes, the late one');
  await expect(sendButton(alice)).toBeEnabled();
  await box.press('Enter');
  await expect(preview(alice, 'Yes, the late one', bobAccount.username)).toContainText('Movie tonight?');
  await expect(preview(bob, 'Yes, the late one', bobAccount.username)).toContainText('Movie tonight?');
  const stored = await api.request<{ mentioned_users: unknown[]; reply_to: { id: number } }[]>(
    'GET',
    `/dm/conversation/${bobAccount.user.id}`,
    aliceAccount,
  );
  expect(stored.at(-1)).toMatchObject({ mentioned_users: [] });
  // The switch is remembered by the browser.
  await alice.reload();
  await original(alice, 'Movie tonight?').click({ button: 'right' });
  await alice.getByRole('menuitem', { name: 'Reply', exact: true }).click();
  await expect(alice.getByRole('switch', { name: `Mention ${bobAccount.username}` })).toHaveText('@ Off');
});
