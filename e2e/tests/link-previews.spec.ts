import { PreviewSite } from '@hearth/server/testing';
import type { Locator, Page } from '@playwright/test';
import { test as base, expect } from '../support/fixtures.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { groupRail, message, openChannel, send, sendButton } from '../support/chat.js';
import { HearthServer } from '../support/server.js';

/*
 * Link previews as people see them: a local site with OpenGraph pages, which this file's server may
 * fetch although it is on this machine (UNFURL_ALLOWED_HOSTS names it, as an intranet would be).
 */
const test = base.extend<object, { site: PreviewSite }>({
  site: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await PreviewSite.start();
      try {
        await use(site);
      } finally {
        await site.close();
      }
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ pushService, site }, use) => {
      const server = await HearthServer.start({
        env: { PUSH_ENDPOINT_ORIGINS: pushService.origin, UNFURL_ALLOWED_HOSTS: site.allowedHost },
      });
      try {
        await use(server);
      } finally {
        await server.dispose();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

/** A preview card, by the page's title. */
const card = (page: Page, title: string): Locator => page.getByRole('group', { name: title });

/** The card shows its title as a link, its description, and its picture, loaded through the media proxy. */
async function expectCard(page: Page, title: string, description: string): Promise<void> {
  const shown = card(page, title);
  await expect(shown).toBeVisible();
  await expect(shown.getByRole('link', { name: title })).toBeVisible();
  await expect(shown.getByText(description)).toBeVisible();
  const image = shown.locator('img');
  await expect(image).toHaveAttribute('src', /^\/api\/media-proxy\?/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
}

test('a link sent in a channel gets a card on both screens, live, until its author removes it', async ({
  site,
  chattingUser,
  newUser,
  signedInPage,
}, testInfo) => {
  const { account, page: author, group, channel } = await chattingUser('lpauthor');
  const reader = await signedInPage(await newUser('lpreader'));
  await openChannel(reader, group.name, channel.name);
  await expect(message(reader, `hello from ${account.username}`)).toBeVisible();

  const link = site.url('/og?n=e2e');
  await send(author, channel.name, `Worth a read ${link}`);
  for (const page of [author, reader]) await expectCard(page, 'Preview title e2e', 'What page e2e is about');
  await expect(card(author, 'Preview title e2e')).toContainText('Example Site');
  await expectNoAxeViolations(author, 'a message with a link preview');
  await author.screenshot({ path: testInfo.outputPath('link-preview.png') });
  // Only the author may remove it.
  await expect(card(reader, 'Preview title e2e').getByRole('button', { name: /Remove preview/ })).toHaveCount(0);

  await card(author, 'Preview title e2e').getByRole('button', { name: 'Remove preview of Preview title e2e' }).click();
  for (const page of [author, reader]) await expect(card(page, 'Preview title e2e')).toHaveCount(0);
  await expect(message(reader, 'Worth a read')).toBeVisible();
});

test("'Show link previews' off hides the cards", async ({ site, chattingUser }) => {
  const { page, channel } = await chattingUser('lpswitch');
  await send(page, channel.name, `Switch me ${site.url('/og?n=switch')}`);
  await expect(card(page, 'Preview title switch')).toBeVisible();

  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Chat Settings' }).click();
  const toggle = settings.getByRole('switch', { name: 'Show link previews' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await settings.getByRole('button', { name: 'Close settings' }).click();

  await expect(message(page, 'Switch me')).toBeVisible();
  await expect(card(page, 'Preview title switch')).toHaveCount(0);
});

test('a link in a direct message gets a card for both participants, until its author removes it', async ({
  site,
  api,
  newUser,
  signedInPage,
}) => {
  const aliceAccount = await newUser('lpalice');
  const bobAccount = await newUser('lpbob');
  await api.befriend(aliceAccount, bobAccount);
  const alice = await signedInPage(aliceAccount);
  const bob = await signedInPage(bobAccount);
  await bob.goto(`/dm/${aliceAccount.user.id}`);
  await expect(bob.getByPlaceholder(`Message @${aliceAccount.username}`)).toBeVisible();
  await alice.goto(`/dm/${bobAccount.user.id}`);

  const box = alice.getByPlaceholder(`Message @${bobAccount.username}`);
  await box.fill(`Look ${site.url('/og?n=dm')}`);
  await expect(sendButton(alice)).toBeEnabled();
  await box.press('Enter');
  for (const page of [alice, bob]) await expectCard(page, 'Preview title dm', 'What page dm is about');
  await card(alice, 'Preview title dm').getByRole('button', { name: 'Remove preview of Preview title dm' }).click();
  for (const page of [alice, bob]) await expect(card(page, 'Preview title dm')).toHaveCount(0);
});

test('a GIF of another site is shown through the media proxy, blurred until clicked', async ({
  site,
  chattingUser,
}) => {
  const { page, channel } = await chattingUser('lpgif');
  await send(page, channel.name, `Dancing ${site.url('/anim.gif')}`);
  const gif = message(page, 'Dancing').getByRole('button', { name: 'Show NSFW GIF' });
  await expect(gif).toBeVisible();
  await expect(gif.locator('img')).toHaveAttribute('src', /^\/api\/media-proxy\?/);
  await gif.click();
  await expect(message(page, 'Dancing').getByRole('button', { name: 'Open GIF preview' })).toBeVisible();
});
