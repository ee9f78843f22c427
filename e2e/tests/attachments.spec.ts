import type { Page } from '@playwright/test';
import { connectSql, embeddedDatabaseUrl } from '@hearth/server/testing';
import { STORAGE_LIMIT_BYTES, storageFullText } from '@hearth/protocol/account-rules';
import { expect, test } from '../support/fixtures.js';
import { composer, message, openChannel } from '../support/chat.js';
import { pngFile } from '../support/images.js';

type ChooserFile = ReturnType<typeof pngFile>;

/** Clicks the attach button and picks files in the file chooser, as a person does. */
async function attach(page: Page, files: ChooserFile[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(files);
}

const draft = (page: Page) => page.getByRole('list', { name: 'Attachments' });

test('three pictures, one marked sensitive, are sent and browsed in the preview on the other side', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('pics');
  const alice = await signedInPage(await newUser('alice'));
  const bob = await signedInPage(await newUser('bob'));
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);

  await attach(alice, [
    pngFile('sunrise.png', 640, 480, [240, 140, 40]),
    pngFile('secret.png', 300, 300, [40, 200, 90]),
    pngFile('sunset.png', 480, 640, [90, 40, 200]),
  ]);
  for (const name of ['sunrise.png', 'secret.png', 'sunset.png']) {
    const tile = draft(alice).getByRole('listitem', { name });
    await expect(tile).toBeVisible();
    // Uploaded: the progress bar has given way to the size.
    await expect(tile.getByRole('progressbar')).toHaveCount(0);
  }
  await draft(alice).getByRole('button', { name: 'Mark secret.png as sensitive' }).click();
  await expect(draft(alice).getByRole('button', { name: 'Mark secret.png as sensitive' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await alice.screenshot({ path: testInfo.outputPath('draft.png') });
  await composer(alice, channel.name).fill('Pictures from the trip');
  await composer(alice, channel.name).press('Enter');
  await expect(draft(alice)).toHaveCount(0);

  // Bob sees three pictures; the sensitive one is blurred until he clicks it.
  const post = message(bob, 'Pictures from the trip');
  await expect(post.getByRole('button', { name: 'Open sunrise.png' })).toBeVisible();
  await expect(post.getByRole('button', { name: 'Open sunset.png' })).toBeVisible();
  const hidden = post.getByRole('button', { name: 'Sensitive image secret.png: show' });
  await expect(hidden).toBeVisible();
  await expect(hidden.getByText('Sensitive')).toBeVisible();
  const picture = post.getByRole('img', { name: 'sunrise.png' });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await bob.screenshot({ path: testInfo.outputPath('message-with-pictures.png') });
  await hidden.click();
  await expect(post.getByRole('button', { name: 'Open secret.png' })).toBeVisible();

  // The preview: 'N of M', next and previous by button and by arrow key, Escape closes.
  await post.getByRole('button', { name: 'Open sunrise.png' }).click();
  const viewer = bob.getByRole('dialog');
  await expect(viewer.getByText('1 of 3')).toBeVisible();
  await expect(viewer.getByRole('heading')).toContainText('sunrise.png');
  await viewer.getByRole('button', { name: 'Next image' }).click();
  await expect(viewer.getByText('2 of 3')).toBeVisible();
  await bob.keyboard.press('ArrowRight');
  await expect(viewer.getByText('3 of 3')).toBeVisible();
  await expect(viewer.getByRole('heading')).toContainText('sunset.png');
  await bob.keyboard.press('ArrowLeft');
  await expect(viewer.getByText('2 of 3')).toBeVisible();
  await viewer.getByRole('button', { name: 'Image 1: sunrise.png' }).click();
  await expect(viewer.getByText('1 of 3')).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Open in tab' })).toHaveAttribute('target', '_blank');
  await expect(viewer.getByRole('button', { name: 'Download' })).toBeVisible();
  await bob.screenshot({ path: testInfo.outputPath('preview.png') });
  await bob.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // After a reload the history carries them too, still in order.
  await bob.reload();
  await openChannel(bob, group.name, channel.name);
  await expect(
    message(bob, 'Pictures from the trip').getByRole('button', { name: /sunrise\.png|secret\.png|sunset\.png/ }),
  ).toHaveCount(3);
});

test('a 16th file is refused with the spec’s words, and without can_upload the button says why', async ({
  admin,
  api,
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('limit');
  const alice = await signedInPage(await newUser('alice'));
  await openChannel(alice, group.name, channel.name);
  const many = Array.from({ length: 14 }, (_, i) => pngFile(`p${i}.png`, 8, 8, [i * 10, 0, 0]));
  await attach(alice, many);
  await expect(draft(alice).getByRole('listitem')).toHaveCount(14);
  await attach(alice, [pngFile('x.png', 8, 8, [0, 0, 0]), pngFile('y.png', 8, 8, [0, 0, 0])]);
  await expect(alice.getByText('Upload Limit Exceeded')).toBeVisible();
  await expect(
    alice.getByText('Cannot upload more than 15 files total. You have 14 uploaded and are trying to add 2 more.'),
  ).toBeVisible();
  await expect(draft(alice).getByRole('listitem')).toHaveCount(14);
  // Removing one deletes it; the draft shrinks.
  await draft(alice).getByRole('button', { name: 'Remove p0.png' }).click();
  await expect(draft(alice).getByRole('listitem')).toHaveCount(13);

  const carol = await newUser('carol');
  await api.setPermissions(admin, group.id, carol.user.id, { can_upload: false });
  const page = await signedInPage(carol);
  await openChannel(page, group.name, channel.name);
  const button = page.getByRole('button', { name: 'Attach files' });
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toHaveAccessibleDescription('You do not have permission to upload files in this group');
  await expect(button).toHaveAttribute('title', 'You do not have permission to upload files in this group');
});

test('files dropped on the conversation or pasted into the text box are attached', async ({
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('drop');
  const alice = await signedInPage(await newUser('alice'));
  await openChannel(alice, group.name, channel.name);

  // What the browser hands a page when a file from the desktop is dragged over it.
  const carrying = (name: string) =>
    alice.evaluateHandle((fileName) => {
      const data = new DataTransfer();
      data.items.add(new File(['dropped text'], fileName, { type: 'text/plain' }));
      return data;
    }, name);
  // The channel is empty, so the composer is what there is to drop on.
  const conversation = composer(alice, channel.name);
  const dataTransfer = await carrying('dropped.txt');
  await conversation.dispatchEvent('dragenter', { dataTransfer });
  await expect(alice.getByText('Drop files here to attach')).toBeVisible();
  await conversation.dispatchEvent('drop', { dataTransfer });
  await expect(alice.getByText('Drop files here to attach')).toBeHidden();
  await expect(draft(alice).getByRole('listitem', { name: 'dropped.txt' })).toBeVisible();

  await composer(alice, channel.name).evaluate((box) => {
    const data = new DataTransfer();
    data.items.add(new File(['pasted'], 'pasted.txt', { type: 'text/plain' }));
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(draft(alice).getByRole('listitem', { name: 'pasted.txt' })).toBeVisible();
  await expect(draft(alice).getByRole('listitem', { name: 'dropped.txt' }).getByRole('progressbar')).toHaveCount(0);
  await expect(draft(alice).getByRole('listitem', { name: 'pasted.txt' }).getByRole('progressbar')).toHaveCount(0);

  // Files alone may be sent, without text.
  await composer(alice, channel.name).press('Enter');
  const card = alice.getByRole('link', { name: 'Download dropped.txt' });
  await expect(card).toBeVisible();
  await expect(alice.getByRole('link', { name: 'Download pasted.txt' })).toBeVisible();
  const href = await card.getAttribute('href');
  const res = await alice.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-disposition']).toMatch(/^attachment;/);
  expect(await res.text()).toBe('dropped text');
});

test('a file past the storage limit is refused with the reason, and one that fits is sent', async ({
  freshChannel,
  newUser,
  server,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('full');
  const alice = await newUser('alice');
  // A gigabyte of files would take minutes to upload: her files are said to fill all but 200 bytes.
  const sql = await connectSql(embeddedDatabaseUrl(server.pgPort));
  try {
    await sql.query('UPDATE users SET storage_used_bytes = $2 WHERE id = $1', [
      alice.user.id,
      STORAGE_LIMIT_BYTES - 200,
    ]);
  } finally {
    await sql.close();
  }
  const page = await signedInPage(alice);
  await openChannel(page, group.name, channel.name);
  const textFile = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await attach(page, [textFile('minutes.txt', 'minutes '.repeat(40))]); // 320 bytes
  const refused = draft(page).getByRole('listitem', { name: 'minutes.txt' });
  await expect(refused.getByText(storageFullText())).toBeVisible();

  await draft(page).getByRole('button', { name: 'Remove minutes.txt' }).click();
  await attach(page, [textFile('note.txt', 'fits in')]);
  await expect(draft(page).getByRole('listitem', { name: 'note.txt' }).getByRole('progressbar')).toHaveCount(0);
  await composer(page, channel.name).fill('the last bytes');
  await composer(page, channel.name).press('Enter');
  await expect(message(page, 'the last bytes').getByRole('link', { name: 'Download note.txt' })).toBeVisible();
});

test('a file name with a right-to-left override is shown and downloaded for what it is', async ({
  freshChannel,
  newUser,
  server,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('bidi');
  const alice = await signedInPage(await newUser('alice'));
  const bob = await signedInPage(await newUser('bob'));
  await openChannel(alice, group.name, channel.name);
  await openChannel(bob, group.name, channel.name);

  // U+202E reverses what follows it on screen: 'evil\u202Egpj.html' would show as 'evillmth.jpg'.
  const disguised = 'evil\u202Egpj.html';
  await attach(alice, [{ name: disguised, mimeType: 'text/html', buffer: Buffer.from('<script>1</script>') }]);
  await expect(draft(alice).getByRole('listitem', { name: 'evilgpj.html' })).toBeVisible();
  await expect(draft(alice).getByText('evilgpj.html')).toBeVisible();
  await expect(draft(alice).getByRole('listitem', { name: 'evilgpj.html' }).getByRole('progressbar')).toHaveCount(0);
  await composer(alice, channel.name).fill('the bidi file');
  await composer(alice, channel.name).press('Enter');

  const post = message(bob, 'the bidi file');
  await expect(post.getByText('evilgpj.html', { exact: true })).toBeVisible();
  const link = post.getByRole('link', { name: 'Download evilgpj.html' });
  const download = bob.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toBe('evilgpj.html');

  // A name stored with the override (by an older server) is cleaned where it is shown and downloaded.
  const sql = await connectSql(embeddedDatabaseUrl(server.pgPort));
  try {
    await sql.query(
      `UPDATE attachments SET original_filename = $1
        WHERE message_id = (SELECT id FROM messages WHERE content = 'the bidi file')`,
      [disguised],
    );
  } finally {
    await sql.close();
  }
  await bob.reload();
  await openChannel(bob, group.name, channel.name);
  const again = message(bob, 'the bidi file');
  await expect(again.getByRole('link', { name: 'Download evilgpj.html' })).toBeVisible();
  await expect(again.getByText('evilgpj.html', { exact: true })).toBeVisible();
  await expect(again.getByText(disguised)).toHaveCount(0);
  const cleaned = again.getByRole('link', { name: 'Download evilgpj.html' });
  await expect(cleaned).toHaveAttribute('download', 'evilgpj.html');
  const res = await bob.request.get((await cleaned.getAttribute('href'))!);
  expect(res.headers()['content-disposition']).toBe('attachment; filename="evilgpj.html"');
  const secondDownload = bob.waitForEvent('download');
  await again.getByRole('link', { name: 'Download evilgpj.html' }).click();
  expect((await secondDownload).suggestedFilename()).toBe('evilgpj.html');
});
