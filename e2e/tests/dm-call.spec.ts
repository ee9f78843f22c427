import { expect, test } from '../support/fixtures.js';
import { openChannel } from '../support/chat.js';
import { expectAudioFlowing, VOICE_PAGE } from '../support/voice.js';

test('a DM call rings, is answered, carries audio both ways and ends on both sides', async ({
  api,
  newUser,
  signedInPage,
}, testInfo) => {
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  await api.befriend(aliceAccount, bobAccount);
  const alice = await signedInPage(aliceAccount, VOICE_PAGE);
  const bob = await signedInPage(bobAccount, VOICE_PAGE);

  await alice.goto(`/dm/${bobAccount.user.id}`);
  await alice.getByRole('button', { name: 'Start voice call' }).click();
  const aliceCall = alice.getByRole('dialog', { name: 'Voice call' });
  await expect(aliceCall.getByText('Calling...')).toBeVisible();
  await expect(aliceCall.getByText(bobAccount.username)).toBeVisible();

  // Bob's tab rings wherever he is.
  const bobCall = bob.getByRole('dialog', { name: 'Voice call' });
  await expect(bobCall.getByText('Incoming call...')).toBeVisible();
  await expect(bobCall.getByText(aliceAccount.username)).toBeVisible();
  await bob.screenshot({ path: testInfo.outputPath('incoming-call.png') });
  await bobCall.getByRole('button', { name: 'Answer' }).click();

  // Spec 2 §4: answered, Bob's page goes to the DM with Alice and the call box hides after 500 ms;
  // the call is run from the banner above the conversation on both sides.
  await expect(bob).toHaveURL(new RegExp(`/dm/${aliceAccount.user.id}$`));
  const aliceBanner = alice.getByRole('region', { name: `Call with ${bobAccount.username}` });
  const bobBanner = bob.getByRole('region', { name: `Call with ${aliceAccount.username}` });
  await expect(aliceBanner.getByText(/^\d\d:\d\d$/)).toBeVisible({ timeout: 30_000 });
  await expect(bobBanner.getByText(/^\d\d:\d\d$/)).toBeVisible({ timeout: 30_000 });
  await expect(bobCall).toBeHidden();
  await expect(aliceCall).toBeHidden();
  await expectAudioFlowing(alice, 1);
  await expectAudioFlowing(bob, 1);

  // Bob mutes: Alice sees it.
  await bobBanner.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(bobBanner.getByRole('button', { name: 'Unmute', exact: true })).toBeVisible();
  await expect(
    aliceBanner.getByRole('group', { name: bobAccount.username, exact: true }).getByRole('img', { name: 'Muted' }),
  ).toBeVisible();

  // Away from the conversation, the call box is back: it is then the only way to run the call.
  await openChannel(bob, 'Hearth', 'general');
  await expect(bobCall.getByText(/^\d\d:\d\d$/)).toBeVisible();
  await expect(bobCall.getByRole('button', { name: 'Unmute' })).toBeVisible();

  await aliceBanner.getByRole('button', { name: 'End Call', exact: true }).click();
  await expect(aliceBanner).toBeHidden();
  await expect(alice.getByText('Call ended').first()).toBeVisible();
  await expect(bobCall.getByText('Call ended')).toBeVisible();
  await expect(bobCall).toBeHidden({ timeout: 10_000 });
  expect(await bob.locator('audio').count()).toBe(0);
});

test('a declined call ends for the caller too', async ({ api, newUser, signedInPage }) => {
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  await api.befriend(aliceAccount, bobAccount);
  const alice = await signedInPage(aliceAccount, VOICE_PAGE);
  const bob = await signedInPage(bobAccount, VOICE_PAGE);
  await alice.goto(`/dm/${bobAccount.user.id}`);
  await alice.getByRole('button', { name: 'Start voice call' }).click();
  const bobCall = bob.getByRole('dialog', { name: 'Voice call' });
  await bobCall.getByRole('button', { name: 'Decline' }).click();
  await expect(alice.getByRole('dialog', { name: 'Voice call' }).getByText('Call ended')).toBeVisible();
  await expect(alice.getByText('Call declined')).toBeVisible();
});
