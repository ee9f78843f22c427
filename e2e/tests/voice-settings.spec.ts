import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { groupRail, openChannel } from '../support/chat.js';
import { joinVoice, VOICE_PAGE } from '../support/voice.js';

// The Voice Settings tab with Chromium's fake microphone (a beep twice a second): its meters read a
// real microphone through the audio pipeline.

/** Opens Settings from the rail's user menu, on the Voice Settings tab. */
async function openVoiceSettings(page: Page): Promise<Locator> {
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Voice Settings' }).click();
  await expect(settings.getByRole('heading', { level: 2, name: 'Voice Settings' })).toBeVisible();
  return settings;
}

interface StoredVoiceSettings {
  noiseSuppressionEngine: string;
  noiseSuppression: boolean;
  voiceActivityDetection: boolean;
  vadCalibrationOffsetDb: number;
  voiceSounds: boolean;
  selectedRingtone: string;
  ringtoneVolume: number;
  outputVolume: number;
}

/** What this browser stored under voiceSettings, and the ringtone's own keys. */
const stored = (page: Page) =>
  page.evaluate(() => ({
    voice: JSON.parse(localStorage.getItem('voiceSettings') ?? '{}') as StoredVoiceSettings,
    selectedRingtone: localStorage.getItem('selectedRingtone'),
    ringtoneVolume: localStorage.getItem('ringtoneVolume'),
  }));

/** The levels a meter reported over `ms`, read from its aria-valuenow (0–100) every 20 ms in the page. */
const meterReadings = (meter: Locator, ms: number) =>
  meter.evaluate(
    (element, duration) =>
      new Promise<number[]>((resolve) => {
        const values: number[] = [];
        const timer = setInterval(() => values.push(Number(element.getAttribute('aria-valuenow'))), 20);
        setTimeout(() => {
          clearInterval(timer);
          resolve(values);
        }, duration);
      }),
    ms,
  );

