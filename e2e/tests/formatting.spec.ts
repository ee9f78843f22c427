import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { composer, message, openChannel } from '../support/chat.js';

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** Types into the composer and presses Enter, as a person does; formatted text reads differently once sent. */
async function sendRaw(page: Page, channelName: string, text: string): Promise<void> {
  const box = composer(page, channelName);
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

/** Requests the page makes to any host but the Hearth server. */
function recordThirdPartyRequests(page: Page, origin: string): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) requests.push(request);
  });
  return requests;
}

test('formatted text, a spoiler, an emoji and a video card reach another person as they were meant', async ({
  baseURL,
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('format');
  const alice = await signedInPage(await newUser('alice'));
  const bobAccount = await newUser('bob');
  const bob = await signedInPage(bobAccount);
  const thirdParty = recordThirdPartyRequests(bob, baseURL!);
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);

  await sendRaw(
    alice,
    channel.name,
    '**Release** is *tomorrow*, run `npm test` first :tada:\n> Ship it when green\nThe winner is ||Carol||',
  );
  await sendRaw(alice, channel.name, `@${bobAccount.username} please run this:\n\`\`\`sh\nnpm run build\n\`\`\``);
  await sendRaw(alice, channel.name, `Watch the demo: ${VIDEO}`);

  // Bob sees the formatting, not the asterisks.
  const note = message(bob, 'is tomorrow');
  await expect(note.getByRole('strong')).toHaveText('Release');
  await expect(note.getByRole('emphasis')).toHaveText('tomorrow');
  await expect(note.getByRole('code')).toHaveText('npm test');
  await expect(note.getByRole('blockquote')).toHaveText('Ship it when green');
  await expect(note.getByText('**Release**')).toHaveCount(0);
  // The shortcode becomes the emoji once the emoji data has loaded.
  await expect(note.getByRole('img', { name: ':tada:' })).toHaveText(/🎉/);

  // A mention of Bob, and a code block kept as typed.
  const request = message(bob, 'please run this');
  await expect(request.getByText(`@${bobAccount.username}`, { exact: true })).toBeVisible();
  await expect(request.getByText('npm run build', { exact: true })).toBeVisible();

  // The video link is a card; nothing of YouTube is requested or framed before Load Video.
  const demo = message(bob, 'Watch the demo');
  const card = demo.getByRole('region', { name: 'YouTube video' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Load Video' })).toBeVisible();
  await expect(demo.getByRole('link', { name: VIDEO })).toHaveAttribute('rel', 'noopener noreferrer');
  expect(bob.frames()).toHaveLength(1);
  await expect(bob.locator('iframe')).toHaveCount(0);

  // The spoiler is a button until clicked; its text cannot be seen meanwhile.
  const spoiler = note.getByRole('button', { name: 'Spoiler' });
  await expect(spoiler).toBeVisible();
  await expect(note.getByText('Carol')).toHaveCSS('opacity', '0');
  await bob.screenshot({ path: testInfo.outputPath('formatted-messages.png') });
  await expectNoAxeViolations(bob, 'formatted messages, a covered spoiler and a video card');
  await spoiler.click();
  await expect(note.getByRole('button', { name: 'Spoiler' })).toHaveCount(0);
  await expect(note.getByText('Carol')).toHaveCSS('opacity', '1');
  expect(thirdParty.map((r) => r.url())).toEqual([]);

  // After the click, the player of YouTube's privacy-enhanced host is framed (answered here, offline),
  // and the Content-Security-Policy lets exactly that frame in.
  await bob.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>Stand-in player</p>' }),
  );
  await card.getByRole('button', { name: 'Load Video' }).click();
  const player = demo.locator('iframe[title="YouTube video player"]');
  await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await expect(bob.frameLocator('iframe[title="YouTube video player"]').getByText('Stand-in player')).toBeVisible();
  await expect(demo.getByText('Failed to load YouTube video')).toHaveCount(0);
  await bob.screenshot({ path: testInfo.outputPath('video-loaded.png') });
});

test('a settings link opens the settings screen in the same tab', async ({
  baseURL,
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('setlink');
  const alice = await signedInPage(await newUser('alice'));
  await openChannel(alice, group.name, channel.name);
  await sendRaw(alice, channel.name, `Change your password here: ${baseURL}/settings/account/password`);
  await message(alice, 'Change your password here').getByRole('link').click();
  await expect(alice).toHaveURL(/\/settings$/);
  await expect(alice.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  expect(await alice.evaluate(() => window.history.state)).toMatchObject({ tab: 'account', section: 'password' });
});
