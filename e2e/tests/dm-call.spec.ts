import { expect, test } from '../support/fixtures.js';
import type { Api, Account } from '../support/api.js';
import { expectAudioFlowing, VOICE_PAGE } from '../support/voice.js';

/** Two accounts that are friends, set up through the API. */
async function friends(api: Api, a: Account, b: Account): Promise<void> {
  const asked = await api.request<{ friendship_id: number }>('POST', '/friends/request', a, { username: b.username });
  await api.request('POST', `/friends/${asked.friendship_id}/accept`, b);
}

test('a DM call rings, is answered, carries audio both ways and ends on both sides', async ({
  api,
  newUser,
  signedInPage,
}, testInfo) => {
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  await friends(api, aliceAccount, bobAccount);
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

  // Connected: the mm:ss timer on both sides, and each hears the other.
  await expect(aliceCall.getByText(/^\d\d:\d\d$/)).toBeVisible({ timeout: 30_000 });
  await expect(bobCall.getByText(/^\d\d:\d\d$/)).toBeVisible({ timeout: 30_000 });
  await expectAudioFlowing(alice, 1);
  await expectAudioFlowing(bob, 1);

  // Bob mutes: Alice sees it.
  await bobCall.getByRole('button', { name: 'Mute' }).click();
  await expect(bobCall.getByRole('button', { name: 'Unmute' })).toBeVisible();
  await expect(aliceCall.getByText('Muted')).toBeVisible();

  await aliceCall.getByRole('button', { name: 'End call' }).click();
  await expect(aliceCall.getByText('Call ended')).toBeVisible();
  await expect(bobCall.getByText('Call ended')).toBeVisible();
  await expect(bob.getByText('Call ended').first()).toBeVisible();
  await expect(bobCall).toBeHidden({ timeout: 10_000 });
  expect(await bob.locator('audio').count()).toBe(0);
});

test('a declined call ends for the caller too', async ({ api, newUser, signedInPage }) => {
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  await friends(api, aliceAccount, bobAccount);
  const alice = await signedInPage(aliceAccount, VOICE_PAGE);
  const bob = await signedInPage(bobAccount, VOICE_PAGE);
  await alice.goto(`/dm/${bobAccount.user.id}`);
  await alice.getByRole('button', { name: 'Start voice call' }).click();
  const bobCall = bob.getByRole('dialog', { name: 'Voice call' });
  await bobCall.getByRole('button', { name: 'Decline' }).click();
  await expect(alice.getByRole('dialog', { name: 'Voice call' }).getByText('Call ended')).toBeVisible();
  await expect(alice.getByText('Call declined')).toBeVisible();
});
