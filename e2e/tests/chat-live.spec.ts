import { expect, test } from '../support/fixtures.js';
import {
  composer,
  deleteDialog,
  message,
  messageAction,
  openChannel,
  send,
  sendButton,
  TEXT,
} from '../support/chat.js';

test('two people chat live in two browsers', async ({ freshChannel, newUser, signedInPage }) => {
  const { group, channel } = await freshChannel('lobby');
  const alice = await signedInPage(await newUser('alice'));
  const bob = await signedInPage(await newUser('bob'));
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);
  await expect(alice.getByText(TEXT.empty)).toBeVisible();

  await send(alice, channel.name, 'Hello Bob, are you there?');
  await expect(message(bob, 'Hello Bob, are you there?')).toBeVisible();
  await send(bob, channel.name, 'Yes Alice, loud and clear.');
  await expect(message(alice, 'Yes Alice, loud and clear.')).toBeVisible();

  // The Send button works too, and is disabled while the box is empty.
  await expect(sendButton(alice)).toBeDisabled();
  await composer(alice, channel.name).fill('Sent with the button');
  await sendButton(alice).click();
  await expect(message(bob, 'Sent with the button')).toBeVisible();
  await expect(bob.getByText(TEXT.empty)).toBeHidden();
});

test('an edit and a delete appear on the other side', async ({ freshChannel, newUser, signedInPage }) => {
  const { group, channel } = await freshChannel('edits');
  const alice = await signedInPage(await newUser('alice'));
  const bob = await signedInPage(await newUser('bob'));
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);

  await send(alice, channel.name, 'See you at 5');
  await send(alice, channel.name, 'This one was a mistake');
  await expect(message(bob, 'This one was a mistake')).toBeVisible();

  // Edit inline from the right-click menu: the editor takes the keyboard; Escape cancels, Ctrl+Enter saves.
  await messageAction(alice, 'See you at 5', 'Edit');
  const editor = alice.getByRole('textbox', { name: 'Edit message' });
  await expect(editor).toHaveValue('See you at 5');
  await expect(editor).toBeFocused();
  await alice.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await messageAction(alice, 'See you at 5', 'Edit');
  await expect(editor).toBeFocused();
  await alice.keyboard.press('Control+A');
  await alice.keyboard.type('See you at 6');
  await alice.keyboard.press('Control+Enter');
  await expect(editor).toBeHidden();
  await expect(message(alice, 'See you at 6')).toBeVisible();
  await expect(message(bob, 'See you at 6')).toBeVisible();
  await expect(bob.getByText('See you at 5', { exact: true })).toHaveCount(0);

  // Delete from the message's actions button, through the confirm dialog; Cancel first keeps it.
  await message(alice, 'This one was a mistake').hover();
  await message(alice, 'This one was a mistake').getByRole('button', { name: 'Message actions' }).click();
  await alice.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  let dialog = deleteDialog(alice);
  await expect(dialog.getByText(TEXT.deleteBody)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(message(alice, 'This one was a mistake')).toBeVisible();
  await messageAction(alice, 'This one was a mistake', 'Delete');
  await expect(deleteDialog(alice)).toBeVisible();
  await alice.keyboard.press('Escape');
  await expect(deleteDialog(alice)).toBeHidden();

  await messageAction(alice, 'This one was a mistake', 'Delete');
  dialog = deleteDialog(alice);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(message(alice, 'This one was a mistake')).toHaveCount(0);
  await expect(message(bob, 'This one was a mistake')).toHaveCount(0);
  await expect(message(bob, 'See you at 6')).toBeVisible();
});

test('an admin removes a message and both sides see the notice', async ({
  admin,
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('moderated');
  const bobAccount = await newUser('bob');
  const bob = await signedInPage(bobAccount);
  const boss = await signedInPage(admin);
  await openChannel(bob, group.name, channel.name);
  await openChannel(boss, group.name, channel.name);

  await send(bob, channel.name, 'Something against the rules');
  await expect(message(boss, 'Something against the rules')).toBeVisible();

  await messageAction(boss, 'Something against the rules', 'Delete');
  await deleteDialog(boss).getByRole('button', { name: 'Delete' }).click();
  await expect(message(boss, TEXT.adminRemoved)).toBeVisible();
  await expect(message(bob, TEXT.adminRemoved)).toBeVisible();
  await expect(bob.getByText('Something against the rules', { exact: true })).toHaveCount(0);

  // Its menu keeps what is not about the gone text: its ID and its author's profile.
  await message(bob, TEXT.adminRemoved).click({ button: 'right' });
  await expect(bob.getByRole('menuitem', { name: 'Copy Message ID' })).toBeVisible();
  await expect(bob.getByRole('menuitem', { name: 'View Profile' })).toBeVisible();
  await expect(bob.getByRole('menuitem', { name: /^(Edit|Delete|Copy Text|Add Reaction)$/ })).toHaveCount(0);
});
