import { expect, test } from '../support/fixtures.js';
import { message, sendButton } from '../support/chat.js';
import type { Page } from '@playwright/test';

const dmComposer = (page: Page, username: string) => page.getByPlaceholder(`Message @${username}`);

async function sendDm(page: Page, username: string, text: string): Promise<void> {
  const box = dmComposer(page, username);
  await box.fill(text);
  await expect(sendButton(page)).toBeEnabled();
  await box.press('Enter');
  await expect(message(page, text)).toBeVisible();
}

test('two friends write to each other live, with unread counts that clear on reading', async ({
  api,
  newUser,
  signedInPage,
}) => {
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  await api.befriend(aliceAccount, bobAccount);
  const alice = await signedInPage(aliceAccount);
  const bob = await signedInPage(bobAccount);

  await alice.goto(`/dm/${bobAccount.user.id}`);
  await expect(alice.getByRole('heading', { name: bobAccount.username, level: 2 })).toBeVisible();
  await expect(alice.getByText(/^Direct Message/)).toBeVisible();
  await sendDm(alice, bobAccount.username, 'Fancy a walk later?');
  await sendDm(alice, bobAccount.username, 'Around five maybe');

  // Bob is elsewhere: the popup says who wrote, and the DM list counts two unread.
  const popups = bob.getByRole('region', { name: 'Notification popups' });
  await expect(popups.getByText(aliceAccount.username).first()).toBeVisible();
  await bob.getByRole('tab', { name: /Direct Messages/ }).click();
  const row = bob.getByRole('button', { name: new RegExp(`^${aliceAccount.username}, 2 unread`) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Around five maybe');
  await row.click();
  await expect(bob).toHaveURL(new RegExp(`/dm/${aliceAccount.user.id}$`));
  await expect(message(bob, 'Fancy a walk later?')).toBeVisible();
  await sendDm(bob, aliceAccount.username, 'Five works!');
  await expect(message(alice, 'Five works!')).toBeVisible();

  // Having read them, Bob's list has nothing unread any more.
  await bob.goBack();
  await bob.getByRole('tab', { name: /Direct Messages/ }).click();
  await expect(bob.getByRole('button', { name: new RegExp(`^${aliceAccount.username}$`) })).toBeVisible();
});

test('blocking stops the conversation on both sides', async ({ api, newUser, signedInPage }) => {
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  await api.befriend(aliceAccount, bobAccount);
  const alice = await signedInPage(aliceAccount);
  await alice.goto(`/dm/${bobAccount.user.id}`);
  await sendDm(alice, bobAccount.username, 'Before the block');

  await api.request('POST', `/friends/block/${aliceAccount.user.id}`, bobAccount);
  const box = dmComposer(alice, bobAccount.username);
  await box.fill('After the block');
  await box.press('Enter');
  const toast = alice.getByRole('alert').filter({ hasText: 'Cannot Send Message' });
  await expect(toast).toContainText('You cannot send messages to this user');
  // The message stays, failed, with the reason and Retry.
  await expect(message(alice, 'After the block')).toContainText('Not sent');

  const bob = await signedInPage(bobAccount);
  await bob.goto(`/dm/${aliceAccount.user.id}`);
  await expect(bob.getByText('Cannot View Conversation')).toBeVisible();
  await expect(message(bob, 'Before the block')).toHaveCount(0);
});

test('the Guardian conversation is read-only', async ({ admin, api, newUser, signedInPage }) => {
  const account = await newUser('reader');
  // Guardian writes to a user through the admin's Guardian message (the admin panel's dialog).
  await api.request('POST', '/admin/guardian/send-message', admin, {
    user_id: account.user.id,
    title: 'Welcome aboard',
    content: 'Stay safe out there.',
  });
  const page = await signedInPage(account);
  await page.getByRole('tab', { name: /Direct Messages/ }).click();
  const row = page.getByRole('button', { name: /^Guardian/ });
  await expect(row).toContainText('SYSTEM');
  await row.click();
  await expect(message(page, 'Stay safe out there.')).toBeVisible();
  await expect(page.getByText('This is a system conversation. You cannot reply to Guardian messages.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Message/ })).toHaveCount(0);
});
