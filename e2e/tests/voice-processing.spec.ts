import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { groupRail } from '../support/chat.js';
import { expectAudioFlowing, expectConnected, joinVoice, voicePage } from '../support/voice.js';

// The microphone as the voice settings shape it: RNNoise (WebAssembly in an AudioWorklet) in the
// audio graph, and the output volume. Real calls through the server's own coturn, as in voice.spec.ts.
test.describe.configure({ timeout: 180_000 });

/**
 * What a problem report may be without failing the test: a missing favicon, and the mesh offering a
 * new connection when one stalled (a recovery of its own, peer-mesh.ts).
 */
const unexpected = (problem: string) => !/favicon|\[voice\] connection to \d+ stalled/i.test(problem);

/** Everything the page reports as an error or warning, and its uncaught exceptions. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`exception: ${e.message}`));
  return problems;
}

test('with RNNoise chosen, its WebAssembly loads and runs in the audio graph without an error, and the others hear the speaker', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const lounge = await api.newVoiceChannel(admin, uniqueName('rnnoise').toLowerCase());
  const ann = await newUser('annabell');
  const ben = await newUser('benjamin');
  const annPage = await voicePage(signedInPage, ann, { noiseSuppressionEngine: 'rnnoise' });
  const problems = problemsOf(annPage);
  const loaded: string[] = [];
  annPage.context().on('requestfinished', (r) => {
    // The model (rnnoise*.wasm). The worklet module's own fetch is not reported to Playwright; had it
    // failed, the client would have logged that RNNoise could not start (caught as a page problem).
    if (/rnnoise/i.test(r.url()))
      void r.response().then((answer) => loaded.push(`${answer?.status()} ${new URL(r.url()).pathname}`));
  });
  const benPage = await voicePage(signedInPage, ben, {});

  await joinVoice(annPage, lounge.name);
  await joinVoice(benPage, lounge.name);
  await expectConnected(annPage, lounge.name);

  await test.step('one RNNoise WebAssembly build (SIMD where the browser has it) was fetched from this server', async () => {
    const seen = () => `fetched: ${loaded.join(', ') || 'nothing'}; page problems: ${problems.join(' | ') || 'none'}`;
    await expect
      .poll(() => loaded, { message: seen() })
      .toEqual([expect.stringMatching(/^200 \/assets\/rnnoise.*\.wasm$/)]);
  });

  await test.step('Ben hears Ann through RNNoise, and Ann hears Ben', async () => {
    await expectAudioFlowing(benPage, 1);
    await expectAudioFlowing(annPage, 1);
  });

  await test.step('no error, no fallback notice', async () => {
    await expect(annPage.getByText('Failed to set noise suppression engine')).toHaveCount(0);
    expect(problems.filter(unexpected)).toEqual([]);
  });
});

test('switching the engine to RNNoise while in a call hands the others the new stream without a new connection', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  const lounge = await api.newVoiceChannel(admin, uniqueName('switch').toLowerCase());
  const ann = await newUser('annabell');
  const ben = await newUser('benjamin');
  const annPage = await voicePage(signedInPage, ann, {});
  const problems = problemsOf(annPage);
  const benPage = await voicePage(signedInPage, ben, {});
  await joinVoice(annPage, lounge.name);
  await joinVoice(benPage, lounge.name);
  await expectConnected(annPage, lounge.name);
  await expectAudioFlowing(benPage, 1);
  const peersBefore = await annPage.evaluate(() => window.__peers?.length ?? 0);

  await test.step('Ann picks RNNoise in Voice Settings while connected', async () => {
    const model = annPage.waitForResponse((r) => /\/assets\/rnnoise.*\.wasm$/.test(new URL(r.url()).pathname));
    await groupRail(annPage).getByRole('button', { name: 'User menu' }).click();
    await annPage.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = annPage.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('button', { name: 'Voice Settings' }).click();
    await settings.getByRole('radio', { name: 'RNNoise', exact: true }).check();
    await expect(settings.getByText('Applied to the voice connection', { exact: true })).toBeVisible();
    // Applied 750 ms after the change: the microphone is opened again, now through RNNoise.
    expect((await model).status()).toBe(200);
  });

  await test.step('Ben still hears Ann, over the same peer connection', async () => {
    await expectAudioFlowing(benPage, 1);
    expect(await annPage.evaluate(() => window.__peers?.length ?? 0)).toBe(peersBefore);
    await expect(annPage.getByText('Failed to recreate audio stream.')).toHaveCount(0);
    expect(problems.filter(unexpected)).toEqual([]);
  });
});
