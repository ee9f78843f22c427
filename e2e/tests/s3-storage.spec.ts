import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { composer, message, openChannel } from '../support/chat.js';
import { pngFile } from '../support/images.js';

// This file's worker runs a server whose files are in an S3-compatible bucket (a throwaway S3 server).
test.use({ s3Storage: true });

async function attach(page: Page, file: ReturnType<typeof pngFile>): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([file]);
}

test('on a server storing files in S3, a picture one person sends is seen by another', async ({
  freshChannel,
  newUser,
  signedInPage,
  server,
}, testInfo) => {
  const { group, channel } = await freshChannel('s3pics');
  const alice = await signedInPage(await newUser('alice'));
  const bob = await signedInPage(await newUser('bob'));
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);

  await attach(alice, pngFile('harbour.png', 640, 480, [30, 120, 220]));
  const tile = alice.getByRole('list', { name: 'Attachments' }).getByRole('listitem', { name: 'harbour.png' });
  await expect(tile).toBeVisible();
  await expect(tile.getByRole('progressbar')).toHaveCount(0);
  await composer(alice, channel.name).fill('The harbour, from the bucket');
  await composer(alice, channel.name).press('Enter');

  const post = message(bob, 'The harbour, from the bucket');
  await expect(post.getByRole('button', { name: 'Open harbour.png' })).toBeVisible();
  const picture = post.getByRole('img', { name: 'harbour.png' });
  // The picture's bytes came through: the browser decoded them (served by the server from the bucket).
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await bob.screenshot({ path: testInfo.outputPath('picture-from-s3.png') });

  // Nothing went to the data folder: the picture and its preview are in the bucket.
  expect(existsSync(path.join(server.dataDir, 'files'))).toBe(false);
});
