import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { message, openChannel } from '../support/chat.js';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search messages' });
const results = (page: Page) => page.getByRole('region', { name: 'Search results' });
const result = (page: Page, text: string) => results(page).getByRole('button').filter({ hasText: text });

/** A word of letters only, unique to this run, so the searches find only this scenario's messages. */
const uniqueWord = (base: string, unique: string) =>
  base + unique.replace(/[^a-z0-9]/gi, '').replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

/** Whether the middle of `item` is in the middle third of `list`: the jump centres what it shows. */
async function isCentred(item: Locator, list: Locator): Promise<boolean> {
  const [a, b] = [await item.boundingBox(), await list.boundingBox()];
  if (!a || !b) return false;
  const middle = a.y + a.height / 2;
  return middle > b.y + b.height / 3 && middle < b.y + (2 * b.height) / 3;
}

test('a person searches with a filter suggestion, pages the highlighted results and jumps far back', async ({
  api,
  freshChannel,
  newUser,
  signedInPage,
  uniqueName,
}, testInfo) => {
  const { group, channel } = await freshChannel('search');
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  const word = uniqueWord('lighthouse', uniqueName('w'));
  // Bob's old story (with talk before it, so it can be centred), then more than a page of results
  // after it from Alice, then talk that pushes it far out of the window of a freshly opened channel.
  for (let i = 1; i <= 20; i++) await api.sendMessage(aliceAccount, channel.id, `early chat ${i}`);
  await api.sendMessage(bobAccount, channel.id, `the ${word} keeper story from long ago`);
  for (let i = 1; i <= 30; i++) await api.sendMessage(aliceAccount, channel.id, `${word} update ${i}`);
  for (let i = 1; i <= 60; i++) await api.sendMessage(aliceAccount, channel.id, `small talk ${i}`);

  const alice = await signedInPage(aliceAccount);
  await openChannel(alice, group.name, channel.name);

  // Ctrl+F is the app's search, not the browser's find.
  await alice.keyboard.press('ControlOrMeta+f');
  await expect(searchBox(alice)).toBeFocused();

  // Typing the start of a filter offers it; a click completes it, and the name follows.
  await searchBox(alice).pressSequentially(`${word} fr`);
  await alice.getByRole('option', { name: /^from:/ }).click();
  await expect(searchBox(alice)).toHaveValue(`${word} from:`);
  await searchBox(alice).pressSequentially(bobAccount.username);
  await searchBox(alice).press('Enter');
  await expect(results(alice).getByRole('heading', { name: '1 result' })).toBeVisible();
  await expect(result(alice, 'keeper story').locator('mark')).toHaveText(word);

  // The word alone: two pages, newest first, the matched word marked in each.
  await searchBox(alice).fill(word);
  await searchBox(alice).press('Enter');
  await expect(results(alice).getByRole('heading', { name: '31 results' })).toBeVisible();
  await expect(results(alice).getByText('Page 1 of 2')).toBeVisible();
  await expect(result(alice, `${word} update 30`)).toBeVisible();
  await expect(result(alice, `${word} update 30`).locator('mark')).toHaveText(word);
  await testInfo.attach('results', { body: await alice.screenshot(), contentType: 'image/png' });
  await results(alice).getByRole('button', { name: 'Next page' }).click();
  await expect(results(alice).getByText('Page 2 of 2')).toBeVisible();
  await expect(result(alice, `${word} update 30`)).toHaveCount(0);

  // The oldest result is far back: a click loads the history around it, centred and highlighted.
  await expect(message(alice, 'keeper story')).toHaveCount(0);
  await result(alice, 'keeper story').click();
  await expect(results(alice)).toHaveCount(0);
  const story = message(alice, 'keeper story');
  await expect(story).toBeInViewport();
  await expect(story).toHaveAttribute('data-highlighted', 'true');
  await expect.poll(() => isCentred(story, alice.getByRole('region', { name: 'Messages' }))).toBe(true);
});

test('a result in a direct message opens the conversation on it', async ({
  api,
  freshChannel,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const { group, channel } = await freshChannel('search-dm');
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  await api.befriend(aliceAccount, bobAccount);
  const word = uniqueWord('treasure', uniqueName('w'));

  const alice = await signedInPage(aliceAccount);
  const bob = await signedInPage(bobAccount);
  await bob.goto(`/dm/${aliceAccount.user.id}`);
  const box = bob.getByPlaceholder(`Message @${aliceAccount.username}`);
  await box.fill(`the ${word} map is under the oak`);
  await box.press('Enter');
  await expect(message(bob, `${word} map`)).toBeVisible();

  // Alice searches from a channel; the result says it is a direct message, and opens it.
  await openChannel(alice, group.name, channel.name);
  await searchBox(alice).fill(word);
  await searchBox(alice).press('Enter');
  await expect(results(alice).getByRole('heading', { name: '1 result' })).toBeVisible();
  await expect(result(alice, `${word} map`)).toContainText('Direct message');
  await result(alice, `${word} map`).click();
  await expect(alice).toHaveURL(new RegExp(`/dm/${bobAccount.user.id}$`));
  const found = message(alice, `${word} map`);
  await expect(found).toBeInViewport();
  await expect(found).toHaveAttribute('data-highlighted', 'true');

  // Bob's own search finds it too.
  await searchBox(bob).fill(word);
  await searchBox(bob).press('Enter');
  await expect(results(bob).getByRole('heading', { name: '1 result' })).toBeVisible();
});

test('on a phone the header keeps the channel name; a search button opens the box across it, and a result gives it back', async ({
  api,
  freshChannel,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const { group, channel } = await freshChannel('searchphone');
  const account = await newUser('thumb');
  const word = uniqueWord('lantern', uniqueName('w'));
  await api.sendMessage(account, channel.id, `the ${word} is on the shelf`);
  for (let i = 1; i <= 60; i++) await api.sendMessage(account, channel.id, `small talk ${i}`);

  const phone = await signedInPage(account, { viewport: { width: 390, height: 844 }, touch: true });
  await phone.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('button', { name: 'Groups' }).tap();
  await openChannel(phone, group.name, channel.name);
  const title = phone.getByRole('heading', { level: 2, name: `#${channel.name}`, exact: true });
  // The name has room to be read (a box beside it squeezed it to its first letter, 12 px wide).
  await expect(title).toBeVisible();
  expect((await title.boundingBox())!.width).toBeGreaterThan(60);
  await expect(searchBox(phone)).toHaveCount(0);

  await phone.getByRole('button', { name: 'Search messages' }).tap();
  await expect(searchBox(phone)).toBeFocused();
  const across = (await searchBox(phone).boundingBox())!;
  expect(across.width).toBeGreaterThan(250);
  await searchBox(phone).fill(word);
  await searchBox(phone).press('Enter');
  await expect(results(phone).getByRole('heading', { name: '1 result' })).toBeVisible();
  await result(phone, `${word} is on`).tap();
  await expect(message(phone, `${word} is on`)).toHaveAttribute('data-highlighted', 'true');
  // Back to the conversation: the header shows its name again, and the search button.
  await expect(title).toBeVisible();
  await expect(searchBox(phone)).toHaveCount(0);

  // Cancel puts the box away without searching.
  await phone.getByRole('button', { name: 'Search messages' }).tap();
  await phone.getByRole('button', { name: 'Cancel', exact: true }).tap();
  await expect(searchBox(phone)).toHaveCount(0);
  await expect(title).toBeVisible();
});