test('voice settings: engine by arrow keys, VAD meter and calibration, microphone test, sounds, ringtones, output volume', async ({
  newUser,
  signedInPage,
}, testInfo) => {
  test.setTimeout(120_000);
  const page = await signedInPage(await newUser('voiceset'), VOICE_PAGE);
  let settings = await openVoiceSettings(page);
  await expect(settings.getByText('Not in Voice Channel', { exact: true })).toBeVisible();

  // The debugging guide is folded until asked for.
  const guideStep = settings.getByText(/^Try the other engine/);
  await expect(guideStep).toBeHidden();
  await settings.getByText('Noise still getting through? A short debugging guide').click();
  await expect(guideStep).toBeVisible();

  // The engine: a radio group the arrow keys move through, each move saved.
  const off = settings.getByRole('radio', { name: 'Off', exact: true });
  const standard = settings.getByRole('radio', { name: 'Standard', exact: true });
  const rnnoise = settings.getByRole('radio', { name: 'RNNoise', exact: true });
  await expect(standard).toBeChecked();
  await standard.focus();
  await page.keyboard.press('ArrowRight');
  await expect(rnnoise).toBeChecked();
  await expect(rnnoise).toBeFocused();
  await expect(settings.getByText('Will apply when you join voice', { exact: true })).toBeVisible();
  expect((await stored(page)).voice.noiseSuppressionEngine).toBe('rnnoise');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(off).toBeChecked();
  expect((await stored(page)).voice).toMatchObject({ noiseSuppressionEngine: 'off', noiseSuppression: false });
  await page.reload();
  settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(off).toBeChecked();
  await expect(standard).not.toBeChecked();

  // Advanced noise suppression shows its three steps, each explained.
  await expect(settings.getByRole('switch', { name: 'Keyboard Filtering' })).toHaveCount(0);
  await settings.getByRole('switch', { name: 'Advanced Noise Suppression' }).click();
  for (const step of ['Keyboard Filtering', 'Breathing Reduction', 'Adaptive Threshold'])
    await expect(settings.getByRole('switch', { name: step })).toHaveAccessibleDescription(/\w+/);

  // Voice activity detection: a live meter with the threshold and TRANSMITTING or MUTED.
  await settings.getByRole('switch', { name: 'Voice Activity Detection' }).click();
  await expect(settings.getByRole('slider', { name: 'VAD Sensitivity' })).toHaveValue('50');
  const meter = settings.getByRole('meter', { name: 'Voice level' });
  await expect(meter).toBeVisible();
  await expect(settings.getByText(/^(TRANSMITTING|MUTED)$/)).toBeVisible({ timeout: 20_000 });
  await expect(settings.getByText('Threshold \u221260.0 dB', { exact: true })).toBeVisible();
  // The fake microphone's beeps reach the meter.
  expect(Math.max(...(await meterReadings(meter, 1_500)))).toBeGreaterThan(0);
  // With the microphone open the input sensitivity shows the live level too.
  await expect(settings.getByRole('meter', { name: 'Input level' })).toBeVisible();
  await meter.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('vad.png') });
  await expectNoAxeViolations(page, 'the Voice Settings tab');

  // Calibration: busy for 2 s, then the offset from -60 dB is stored.
  const calibrate = settings.getByRole('button', { name: 'Calibrate VAD (2s)' });
  await calibrate.click();
  await expect(calibrate).toHaveAttribute('aria-busy', 'true');
  await expect(settings.getByText('Calibrating… stay quiet for 2 seconds', { exact: true })).toBeVisible();
  await expect(settings.getByText(/^Calibrated: measured \u2212?\d+\.\d dB, offset [+\u2212]?\d+\.\d dB$/)).toBeVisible(
    {
      timeout: 10_000,
    },
  );
  await expect(calibrate).not.toHaveAttribute('aria-busy');
  const offset = (await stored(page)).voice.vadCalibrationOffsetDb;
  expect(offset).toBeGreaterThanOrEqual(-40);
  expect(offset).toBeLessThanOrEqual(40);

  // The microphone test: a coloured level bar for 5 s, then the loudest level.
  await settings.getByRole('button', { name: 'Test Microphone' }).click();
  const testBar = settings.getByRole('meter', { name: 'Microphone test level' });
  await expect(testBar).toBeVisible();
  await expect(testBar).toHaveAttribute('data-colour', /^(green|orange|red)$/);
  await page.screenshot({ path: testInfo.outputPath('microphone-test.png') });
  await expect(settings.getByRole('button', { name: 'Testing…' })).toBeVisible();
  await expect(testBar).toBeHidden({ timeout: 10_000 });
  await expect(settings.getByText(/^Test finished: loudest level \d+ of 100/)).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Test Microphone' })).toBeVisible();

  // Voice connection sounds off: the tests say so.
  await settings.getByRole('switch', { name: 'Voice Connection Sounds' }).click();
  await settings.getByRole('button', { name: 'Test Connect Sound' }).click();
  await expect(page.getByText('Voice sounds are disabled', { exact: true })).toBeVisible();
  expect((await stored(page)).voice.voiceSounds).toBe(false);

  // Ringtones: pick one, preview another for 3 s, test the chosen one until Stop.
  const pixel = settings.getByRole('radio', { name: 'Pixel Playtime' });
  await pixel.check();
  await expect(pixel).toBeChecked();
  const list = settings.getByRole('list').filter({ has: page.getByRole('radio', { name: 'Pixel Playtime' }) });
  expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('360px');
  await settings.getByRole('button', { name: 'Preview Digital Marimba' }).click();
  await expect(settings.getByText('Playing Digital Marimba (preview)', { exact: true })).toBeVisible();
  await expect(settings.getByText('Not playing', { exact: true })).toBeVisible({ timeout: 6_000 });
  await settings.getByRole('button', { name: 'Test Ringtone' }).click();
  await expect(settings.getByText('Playing Pixel Playtime', { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('ringtones.png') });
  await settings.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(settings.getByText('Not playing', { exact: true })).toBeVisible();
  const ringtoneVolume = settings.getByRole('slider', { name: 'Ringtone Volume' });
  await expect(ringtoneVolume).toHaveValue('25');
  await ringtoneVolume.focus();
  for (let i = 0; i < 15; i += 1) await page.keyboard.press('ArrowRight');
  await expect(ringtoneVolume).toHaveValue('40');
  const afterRingtones = await stored(page);
  expect(afterRingtones).toMatchObject({ selectedRingtone: 'pixel-playtime', ringtoneVolume: '0.4' });
  expect(afterRingtones.voice).toMatchObject({ selectedRingtone: 'pixel-playtime', ringtoneVolume: 40 });

  // Audio devices: each select starts at Default.
  await expect(settings.getByRole('combobox', { name: 'Input Device' })).toHaveValue('');
  await expect(settings.getByRole('combobox', { name: 'Output Device' })).toHaveValue('');

  // Output volume by keyboard, kept after a reload (with VAD on, the meter opens again by itself).
  const output = settings.getByRole('slider', { name: 'Output Volume' });
  await expect(output).toHaveValue('100');
  await output.focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
  await expect(output).toHaveValue('105');
  await expect(settings.getByText('105%', { exact: true })).toBeVisible();
  expect((await stored(page)).voice.outputVolume).toBe(105);
  await page.reload();
  await expect(output).toHaveValue('105');
  await expect(off).toBeChecked();
  await expect(settings.getByRole('radio', { name: 'Pixel Playtime' })).toBeChecked();
  await expect(settings.getByText(/^(TRANSMITTING|MUTED)$/)).toBeVisible({ timeout: 20_000 });
});

test('in a voice channel the tab says Connected and that changes apply to the connection', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const { group } = await api.defaultChannel(admin);
  const channel = await api.createChannel(admin, group.id, uniqueName('vset').toLowerCase(), {
    channelType: 'voice',
  });
  const page = await signedInPage(await newUser('vsetjoin'), VOICE_PAGE);
  await openChannel(page, group.name, 'general');
  await joinVoice(page, channel.name);
  const settings = await openVoiceSettings(page);
  await expect(settings.getByText('Connected to Voice Channel', { exact: true })).toBeVisible();
  await settings.getByRole('switch', { name: 'Echo Cancellation' }).click();
  await expect(settings.getByText('Applied to the voice connection', { exact: true })).toBeVisible();
});
