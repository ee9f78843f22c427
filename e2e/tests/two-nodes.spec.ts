import type { Locator, Page } from '@playwright/test';
import { expect, test as base } from '../support/fixtures.js';
import type { Account } from '../support/api.js';
import { composer, message, openChannel, send, sendButton } from '../support/chat.js';
import { TwoNodes } from '../support/two-nodes.js';
import { PreviewSite } from '@hearth/server/testing';

/**
 * People on two nodes of one cluster: Alice's browser talks to the first node, Bob's to the second,
 * so everything one of them sees of the other crossed the bus between the nodes.
 */
const test = base.extend<{ site: PreviewSite; nodes: TwoNodes }>({
  // A local site with OpenGraph pages, which both nodes may fetch (UNFURL_ALLOWED_HOSTS), as an intranet.
  // eslint-disable-next-line no-empty-pattern
  site: async ({}, use) => {
    const site = await PreviewSite.start();
    try {
      await use(site);
    } finally {
      await site.close();
    }
  },
  nodes: async ({ site }, use, testInfo) => {
    const nodes = await TwoNodes.start({ UNFURL_ALLOWED_HOSTS: site.allowedHost });
    try {
      await use(nodes);
    } finally {
      if (testInfo.status !== testInfo.expectedStatus) console.log(nodes.output());
      await nodes.dispose();
    }
  },
});
test.describe.configure({ timeout: 120_000 });

/** The one-line preview above a reply, naming the original's author. */
const replyPreview = (page: Page, replyText: string, author: string): Locator =>
  message(page, replyText).getByRole('button', { name: new RegExp(`Replying to ${author}`) });

async function people(nodes: TwoNodes): Promise<{ admin: Account; alice: Account; bob: Account }> {
  const api = nodes.api(nodes.first);
  const admin = await api.register('cluster_admin'); // the instance's first account, so the admin
  const alice = await api.register('alice');
  const bob = await nodes.api(nodes.second).register('bob');
  return { admin, alice, bob };
}

test('a reply and typing cross from one node to the other in a channel', async ({ browser, nodes }) => {
  const { alice: aliceAccount, bob: bobAccount } = await people(nodes);
  const alice = await nodes.signedInPage(browser, nodes.first, aliceAccount);
  const bob = await nodes.signedInPage(browser, nodes.second, bobAccount);
  await openChannel(alice, 'Hearth', 'general');
  await openChannel(bob, 'Hearth', 'general');

  await send(bob, 'general', 'who has the projector key?');
  await expect(message(alice, 'who has the projector key?')).toBeVisible();

  // Alice starts typing her reply on the first node; Bob, on the second, sees it.
  await message(alice, 'who has the projector key?').hover();
  await message(alice, 'who has the projector key?').getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(alice.getByRole('group', { name: `Replying to ${bobAccount.username}` })).toBeVisible();
  const box = composer(alice, 'general');
  await box.fill('I');
  await expect(sendButton(alice)).toBeEnabled();
  await box.pressSequentially(' do, it is in the drawer', { delay: 30 });
  await expect(bob.getByText(`${aliceAccount.username} is typing…`, { exact: true })).toBeVisible();

  // The reply arrives with its preview and ends the typing line.
  await box.press('Enter');
  await expect(replyPreview(bob, 'I do, it is in the drawer', bobAccount.username)).toContainText(
    'who has the projector key?',
  );
  await expect(bob.getByText(`${aliceAccount.username} is typing…`, { exact: true })).toHaveCount(0, {
    timeout: 2_000,
  });
  // Bob's preview jumps to the original, highlighted.
  await replyPreview(bob, 'I do, it is in the drawer', bobAccount.username).click();
  const original = message(bob, 'who has the projector key?').filter({
    hasNot: bob.getByRole('button', { name: /^Replying to /, includeHidden: true }),
  });
  await expect(original).toHaveAttribute('data-highlighted', 'true');
});

test('a direct message reply and typing cross between the nodes', async ({ browser, nodes }) => {
  const { alice: aliceAccount, bob: bobAccount } = await people(nodes);
  await nodes.api(nodes.first).befriend(aliceAccount, bobAccount);
  const alice = await nodes.signedInPage(browser, nodes.first, aliceAccount);
  const bob = await nodes.signedInPage(browser, nodes.second, bobAccount);
  await alice.goto(`/dm/${bobAccount.user.id}`);
  await bob.goto(`/dm/${aliceAccount.user.id}`);

  const aliceBox = alice.getByPlaceholder(`Message @${bobAccount.username}`);
  await aliceBox.fill('Dinner at eight?');
  await expect(sendButton(alice)).toBeEnabled();
  await aliceBox.press('Enter');
  await expect(message(bob, 'Dinner at eight?')).toBeVisible();

  await message(bob, 'Dinner at eight?').click({ button: 'right' });
  await bob.getByRole('menuitem', { name: 'Reply', exact: true }).click();
  const bobBox = bob.getByPlaceholder(`Message @${aliceAccount.username}`);
  await bobBox.fill('S');
  await expect(sendButton(bob)).toBeEnabled();
  await bobBox.pressSequentially('ounds good', { delay: 30 });
  await expect(alice.getByText(`${bobAccount.username} is typing…`, { exact: true })).toBeVisible();
  await bobBox.press('Enter');
  await expect(replyPreview(alice, 'Sounds good', aliceAccount.username)).toContainText('Dinner at eight?');
  await expect(alice.getByText(`${bobAccount.username} is typing…`, { exact: true })).toHaveCount(0, {
    timeout: 2_000,
  });
});

test('a pin and a link preview made on one node show live on the other', async ({ browser, nodes, site }) => {
  const { admin: adminAccount, bob: bobAccount } = await people(nodes);
  const admin = await nodes.signedInPage(browser, nodes.first, adminAccount);
  const bob = await nodes.signedInPage(browser, nodes.second, bobAccount);
  await openChannel(admin, 'Hearth', 'general');
  await openChannel(bob, 'Hearth', 'general');

  // Bob's link, fetched by the second node: the card reaches the admin on the first, its picture
  // through the first node's media proxy.
  await send(bob, 'general', `the venue: ${site.url('/og?n=venue')}`);
  const card = admin.getByRole('group', { name: 'Preview title venue' });
  await expect(card.getByText('What page venue is about')).toBeVisible();
  const image = card.locator('img');
  await expect(image).toHaveAttribute('src', /^\/api\/media-proxy\?/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  // The admin pins it on the first node; Bob, on the second, sees the line and finds it in the list.
  await message(admin, 'the venue:').click({ button: 'right' });
  await admin.getByRole('menuitem', { name: 'Pin Message', exact: true }).click();
  await expect(bob.getByText(`${adminAccount.username} pinned a message to this channel`)).toBeVisible();
  await bob.getByRole('button', { name: 'Pinned messages', exact: true }).click();
  await expect(bob.getByRole('dialog', { name: 'Pinned messages' })).toContainText('the venue:');
});
