import { expect, test } from '../support/fixtures.js';
import { composer, openChannel } from '../support/chat.js';

test('a misspelt word is underlined and its menu offers a suggestion that replaces it', async ({
  freshChannel,
  newUser,
  signedInPage,
}, testInfo) => {
  const { group, channel } = await freshChannel('spell');
  const page = await signedInPage(await newUser('writer'));
  await openChannel(page, group.name, channel.name);
  const box = composer(page, channel.name);
  await box.click();
  await box.pressSequentially('helo there, see wrold.com and the wrold at #general');

  // Marked behind the text box once the checker (loaded now, on first use) has looked.
  const marks = page.locator('[data-misspelt]');
  await expect(marks).toHaveText(['helo', 'wrold']);
  await page.screenshot({ path: testInfo.outputPath('underlined.png') });

  // The keyboard way: the caret in the word, then Shift+F10.
  await box.press('Home');
  await box.press('Shift+F10');
  const menu = page.getByRole('menu', { name: 'Spelling of helo' });
  await expect(menu.getByRole('menuitem', { name: 'hello', exact: true })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'hello', exact: true }).click();
  await expect(box).toHaveValue('hello there, see wrold.com and the wrold at #general');
  await expect(marks).toHaveText(['wrold']);

  // The pointer way: right-click the underlined word.
  const wrold = await marks.first().boundingBox();
  await page.mouse.click(wrold!.x + wrold!.width / 2, wrold!.y + wrold!.height / 2, { button: 'right' });
  const second = page.getByRole('menu', { name: 'Spelling of wrold' });
  await expect(second.getByRole('menuitem', { name: 'world', exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('suggestions.png') });
  await page.keyboard.press('Escape');
  await expect(second).toBeHidden();
  await expect(box).toBeFocused();
});
