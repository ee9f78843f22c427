import type { Locator, Page } from '@playwright/test';
import type { Account, Api } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { channelSidebar, groupRail, openChannel, send, message } from '../support/chat.js';
import { expectNoAxeViolations } from '../support/axe.js';

/** Where a group (the rail) or a channel (the sidebar) is listed. */
type Place = 'rail' | 'sidebar';
const landmark = (page: Page, place: Place): Locator => (place === 'rail' ? groupRail(page) : channelSidebar(page));
const button = (page: Page, place: Place, name: string): Locator =>
  landmark(page, place).getByRole('button', { name, exact: true });
/** The row of a group or channel, which holds its unread pill and mention count beside its button. */
const row = (page: Page, place: Place, name: string): Locator =>
  landmark(page, place)
    .locator('li')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
const mentionBadge = (page: Page, place: Place, name: string): Locator =>
  row(page, place, name).locator('[data-mention-badge]');
const unreadPill = (page: Page, place: Place, name: string): Locator =>
  row(page, place, name).locator('[data-unread-pill]');

/** What the server says of a group for this user, so a check is not only of the screen. */
async function groupStatus(api: Api, user: Account, groupId: number) {
  const all = await api.request<{ group_id: number; total_unread_mentions: number; has_unread_messages: boolean }[]>(
    'GET',
    '/group/read-status/all',
    user,
  );
  return all.find((s) => s.group_id === groupId);
}

test('a mention lights up the channel and its group until it is read, in every tab of the reader', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}, testInfo) => {
  const group = await api.createGroup(admin, uniqueName('Reads'));
  // 'lounge' comes first by name, so opening the group lands there, away from 'talk'.
  await api.createChannel(admin, group.id, 'lounge');
  await api.createChannel(admin, group.id, 'talk');
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  const alice = await signedInPage(aliceAccount);
  const bob = await signedInPage(bobAccount);
  await openChannel(alice, group.name, 'talk');

  // Bob is elsewhere when Alice mentions him: the group on his rail shows it.
  await send(alice, 'talk', `@${bobAccount.username} can you look at this?`);
  await expect(mentionBadge(bob, 'rail', group.name)).toHaveText('1');
  await expect(unreadPill(bob, 'rail', group.name)).toBeVisible();
  await expect(button(bob, 'rail', group.name)).toHaveAccessibleDescription('Unread messages, 1 mention');

  // In the group, the channel shows it too; the channel he landed in does not.
  await button(bob, 'rail', group.name).click();
  await expect(button(bob, 'sidebar', 'lounge')).toHaveAttribute('aria-current', 'page');
  await expect(mentionBadge(bob, 'sidebar', 'talk')).toHaveText('1');
  await expect(unreadPill(bob, 'sidebar', 'talk')).toBeVisible();
  await expect(button(bob, 'sidebar', 'talk')).toHaveAccessibleDescription('Unread messages, 1 mention');
  await expect(mentionBadge(bob, 'sidebar', 'lounge')).toHaveCount(0);
  await expect(mentionBadge(bob, 'rail', group.name)).toHaveText('1');
  await bob.screenshot({ path: testInfo.outputPath('badges.png'), clip: { x: 0, y: 0, width: 320, height: 240 } });
  await expectNoAxeViolations(bob, 'the shell with unread marks');

  // Opening the channel reads it: the marks go, from the sidebar and the rail, and on the server.
  await button(bob, 'sidebar', 'talk').click();
  // In the list (the mention's popup may still show the same words for a few seconds).
  await expect(message(bob, 'can you look at this?')).toBeVisible();
  await expect(mentionBadge(bob, 'sidebar', 'talk')).toHaveCount(0);
  await expect(unreadPill(bob, 'sidebar', 'talk')).toHaveCount(0);
  await expect(mentionBadge(bob, 'rail', group.name)).toHaveCount(0);
  await expect.poll(async () => (await groupStatus(api, bobAccount, group.id))?.total_unread_mentions).toBe(0);

  // A second tab of Bob's; both see the next mention.
  await button(bob, 'sidebar', 'lounge').click();
  const bobsOtherTab = await bob.context().newPage();
  await bobsOtherTab.goto(bob.url());
  await expect(button(bobsOtherTab, 'sidebar', 'lounge')).toHaveAttribute('aria-current', 'page');
  await send(alice, 'talk', `@${bobAccount.username} and one more thing`);
  for (const page of [bob, bobsOtherTab]) {
    await expect(mentionBadge(page, 'sidebar', 'talk')).toHaveText('1');
    await expect(mentionBadge(page, 'rail', group.name)).toHaveText('1');
  }

  // He marks it read from the channel's menu in one tab; the other follows.
  await button(bob, 'sidebar', 'talk').click({ button: 'right' });
  await bob.getByRole('menuitem', { name: 'Mark as Read' }).click();
  await expect(mentionBadge(bob, 'sidebar', 'talk')).toHaveCount(0);
  await expect(mentionBadge(bobsOtherTab, 'sidebar', 'talk')).toHaveCount(0);
  await expect(unreadPill(bobsOtherTab, 'sidebar', 'talk')).toHaveCount(0);
  await expect(mentionBadge(bobsOtherTab, 'rail', group.name)).toHaveCount(0);
  // With nothing unread, the menu offers no Mark as Read.
  await button(bobsOtherTab, 'sidebar', 'talk').click({ button: 'right' });
  await expect(bobsOtherTab.getByRole('menuitem', { name: 'Copy Channel ID' })).toBeVisible();
  await expect(bobsOtherTab.getByRole('menuitem', { name: 'Mark as Read' })).toHaveCount(0);
});

test('a group is marked read from its menu, and someone else’s @everyone does not ping', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const group = await api.createGroup(admin, uniqueName('Gread'));
  const one = await api.createChannel(admin, group.id, 'one');
  const two = await api.createChannel(admin, group.id, 'two');
  const alice = await newUser('alice');
  const bobAccount = await newUser('bob');
  const bob = await signedInPage(bobAccount);
  await expect(button(bob, 'rail', group.name)).toBeVisible();

  await api.sendMessage(alice, one.id, '@everyone from someone who is no admin');
  await expect(unreadPill(bob, 'rail', group.name)).toBeVisible();
  await expect(mentionBadge(bob, 'rail', group.name)).toHaveCount(0);
  await api.sendMessage(admin, two.id, '@everyone from the admin');
  await expect(mentionBadge(bob, 'rail', group.name)).toHaveText('1');

  await button(bob, 'rail', group.name).click({ button: 'right' });
  await bob.getByRole('menuitem', { name: 'Mark as Read' }).click();
  await expect(mentionBadge(bob, 'rail', group.name)).toHaveCount(0);
  await expect(unreadPill(bob, 'rail', group.name)).toHaveCount(0);
  // The screen clears at once; the server has it when the request lands.
  await expect
    .poll(() => groupStatus(api, bobAccount, group.id))
    .toMatchObject({ total_unread_mentions: 0, has_unread_messages: false });
});
