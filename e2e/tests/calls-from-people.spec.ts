import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import type { Account } from '../support/api.js';
import { groupRail, message, openChannel } from '../support/chat.js';
import { pngBytes } from '../support/images.js';
import { VOICE_PAGE } from '../support/voice.js';

// A call started from a friend row or a profile popup is a real DM call, as in dm-call.spec.ts.
test.describe.configure({ timeout: 120_000 });

/** The call box (CallModal): 'Calling...', 'Incoming call...', the timer. */
const callBox = (page: Page): Locator => page.getByRole('dialog', { name: 'Voice call' });

/** The header of the open DM chat with `other`: their name, presence and the call button. */
const dmHeader = (page: Page, other: Account): Locator =>
  page
    .getByRole('region', { name: `Direct message with ${other.username}` })
    .locator('header', { has: page.getByRole('heading', { level: 2, name: other.username }) });

test('a friend row’s Call opens the conversation and rings the friend; the call box shows pictures and leaves the header free', async ({
  api,
  newUser,
  signedInPage,
}) => {
  const ann = await newUser('ann');
  const ben = await newUser('ben');
  await api.befriend(ann, ben);
  const annPicture = await api.uploadAvatar(ann, pngBytes(64, 64, [220, 40, 40]));
  const benPicture = await api.uploadAvatar(ben, pngBytes(64, 64, [40, 40, 220]));
  const benPage = await signedInPage(ben, VOICE_PAGE);
  const annPage = await signedInPage(ann, VOICE_PAGE);

  // Home opens on the Friends tab; Ben's row has Call beside Message.
  await groupRail(annPage).getByRole('button', { name: 'Home', exact: true }).click();
  await expect(annPage.getByRole('tab', { name: 'Friends', exact: true })).toHaveAttribute('aria-selected', 'true');
  await annPage.getByRole('button', { name: `Call ${ben.username}`, exact: true }).click();
  await expect(annPage).toHaveURL(new RegExp(`/dm/${ben.user.id}$`));
  await expect(callBox(annPage).getByText('Calling...')).toBeVisible();
  await expect(callBox(annPage).locator('img')).toHaveAttribute('src', benPicture);
  await expect(callBox(annPage).locator('img')).toHaveAttribute('alt', ben.username);

  // The box sits above the conversation's header, not over it: the header's call button takes clicks.
  const header = dmHeader(annPage, ben);
  await expect(header).toBeVisible();
  const box = await callBox(annPage).boundingBox();
  const head = await header.boundingBox();
  expect(box && head, 'the call box and the DM header are laid out').toBeTruthy();
  expect(box!.y + box!.height, 'the call box ends where the DM header begins').toBeLessThanOrEqual(head!.y + 0.5);
  await header.getByRole('button', { name: 'Start voice call' }).click({ trial: true });

  // Ben's tab rings with Ann's picture; he declines, and the call ends on both sides.
  await expect(callBox(benPage).getByText('Incoming call...')).toBeVisible();
  await expect(callBox(benPage).locator('img')).toHaveAttribute('src', annPicture);
  await callBox(benPage).getByRole('button', { name: 'Decline' }).click();
  await expect(callBox(annPage).getByText('Call ended')).toBeVisible();
  await expect(callBox(benPage)).toBeHidden({ timeout: 10_000 });
});

test('the profile popup’s Voice Call calls a friend; a stranger’s popup offers none', async ({
  api,
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('callpop');
  const ann = await newUser('ann');
  const ben = await newUser('ben');
  const cat = await newUser('cat');
  await api.befriend(ann, ben);
  await api.sendMessage(ben, channel.id, 'Ring me when you can');
  await api.sendMessage(cat, channel.id, 'I am new here');
  const benPage = await signedInPage(ben, VOICE_PAGE);
  const annPage = await signedInPage(ann, VOICE_PAGE);
  await openChannel(annPage, group.name, channel.name);

  await message(annPage, 'I am new here').getByRole('button', { name: cat.username, exact: true }).click();
  const stranger = annPage.getByRole('dialog', { name: cat.username });
  await expect(stranger.getByRole('button', { name: 'Add Friend' })).toBeVisible();
  await expect(stranger.getByRole('button', { name: 'Voice Call' })).toHaveCount(0);
  await annPage.keyboard.press('Escape');
  await expect(stranger).toBeHidden();

  await message(annPage, 'Ring me when you can').getByRole('button', { name: ben.username, exact: true }).click();
  const popup = annPage.getByRole('dialog', { name: ben.username });
  await popup.getByRole('button', { name: 'Voice Call' }).click();
  await expect(popup).toBeHidden();
  await expect(annPage).toHaveURL(new RegExp(`/dm/${ben.user.id}$`));
  await expect(callBox(annPage).getByText('Calling...')).toBeVisible();
  await expect(annPage.getByRole('region', { name: `Call with ${ben.username}` })).toBeVisible();

  await expect(callBox(benPage).getByText('Incoming call...')).toBeVisible();
  await expect(callBox(benPage).getByText(ann.username)).toBeVisible();
  await callBox(annPage).getByRole('button', { name: 'End call' }).click();
  await expect(callBox(benPage)).toBeHidden({ timeout: 10_000 });
});
