import { expect, test } from '../support/fixtures.js';
import { composer, message, openChannel } from '../support/chat.js';

test('typing @ and the start of a name suggests people who can see the channel; Enter inserts the mention', async ({
  admin,
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('mentionpop');
  const bobAccount = await newUser('bobby');
  // An admin writes: @everyone is offered only to those who may use it.
  const alice = await signedInPage(admin);
  await openChannel(alice, group.name, channel.name);

  const box = composer(alice, channel.name);
  const popup = alice.getByRole('listbox', { name: 'Members' });
  await box.pressSequentially(`Lunch, @${bobAccount.username.slice(0, 4)}`);
  await expect(popup.getByRole('option', { name: new RegExp(bobAccount.username) })).toBeVisible();
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await alice.screenshot({ path: testInfo.outputPath('mention-popup.png') });
  await box.press('Enter');
  await expect(box).toHaveValue(`Lunch, @${bobAccount.username} `);
  await expect(popup).toBeHidden();

  // @everyone is offered with its note; Escape closes the popup and keeps the text.
  await box.pressSequentially('and @every');
  await expect(popup.getByRole('option', { name: /@everyone/ })).toContainText('Admin Only');
  await box.press('Escape');
  await expect(popup).toBeHidden();
  await expect(box).toHaveValue(`Lunch, @${bobAccount.username} and @every`);

  // Someone who is not in the channel's group is never suggested.
  await box.fill('');
  await box.pressSequentially('@nobody_by_this_name');
  await expect(popup).toBeHidden();

  await box.fill(`Lunch, @${bobAccount.username}?`);
  await box.press('Enter');
  const bob = await signedInPage(bobAccount);
  await openChannel(bob, group.name, channel.name);
  // Bob sees his name highlighted in a message marked as mentioning him.
  await expect(message(bob, 'Lunch,').getByText(`@${bobAccount.username}`)).toBeVisible();
});
