import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import type { Account } from '../support/api.js';
import { openChannel } from '../support/chat.js';
import { joinVoice, VOICE_PAGE, voicePanel } from '../support/voice.js';

// Real calls (fake microphones, the server's own coturn), as in dm-call.spec.ts.
test.describe.configure({ timeout: 120_000 });

/** The call banner of the open DM chat, named after the other party. */
const banner = (page: Page, other: Account): Locator =>
  page.getByRole('region', { name: `Call with ${other.username}` });

/** One side's avatar in a banner, with its marks: the person's own is named '… (you)'. */
const person = (bannerOf: Locator, user: Account, you = false): Locator =>
  bannerOf.getByRole('group', { name: you ? `${user.username} (you)` : user.username, exact: true });

/** The call box's call (CallModal), where the answer button is. */
const callBox = (page: Page): Locator => page.getByRole('dialog', { name: 'Voice call' });

/** The settings screen shows its Voice Settings tab. */
async function expectVoiceSettingsTab(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/settings\/voice$/);
  await expect(page.getByRole('heading', { name: 'Voice Settings', level: 2 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: 'Voice Settings' }),
  ).toHaveAttribute('aria-current', 'page');
}

/** What this browser stored under voiceSettings. */
const storedVoiceSettings = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('voiceSettings') ?? '{}') as Record<string, unknown>);

