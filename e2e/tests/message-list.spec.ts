import type { Locator, Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { gifBytes } from '../support/gifs.js';
import { bottomBar, channelSidebar, composer, groupRail, message, openChannel, send } from '../support/chat.js';

/** How far the message list is from its bottom, in pixels. */
const distanceFromBottom = (page: Page) =>
  page
    .getByRole('region', { name: 'Messages' })
    .evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

test('opening a channel lands on the newest message, even when rows grow after the scroll-to-bottom is over', async ({
  admin,
  api,
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('settle');
  // About twenty messages, one of them 3,000 characters, and three GIFs near the end whose pictures
  // arrive late: 300 x 200 until then, 400 x 300 once loaded, so the newest rows grow after opening.
  for (let i = 1; i <= 16; i++) await api.sendMessage(admin, channel.id, `Filler message ${i}`);
  await api.sendMessage(admin, channel.id, `${'A long line of text that wraps. '.repeat(94)}The end of it.`);
  for (let i = 1; i <= 3; i++)
    await api.sendMessage(admin, channel.id, `https://media.giphy.com/media/late${i}/giphy.gif`);
  await api.sendMessage(admin, channel.id, 'The newest message');

  const held: Route[] = [];
  let released = false;
  const gif = gifBytes(400, 300, [200, 40, 40]);
  const answer = (route: Route) => route.fulfill({ contentType: 'image/gif', body: gif });
  const [alice, bob] = await Promise.all([signedInPage(await newUser('alice')), signedInPage(await newUser('bob'))]);
  for (const page of [alice, bob]) {
    await page.clock.install();
    await page.route('https://media.giphy.com/media/**', (route) => (released ? answer(route) : held.push(route)));
  }

  // Both open the channel at once.
  await Promise.all([alice, bob].map((page) => openChannel(page, group.name, channel.name)));
  for (const page of [alice, bob]) {
    await expect(message(page, 'The newest message')).toBeVisible();
    await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(1);
    // Past the spec's repeated scrolls (100, 300 and 500 ms, for up to 3 s) before any picture arrives.
    await page.clock.runFor(3_500);
  }
  await expect.poll(() => held.length).toBeGreaterThanOrEqual(6);
  released = true;
  await Promise.all(held.map(answer));

  for (const page of [alice, bob]) {
    const pictures = page.getByRole('button', { name: 'Open GIF preview' });
    await expect(pictures).toHaveCount(3);
    for (const picture of await pictures.all()) await expect(picture).toHaveCSS('width', '400px');
    await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(1);
    await expect(message(page, 'The newest message')).toBeInViewport();
    await expect(page.getByRole('button', { name: 'New messages' })).toHaveCount(0);
  }
});

const PHONE = { width: 390, height: 844 };

test('on a phone the actions of a message show on a tap, hide on a tap elsewhere, and a long press opens its menu', async ({
  freshChannel,
  newUser,
  signedInPage,
}) => {
  const { group, channel } = await freshChannel('tap');
  const account = await newUser('thumb');
  const phone = await signedInPage(account, { viewport: PHONE, touch: true });
  const bar = bottomBar(phone);
  await bar.getByRole('button', { name: 'Groups', exact: true }).tap();
  await groupRail(phone).getByRole('button', { name: group.name, exact: true }).tap();
  await channelSidebar(phone).getByRole('button', { name: channel.name, exact: true }).tap();
  await send(phone, channel.name, 'First words from a phone');
  await send(phone, channel.name, 'Second words from a phone');

  const first = message(phone, 'First words from a phone');
  const second = message(phone, 'Second words from a phone');
  const actionsButton = (item: Locator) => item.getByRole('button', { name: 'Message actions' });
  // The toolbar that holds it fades in and out as a whole.
  const actionsOf = (item: Locator) => actionsButton(item).locator('xpath=..');
  // Nothing covers the text until a message is tapped.
  await expect(actionsOf(first)).toHaveCSS('opacity', '0');
  await expect(actionsOf(second)).toHaveCSS('opacity', '0');

  await first.getByText('First words from a phone').tap();
  await expect(actionsOf(first)).toHaveCSS('opacity', '1');
  await expect(actionsOf(second)).toHaveCSS('opacity', '0');
  await actionsButton(first).tap();
  await expect(phone.getByRole('menuitem', { name: 'Copy Message ID' })).toBeVisible();
  await phone.keyboard.press('Escape');
  await expect(phone.getByRole('menu')).toHaveCount(0);

  // A tap elsewhere (the text box) puts them away again.
  await composer(phone, channel.name).tap();
  await expect(actionsOf(first)).toHaveCSS('opacity', '0');

  // A long press opens the message's menu, as a right-click does.
  const box = (await second.boundingBox())!;
  const at = { pointerType: 'touch', isPrimary: true, clientX: box.x + 40, clientY: box.y + box.height / 2 };
  await second.dispatchEvent('pointerdown', at);
  await expect(phone.getByRole('menuitem', { name: 'Copy Message ID' })).toBeVisible();
  await second.dispatchEvent('pointerup', at);
  await expect(phone.getByRole('menuitem', { name: 'Edit', exact: true })).toBeVisible();
});

test('the actions of a right-to-left message sit at its end, clear of where its line starts', async ({
  chattingUser,
}) => {
  const { page, channel } = await chattingUser('rtltools');
  await send(page, channel.name, 'שלום לכולם, מה שלומכם היום?');
  const rtl = message(page, 'שלום לכולם');
  await rtl.hover();
  const actions = rtl.getByRole('button', { name: 'Message actions' }).locator('xpath=..');
  await expect(actions).toHaveCSS('opacity', '1');
  const text = rtl.getByText('שלום לכולם, מה שלומכם היום?');
  const [toolbar, line] = [(await actions.boundingBox())!, (await text.boundingBox())!];
  // The text lines up on the right; the actions are on the left, not over its first words.
  expect(toolbar.x + toolbar.width).toBeLessThan(line.x);
});

test('a message piled with combining marks draws only within its own row', async ({ chattingUser }) => {
  const { page, channel } = await chattingUser('zalgo');
  await send(page, channel.name, 'Short one above');
  const above = message(page, 'Short one above');
  // The right part of the row above holds nothing but its background; compare it before and after.
  const region = async () => {
    const box = (await above.boundingBox())!;
    return { x: box.x + 300, y: box.y, width: box.width - 320, height: box.height };
  };
  await page.mouse.move(0, 0);
  const before = await page.screenshot({ clip: await region() });
  // Fifty marks over one letter, far enough along the line to rise over the empty part of the row above.
  const marks = Array.from({ length: 50 }, (_, i) => String.fromCodePoint(0x300 + (i % 20))).join('');
  await send(page, channel.name, `Some ordinary words come first, then a${marks} pile`);
  await page.mouse.move(0, 0);
  await expect(above).toBeInViewport();
  const after = await page.screenshot({ clip: await region() });
  expect(after.equals(before)).toBe(true);
});

test('on a 390 px screen the composer’s buttons wait behind a toggle and its placeholder keeps to one line', async ({
  admin,
  api,
  newUser,
  signedInPage,
  uniqueName,
}) => {
  // A long channel name, so the placeholder 'Message #…' is wider than the text box.
  const { group } = await api.defaultChannel(admin);
  const name = `${uniqueName('narrow').toLowerCase()}-with-a-rather-long-name`;
  const channel = await api.createChannel(admin, group.id, name);
  const phone = await signedInPage(await newUser('narrow'), { viewport: PHONE });
  await bottomBar(phone).getByRole('button', { name: 'Groups', exact: true }).click();
  await groupRail(phone).getByRole('button', { name: group.name, exact: true }).click();
  await channelSidebar(phone).getByRole('button', { name: channel.name, exact: true }).click();
  const box = composer(phone, channel.name);
  await expect(box).toBeVisible();

  const toggle = phone.getByRole('button', { name: 'Message tools' });
  const tools = ['Attach files', 'Emoji', 'Open GIF picker'].map((name) =>
    phone.getByRole('button', { name, exact: true }),
  );
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  for (const tool of tools) await expect(tool).toBeHidden();

  // One line of placeholder: the empty box is no taller than one line of text and its padding.
  const oneLine = await box.evaluate((el) => {
    const style = getComputedStyle(el);
    const line = parseFloat(style.lineHeight);
    return (
      el.getBoundingClientRect().height <= line + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + 1
    );
  });
  expect(oneLine).toBe(true);
  const boxWidth = (await box.boundingBox())!.width;

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  for (const tool of tools) await expect(tool).toBeVisible();
  // Opened, the tools take their own line: the text box keeps its width.
  expect((await box.boundingBox())!.width).toBeGreaterThanOrEqual(boxWidth - 1);
  await tools[1]!.click();
  await expect(phone.getByPlaceholder('Search emojis…')).toBeVisible();
  await phone.keyboard.press('Escape');

  await toggle.click();
  for (const tool of tools) await expect(tool).toBeHidden();
  await send(phone, channel.name, 'Sent from the narrow composer');
});
