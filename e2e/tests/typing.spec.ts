import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { composer, connectionChip, message, openChannel, send, sendButton } from '../support/chat.js';

/** The line under the composer that says who is typing. */
const typingLine = (page: Page, text: string): Locator => page.getByText(text, { exact: true });

/**
 * Types as a person does, once the live connection is up (Send enabled says so): the text goes in a
 * key at a time, and each change may tell the others.
 */
async function startTyping(page: Page, box: Locator, text: string): Promise<void> {
  await box.fill(text.slice(0, 1));
  await expect(sendButton(page)).toBeEnabled();
  await box.pressSequentially(text.slice(1), { delay: 30 });
}

test('two people in a channel see each other typing, until the message arrives', async ({
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('typing');
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  const alice = await signedInPage(aliceAccount);
  const bob = await signedInPage(bobAccount);
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);
  await expect(connectionChip(bob, 'Connected')).toBeVisible();

  const aliceTyping = `${aliceAccount.username} is typing…`;
  await startTyping(alice, composer(alice, channel.name), 'Hello Bob');
  await expect(typingLine(bob, aliceTyping)).toBeVisible();
  // Nobody is told about their own typing.
  await expect(alice.getByText(/is typing…$/)).toHaveCount(0);

  // Alice's message ends it at once, long before the 10 s are up.
  await composer(alice, channel.name).press('Enter');
  await expect(message(bob, 'Hello Bob')).toBeVisible();
  await expect(typingLine(bob, aliceTyping)).toHaveCount(0, { timeout: 2_000 });

  // Both typing: each sees the other.
  await startTyping(bob, composer(bob, channel.name), 'Hi Alice');
  await expect(typingLine(alice, `${bobAccount.username} is typing…`)).toBeVisible();
  await send(bob, channel.name, 'Hi Alice, and hello');
  await expect(typingLine(alice, `${bobAccount.username} is typing…`)).toHaveCount(0, { timeout: 2_000 });

  // A slash command is run, not posted: typing one tells nobody. Bob's message just arrived, so
  // anything Alice typed now would be told at once: a second after, there is still nothing.
  await startTyping(alice, composer(alice, channel.name), '/shrug');
  await alice.waitForTimeout(1_000);
  await expect(bob.getByText(/is typing…$/)).toHaveCount(0);
});

test('two friends in a direct message see each other typing, and it goes after 10 s', async ({
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
  await bob.goto(`/dm/${aliceAccount.user.id}`);
  // A message each way shows both live connections up.
  const aliceBox = alice.getByPlaceholder(`Message @${bobAccount.username}`);
  await startTyping(alice, aliceBox, 'Hi there');
  await aliceBox.press('Enter');
  await expect(message(bob, 'Hi there')).toBeVisible();

  const bobBox = bob.getByPlaceholder(`Message @${aliceAccount.username}`);
  await startTyping(bob, bobBox, 'Are you free');
  const line = typingLine(alice, `${bobAccount.username} is typing…`);
  await expect(line).toBeVisible();
  // The line is a polite live region: a screen reader hears it without being interrupted.
  await expect(alice.locator('[aria-live="polite"]', { hasText: 'is typing…' })).toHaveCount(1);
  await expect(bob.getByText(/is typing…$/)).toHaveCount(0);

  // Bob stops typing without sending: the line goes 10 s after his last word of it.
  await expect(line).toHaveCount(0, { timeout: 15_000 });
});
