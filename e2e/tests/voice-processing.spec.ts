import type { Page } from '@playwright/test';
import { expect, test, type PageOptions } from '../support/fixtures.js';
import type { Account, Api, Channel } from '../support/api.js';
import { openChannel } from '../support/chat.js';
import { expectAudioFlowing, expectConnected, joinVoice, VOICE_PAGE } from '../support/voice.js';

// The microphone as the voice settings shape it: RNNoise (WebAssembly in an AudioWorklet) in the
// audio graph, and the output volume. Real calls through the server's own coturn, as in voice.spec.ts.
test.describe.configure({ timeout: 180_000 });

async function newVoiceChannel(api: Api, admin: Account, name: string): Promise<Channel> {
  const { group } = await api.defaultChannel(admin);
  return api.createChannel(admin, group.id, name, { channelType: 'voice' });
}

/** A voice page whose stored voice settings are `settings` before the app reads them. */
async function voicePageWith(
  signedInPage: (user: Account, options?: PageOptions) => Promise<Page>,
  user: Account,
  settings: Record<string, unknown>,
): Promise<Page> {
  const page = await signedInPage(user, {
    ...VOICE_PAGE,
    setUp: async (context) => {
      await VOICE_PAGE.setUp!(context);
      await context.addInitScript((stored) => {
        if (!localStorage.getItem('voiceSettings')) localStorage.setItem('voiceSettings', stored);
      }, JSON.stringify(settings));
    },
  });
  await openChannel(page, 'Hearth', 'general');
  return page;
}

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
  const lounge = await newVoiceChannel(api, admin, uniqueName('rnnoise').toLowerCase());
  const ann = await newUser('annabell');
  const ben = await newUser('benjamin');
  const annPage = await voicePageWith(signedInPage, ann, { noiseSuppressionEngine: 'rnnoise' });
  const problems = problemsOf(annPage);
  const loaded: string[] = [];
  annPage.context().on('requestfinished', (r) => {
    // The model (rnnoise*.wasm). The worklet module's own fetch is not reported to Playwright; had it
    // failed, the client would have logged that RNNoise could not start (caught as a page problem).
    if (/rnnoise/i.test(r.url()))
      void r.response().then((answer) => loaded.push(`${answer?.status()} ${new URL(r.url()).pathname}`));
  });
  const benPage = await voicePageWith(signedInPage, ben, {});

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
    expect(problems.filter((p) => !/favicon/i.test(p))).toEqual([]);
  });
});
