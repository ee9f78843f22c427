import { expect, test } from '../support/fixtures.js';
import type { Account } from '../support/api.js';
import { groupRail, messageItems, openChannel, send } from '../support/chat.js';
import { gifBytes, gifFile } from '../support/gifs.js';
import type { Page } from '@playwright/test';

/** What POST /gif/upload answers (docs/api.md, UserGif). */
interface UserGif {
  id: number;
  name: string;
  file_url: string;
  is_nsfw: boolean;
}

/** Uploads a GIF through the API, as the Custom GIFs tab does: multipart file, name and is_nsfw. */
async function uploadGif(baseURL: string, as: Account, name: string, colour: [number, number, number]) {
  const form = new FormData();
  form.append('name', name);
  form.append('is_nsfw', 'false');
  form.append('file', new Blob([new Uint8Array(gifBytes(48, 32, colour))], { type: 'image/gif' }), `${name}.gif`);
  const res = await fetch(`${baseURL}/api/gif/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as.access_token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as UserGif;
}

const gifPicker = (page: Page) => page.getByRole('dialog', { name: 'GIFs' });
const openGifPicker = async (page: Page) => {
  await page.getByRole('button', { name: 'Open GIF picker' }).click();
  await expect(gifPicker(page)).toBeVisible();
};

test('a GIF goes from Trending with one click, for both people; a heart adds and removes a favorite', async ({
  baseURL,
  freshChannel,
  newUser,
  signedInPage,
  uniqueName,
}, testInfo) => {
  const { group, channel } = await freshChannel('gifsend');
  const aliceAccount = await newUser('alice');
  const bobAccount = await newUser('bob');
  // The server has no GIPHY key: the built-in provider serves the GIFs this instance's users uploaded.
  const name = uniqueName('wave').toLowerCase();
  const uploaded = await uploadGif(baseURL!, bobAccount, name, [240, 160, 20]);
  const alice = await signedInPage(aliceAccount);
  const bob = await signedInPage(bobAccount);
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);

  // The picker: tabs, quick searches, the credit; Escape and the close button close it.
  await openGifPicker(alice);
  const picker = gifPicker(alice);
  for (const tab of ['Trending', 'Search', 'Favorites', 'User Uploaded GIFs'])
    await expect(picker.getByRole('tab', { name: tab })).toBeVisible();
  await expect(picker.getByRole('group', { name: 'Quick searches' }).getByRole('button')).toHaveCount(8);
  await expect(picker.getByText('GIFs uploaded on this server')).toBeVisible();
  await expect(picker.getByText('Click to send instantly')).toBeVisible();
  await expect(picker.getByRole('button', { name: `Send ${name}` })).toBeVisible();
  await alice.screenshot({ path: testInfo.outputPath('gif-picker.png') });
  await alice.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await openGifPicker(alice);
  await picker.getByRole('button', { name: 'Close GIF picker' }).click();
  await expect(picker).toBeHidden();

  // One click sends it and closes the picker; both see the GIF, carried as this site's full address.
  await openGifPicker(alice);
  await picker.getByRole('button', { name: `Send ${name}` }).click();
  await expect(picker).toBeHidden();
  const address = new URL(uploaded.file_url, baseURL).href;
  for (const page of [alice, bob]) {
    const gif = messageItems(page).getByRole('button', { name: 'Open GIF preview' });
    await expect(gif).toBeVisible();
    await expect(gif.locator('img')).toHaveAttribute('src', address);
  }

  // The heart adds it to Favorites; the Favorites tab shows it, then drops it when the heart is undone.
  await openGifPicker(alice);
  await picker.getByRole('button', { name: `Add ${name} to favorites` }).click();
  await expect(picker.getByRole('button', { name: `Remove ${name} from favorites` })).toBeVisible();
  await picker.getByRole('tab', { name: 'Favorites' }).click();
  const favorites = picker.getByRole('tabpanel', { name: 'Favorites' });
  await expect(favorites.getByRole('button', { name: `Send ${name}` })).toBeVisible();
  await favorites.getByRole('button', { name: `Remove ${name} from favorites` }).click();
  await expect(
    favorites.getByText('No favorite GIFs yet. Click the heart icon on any GIF to add it to your favorites!'),
  ).toBeVisible();
  // Still gone after the debounced refresh and a new opening.
  await alice.keyboard.press('Escape');
  await openGifPicker(alice);
  await picker.getByRole('tab', { name: 'Favorites' }).click();
  await expect(picker.getByText('No favorite GIFs yet.', { exact: false })).toBeVisible();
});

test('a GIF uploaded in Settings, renamed and flagged NSFW, is blurred for someone else until clicked, sent or named', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('gifnsfw');
  const alice = await signedInPage(await newUser('alice'));
  const bob = await signedInPage(await newUser('bob'));

  await groupRail(alice).getByRole('button', { name: 'User menu' }).click();
  await alice.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = alice.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Custom GIFs' }).click();
  await expect(settings.getByRole('heading', { level: 2, name: 'Custom GIFs' })).toBeVisible();
  await expect(settings.getByText('No GIFs', { exact: true })).toBeVisible();
  await expect(settings.getByText('0 / 200')).toBeVisible();
  await expect(settings.getByPlaceholder('Search GIFs…')).toBeVisible();

  // Two steps: pick a file, then confirm the name the default-name rule made of the file name.
  const chooser = alice.waitForEvent('filechooser');
  await settings.getByRole('button', { name: 'Upload GIF' }).click();
  await (await chooser).setFiles(gifFile('party time!.gif', 60, 40, [120, 40, 200]));
  const dialog = alice.getByRole('dialog', { name: 'Upload GIF' });
  await expect(dialog.getByRole('textbox', { name: 'GIF Name' })).toHaveValue('party_time_');
  await expect(dialog.getByRole('img', { name: 'Preview of the GIF to upload' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload GIF' }).click();
  await expect(settings.getByText('Uploaded :party_time_:')).toBeVisible();
  await expect(settings.getByText('1 / 200')).toBeVisible();

  // Inline rename: Escape cancels, Enter confirms.
  await settings.getByRole('button', { name: 'Rename :party_time_:' }).click();
  await settings.getByRole('textbox', { name: 'New name for :party_time_:' }).fill('nope');
  await alice.keyboard.press('Escape');
  // Escape ended the rename only: Settings stays open.
  await expect(settings.getByText(':party_time_:', { exact: true })).toBeVisible();
  await settings.getByRole('button', { name: 'Rename :party_time_:' }).click();
  await settings.getByRole('textbox', { name: 'New name for :party_time_:' }).fill('confetti');
  await alice.keyboard.press('Enter');
  await expect(settings.getByText('Renamed to :confetti:')).toBeVisible();

  await settings.getByRole('switch', { name: 'NSFW :confetti:' }).click();
  await expect(settings.getByText('GIF marked as NSFW')).toBeVisible();
  await alice.screenshot({ path: testInfo.outputPath('custom-gifs-tab.png') });
  await settings.getByRole('button', { name: 'Close settings' }).click();

  // Alice sends it from her uploaded GIFs (blurred there too, with its label).
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);
  await openGifPicker(alice);
  const picker = gifPicker(alice);
  await picker.getByRole('tab', { name: 'User Uploaded GIFs' }).click();
  const mine = picker.getByRole('button', { name: 'Send confetti' });
  await expect(mine.getByText('NSFW')).toBeVisible();
  await mine.click();
  await expect(picker).toBeHidden();

  // Bob sees it blurred with the label; a click shows it, the next opens the preview; Escape closes that.
  const blurred = messageItems(bob).getByRole('button', { name: 'Show NSFW GIF' });
  await expect(blurred).toBeVisible();
  await expect(blurred.getByText('NSFW')).toBeVisible();
  await bob.screenshot({ path: testInfo.outputPath('nsfw-gif-blurred.png') });
  await blurred.click();
  const shown = messageItems(bob).getByRole('button', { name: 'Open GIF preview' });
  await expect(shown).toBeVisible();
  await shown.click();
  const preview = bob.getByRole('dialog', { name: 'GIF' });
  await expect(preview.getByRole('img', { name: 'GIF, full size' })).toBeVisible();
  await bob.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // Its name in a message of Alice's draws it in the line, blurred for Bob too (the tab's tip).
  await send(alice, channel.name, 'look :confetti: here');
  const named = messageItems(bob).filter({ hasText: 'look' }).getByRole('button', { name: 'Show NSFW GIF :confetti:' });
  await expect(named).toBeVisible();
  await expect(named.getByText('NSFW')).toBeVisible();

  // Delete asks first.
  await groupRail(alice).getByRole('button', { name: 'User menu' }).click();
  await alice.getByRole('menuitem', { name: 'Settings' }).click();
  await settings.getByRole('button', { name: 'Custom GIFs' }).click();
  await settings.getByRole('button', { name: 'Delete :confetti:' }).click();
  const confirm = alice.getByRole('alertdialog', { name: 'Delete GIF' });
  await expect(confirm.getByText('Delete :confetti: ? This cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(settings.getByText('Deleted :confetti:')).toBeVisible();
  await expect(settings.getByText('No GIFs', { exact: true })).toBeVisible();
});
