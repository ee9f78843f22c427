import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { message, openChannel, send } from '../support/chat.js';

const VIDEO = 'https://youtu.be/dQw4w9WgXcQ';
const PLAYER = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
const PLAYER_HOST = 'https://www.youtube-nocookie.com/**';

/** The client's own request for the player (its probe of the host), not the frame's navigation. */
const probeOf = (page: Page): Promise<Request> =>
  page.waitForRequest((request) => request.url() === PLAYER && request.resourceType() === 'fetch');

test('a video whose player cannot be reached says so and offers the video in a new tab', async ({
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('videofail');
  const alice = await signedInPage(await newUser('alice'));
  await openChannel(alice, group.name, channel.name);
  await send(alice, channel.name, `Cannot reach this one ${VIDEO}`);

  // The player's host cannot be reached (as when it is blocked or the network is down): every
  // request to it, the frame's and the client's, is refused.
  await alice.route(PLAYER_HOST, (route) => route.abort('connectionrefused'));
  const post = message(alice, 'Cannot reach this one');
  await post.getByRole('region', { name: 'YouTube video' }).getByRole('button', { name: 'Load Video' }).click();

  await expect(post.getByRole('alert')).toHaveText('Failed to load YouTube video');
  const open = post.getByRole('link', { name: 'Open in new tab' });
  await expect(open).toHaveAttribute('href', VIDEO);
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(post.locator('iframe')).toHaveCount(0);
});

test('a video whose player answers stays framed', async ({ freshChannel, newUser, signedInPage }) => {
  const { group, channel } = await freshChannel('videook');
  const alice = await signedInPage(await newUser('alice'));
  await openChannel(alice, group.name, channel.name);
  await send(alice, channel.name, `This one plays ${VIDEO}`);

  // A small stand-in page answers for YouTube's player host (the test runs offline).
  await alice.route(PLAYER_HOST, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>Stand-in player</p>' }),
  );
  const post = message(alice, 'This one plays');
  const probe = probeOf(alice);
  await post.getByRole('region', { name: 'YouTube video' }).getByRole('button', { name: 'Load Video' }).click();

  // The client asked the host without cookies or referrer, and the host answered.
  const asked = await probe;
  expect(await asked.allHeaders()).not.toHaveProperty('referer');
  expect(await asked.allHeaders()).not.toHaveProperty('cookie');
  expect(await asked.response()).not.toBeNull();

  await expect(alice.frameLocator('iframe[title="YouTube video player"]').getByText('Stand-in player')).toBeVisible();
  await expect(post.locator('iframe')).toHaveAttribute('src', PLAYER);
  await expect(post.getByText('Failed to load YouTube video')).toHaveCount(0);
});