test('the DM call banner: ringing, both timers and avatars, the other side’s mute, quick settings, end on both sides', async ({
  api,
  newUser,
  signedInPage,
}) => {
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  await api.befriend(aliceAccount, bobAccount);
  const alice = await signedInPage(aliceAccount, VOICE_PAGE);
  const bob = await signedInPage(bobAccount, VOICE_PAGE);
  await alice.goto(`/dm/${bobAccount.user.id}`);
  await bob.goto(`/dm/${aliceAccount.user.id}`);
  const aliceBanner = banner(alice, bobAccount);
  const bobBanner = banner(bob, aliceAccount);
  await expect(aliceBanner).toBeHidden();

  await test.step('Alice calls: both banners say Ringing...', async () => {
    await alice.getByRole('button', { name: 'Start voice call' }).click();
    await expect(aliceBanner.getByText('Ringing...', { exact: true })).toBeVisible();
    await expect(bobBanner.getByText('Ringing...', { exact: true })).toBeVisible();
  });

  await test.step('Bob answers: both banners show the mm:ss timer and both avatars', async () => {
    await callBox(bob).getByRole('button', { name: 'Answer' }).click();
    await expect(aliceBanner.getByText(/^\d\d:\d\d$/)).toBeVisible({ timeout: 30_000 });
    await expect(bobBanner.getByText(/^\d\d:\d\d$/)).toBeVisible({ timeout: 30_000 });
    for (const [page, me, other] of [
      [aliceBanner, aliceAccount, bobAccount],
      [bobBanner, bobAccount, aliceAccount],
    ] as const) {
      await expect(person(page, me, true).getByRole('img', { name: me.username })).toBeVisible();
      await expect(person(page, other).getByRole('img', { name: other.username })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Muted', exact: true })).toHaveCount(0);
    }
  });

  await test.step('Bob mutes from his banner: Alice’s banner marks him Muted', async () => {
    await bobBanner.getByRole('button', { name: 'Mute', exact: true }).click();
    await expect(bobBanner.getByRole('button', { name: 'Unmute', exact: true })).toBeVisible();
    await expect(person(bobBanner, bobAccount, true).getByRole('img', { name: 'Muted', exact: true })).toBeVisible();
    await expect(person(aliceBanner, bobAccount).getByRole('img', { name: 'Muted', exact: true })).toBeVisible();
    await expect(person(aliceBanner, aliceAccount, true).getByRole('img', { name: 'Muted', exact: true })).toHaveCount(
      0,
    );
  });

  await test.step('Alice’s quick settings: the output volume is stored and still set when reopened', async () => {
    const toggle = aliceBanner.getByRole('button', { name: 'Quick Settings' });
    const quick = alice.getByRole('dialog', { name: 'Quick Settings' });
    await toggle.click();
    // The dialog is modal: what is outside it (the toggle too) is hidden from assistive technology.
    await expect(quick).toBeVisible();
    for (const device of ['Input Device', 'Output Device'])
      await expect(quick.getByRole('combobox', { name: device })).toHaveValue('');
    await expect(quick.getByRole('combobox', { name: 'Input Device' }).getByRole('option')).not.toHaveCount(0);
    await expect(quick.getByRole('slider', { name: 'Input Sensitivity' })).toHaveValue('50');
    await expect(quick.getByRole('radio', { name: 'Low' })).toBeChecked();

    const volume = quick.getByRole('slider', { name: 'Output Volume' });
    await expect(volume).toHaveValue('100');
    await volume.fill('40');
    await expect(quick.getByText('40%', { exact: true })).toBeVisible();
    await expect.poll(async () => (await storedVoiceSettings(alice)).outputVolume).toBe(40);
    await quick.getByRole('radio', { name: 'Medium' }).check();
    await expect
      .poll(() => storedVoiceSettings(alice))
      .toMatchObject({ noiseSuppressionEngine: 'standard', advancedNoiseSuppression: true });

    await alice.keyboard.press('Escape');
    await expect(quick).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(quick.getByRole('slider', { name: 'Output Volume' })).toHaveValue('40');
    await expect(quick.getByRole('radio', { name: 'Medium' })).toBeChecked();
    await alice.keyboard.press('Escape');
    await expect(quick).toBeHidden();

    // A click outside (on the messages) closes it too.
    await toggle.click();
    await expect(quick).toBeVisible();
    await alice.mouse.click(700, 500);
    await expect(quick).toBeHidden();
  });

  await test.step('End Call removes the banner on both sides', async () => {
    await aliceBanner.getByRole('button', { name: 'End Call', exact: true }).click();
    await expect(aliceBanner).toBeHidden();
    await expect(bobBanner).toBeHidden();
    await expect(callBox(bob).getByText('Call ended')).toBeVisible();
  });
});

test('Voice Settings from the call banner and from the voice panel open the Voice Settings tab; the panel’s quick settings store their choices', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  await api.befriend(aliceAccount, bobAccount);
  const alice = await signedInPage(aliceAccount, VOICE_PAGE);

  await test.step('From the banner while it rings', async () => {
    await alice.goto(`/dm/${bobAccount.user.id}`);
    await alice.getByRole('button', { name: 'Start voice call' }).click();
    const aliceBanner = banner(alice, bobAccount);
    await expect(aliceBanner.getByText('Ringing...', { exact: true })).toBeVisible();
    await aliceBanner.getByRole('button', { name: 'Voice Settings' }).click();
    await expectVoiceSettingsTab(alice);
    await alice.getByRole('button', { name: 'Close settings' }).click();
    await callBox(alice).getByRole('button', { name: 'End call' }).click();
    await expect(callBox(alice)).toBeHidden({ timeout: 10_000 });
  });

  const { group } = await api.defaultChannel(admin);
  const lounge = await api.createChannel(admin, group.id, uniqueName('lounge').toLowerCase(), {
    channelType: 'voice',
  });
  await openChannel(alice, 'Hearth', 'general');
  await joinVoice(alice, lounge.name);
  const panel = voicePanel(alice);

  await test.step('The panel’s quick settings: output volume up to 150 and the suppression choice', async () => {
    await panel.getByRole('button', { name: 'Expand voice panel' }).click();
    const toggle = panel.getByRole('button', { name: 'Collapse voice panel' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const volume = panel.getByRole('slider', { name: 'Output Volume' });
    await expect(volume).toHaveAttribute('max', '150');
    await volume.fill('130');
    await expect(panel.getByText('130%', { exact: true })).toBeVisible();
    await expect.poll(async () => (await storedVoiceSettings(alice)).outputVolume).toBe(130);
    await expect(panel.getByRole('radio', { name: 'WebRTC' })).toBeChecked();
    await panel.getByRole('radio', { name: 'Built-in' }).check();
    await expect.poll(async () => (await storedVoiceSettings(alice)).noiseSuppressionEngine).toBe('off');
    await toggle.click();
    await expect(volume).toBeHidden();
  });

  await test.step('Open voice settings from the panel', async () => {
    await panel.getByRole('button', { name: 'Open voice settings' }).click();
    await expectVoiceSettingsTab(alice);
  });
});
