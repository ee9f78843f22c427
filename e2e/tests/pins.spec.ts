import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { channelSidebar, message, openChannel } from '../support/chat.js';
import { expectNoAxeViolations } from '../support/axe.js';

/** Pins a message from its context menu, as a person does. */
async function pinFromMenu(page: Page, text: string) {
  await message(page, text).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Pin Message', exact: true }).click();
}

/** Opens the header's pinned messages panel and answers it. */
async function openPins(page: Page) {
  await page.getByRole('button', { name: 'Pinned messages', exact: true }).click();
  return page.getByRole('dialog', { name: 'Pinned messages' });
}

test('an admin pins a message; the other sees the line live, finds it in the pins list and jumps to it', async ({
  admin,
  api,
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('pins');
  const bobAccount = await newUser('bob');
  await api.sendMessage(bobAccount, channel.id, 'the release checklist is in the wiki');
  await api.sendMessage(bobAccount, channel.id, 'ping me with questions');

  const adminPage = await signedInPage(admin);
  const bob = await signedInPage(bobAccount);
  await openChannel(adminPage, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);

  // The admin pins Bob's message through its context menu; Bob sees the line arrive.
  await pinFromMenu(adminPage, 'the release checklist is in the wiki');
  const line = `${admin.user.username} pinned a message to this channel`;
  await expect(bob.getByText(line)).toBeVisible();
  await expect(adminPage.getByText(line)).toBeVisible();
  await expectNoAxeViolations(bob, 'a channel with a pin line');
  // Its menu now offers to unpin it.
  await message(adminPage, 'the release checklist is in the wiki').click({ button: 'right' });
  await expect(adminPage.getByRole('menuitem', { name: 'Unpin Message', exact: true })).toBeVisible();
  await adminPage.keyboard.press('Escape');

  // Enough talk after it that a freshly opened channel no longer holds it.
  for (let i = 1; i <= 70; i++) await api.sendMessage(bobAccount, channel.id, `chatter ${i}`);
  await channelSidebar(bob).getByRole('button', { name: 'general', exact: true }).click();
  await openChannel(bob, group.name, channel.name);
  await expect(message(bob, 'chatter 70')).toBeVisible();
  await expect(message(bob, 'the release checklist is in the wiki')).toHaveCount(0);

  // Bob finds it in the header's pins list and jumps there: loaded, centred and highlighted.
  const panel = await openPins(bob);
  const list = panel.getByRole('list', { name: 'Pinned messages' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('the release checklist is in the wiki');
  await expect(list).toContainText(bobAccount.username);
  // A member may look, not unpin.
  await expect(list.getByRole('button', { name: /^Unpin/ })).toHaveCount(0);
  await bob.screenshot({ path: testInfo.outputPath('pins-panel.png') });
  await expectNoAxeViolations(bob, 'the pins panel');
  await list.getByRole('button', { name: `Jump to the message from ${bobAccount.username}` }).click();
  await expect(panel).toHaveCount(0);
  const pinned = message(bob, 'the release checklist is in the wiki');
  await expect(pinned).toBeInViewport();
  await expect(pinned).toHaveAttribute('data-highlighted', 'true');
  await bob.screenshot({ path: testInfo.outputPath('pins-jump.png') });

  // The admin unpins it from the panel; Bob's list empties live.
  const bobPanel = await openPins(bob);
  const adminPanel = await openPins(adminPage);
  await adminPanel.getByRole('button', { name: `Unpin the message from ${bobAccount.username}`, exact: true }).click();
  await expect(bobPanel.getByText("This channel doesn't have any pinned messages yet.")).toBeVisible();
  await expect(adminPanel.getByText("This channel doesn't have any pinned messages yet.")).toBeVisible();
});

test('either person pins in a direct message', async ({ api, newUser, signedInPage }) => {
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  await api.befriend(aliceAccount, bobAccount);
  await api.request('POST', '/dm/send', bobAccount, { recipient_id: aliceAccount.user.id, content: 'Movie at eight?' });
  await api.request('POST', '/dm/send', aliceAccount, {
    recipient_id: bobAccount.user.id,
    content: 'Meet at the door',
  });
  const alice = await signedInPage(aliceAccount);
  const bob = await signedInPage(bobAccount);
  await alice.goto(`/dm/${bobAccount.user.id}`);
  await bob.goto(`/dm/${aliceAccount.user.id}`);

  // Alice pins Bob's message; Bob sees the line live.
  await pinFromMenu(alice, 'Movie at eight?');
  await expect(bob.getByText(`${aliceAccount.username} pinned a message to this conversation`)).toBeVisible();
  // Bob pins Alice's; Alice sees it.
  await pinFromMenu(bob, 'Meet at the door');
  await expect(alice.getByText(`${bobAccount.username} pinned a message to this conversation`)).toBeVisible();

  // Both are in the list, newest pinned first, and either may unpin.
  const panel = await openPins(bob);
  const entries = panel.getByRole('list', { name: 'Pinned messages' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Meet at the door');
  await expect(entries.nth(1)).toContainText('Movie at eight?');
  await panel.getByRole('button', { name: `Unpin the message from ${aliceAccount.username}`, exact: true }).click();
  await expect(entries).toHaveCount(1);
  await expect(entries.nth(0)).toContainText('Movie at eight?');
});
