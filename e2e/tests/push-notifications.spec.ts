import { ecdhFromJwk, readPush } from '@hearth/server/testing';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { groupRail } from '../support/chat.js';
import { pushKeys, stubPushService } from '../support/push.js';

async function openNotifications(page: Page): Promise<Locator> {
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Notifications' }).click();
  await expect(settings.getByRole('heading', { level: 2, name: 'Notifications' })).toBeVisible();
  return settings;
}

test('turning push on and sending a test push reaches this browser through its push service', async ({
  newUser,
  signedInPage,
  pushService,
}) => {
  const user = await newUser('pusher');
  const page = await signedInPage(user, {
    permissions: ['notifications'],
    setUp: (context) => stubPushService(context, pushService.origin),
  });
  // The service worker of the installed app is what push subscribes through.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const settings = await openNotifications(page);
  await expect(settings.getByText('Push notifications are off for this browser.')).toBeVisible();
  await expect(settings.getByRole('switch', { name: 'Push Notifications on This Browser' })).not.toBeChecked();

  await settings.getByRole('button', { name: 'Send Test Notification' }).click();
  await expect(page.getByText('Test push notification sent to 1 device')).toBeVisible();
  await expect(settings.getByText('Push notifications are on for this browser.')).toBeVisible();
  await expect(settings.getByRole('switch', { name: 'Push Notifications on This Browser' })).toBeChecked();

  const keys = await pushKeys(page);
  const arrived = pushService.received.filter((push) => push.path === new URL(keys.endpoint).pathname);
  expect(arrived).toHaveLength(1);
  expect(readPush(arrived[0]!.body, ecdhFromJwk(keys.d), keys.auth)).toEqual({
    title: 'Hearth',
    body: 'Push notifications are working.',
    tag: 'hearth-test',
    data: { type: 'test' },
  });

  // Off again: unsubscribed and unregistered, so a test has nowhere to go.
  await settings.getByRole('switch', { name: 'Push Notifications on This Browser' }).click();
  await expect(settings.getByText('Push notifications are off for this browser.')).toBeVisible();
});

test('a direct message pushes to a friend whose Hearth is closed', async ({
  api,
  newUser,
  signedInPage,
  pushService,
}) => {
  const [ann, bob] = [await newUser('pann'), await newUser('pbob')];
  await api.befriend(ann, bob);
  const page = await signedInPage(bob, {
    permissions: ['notifications'],
    setUp: (context) => stubPushService(context, pushService.origin),
  });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const settings = await openNotifications(page);
  await settings.getByRole('switch', { name: 'Push Notifications on This Browser' }).click();
  await expect(settings.getByText('Push notifications are on for this browser.')).toBeVisible();
  const keys = await pushKeys(page);
  await page.context().close();

  // Bob's browser is closed: once the server has seen his connection go, Ann's message is pushed.
  await expect(async () => {
    await api.request('POST', '/dm/send', ann, { recipient_id: bob.user.id, content: 'Are you there?' });
    const arrived = pushService.received.filter((push) => push.path === new URL(keys.endpoint).pathname);
    expect(arrived.length).toBeGreaterThan(0);
    expect(readPush(arrived.at(-1)!.body, ecdhFromJwk(keys.d), keys.auth)).toMatchObject({
      title: ann.user.username,
      body: 'Are you there?',
      data: { type: 'dm', userId: ann.user.id },
    });
  }).toPass({ timeout: 20_000, intervals: [1_000] });
});

test('message notifications and the sound theme are kept', async ({ newUser, signedInPage }) => {
  const user = await newUser('sounds');
  const page = await signedInPage(user);
  let settings = await openNotifications(page);
  const messages = settings.getByRole('switch', { name: 'Message Notifications' });
  await expect(messages).toBeChecked();
  await messages.click();
  await expect(messages).not.toBeChecked();
  const theme = settings.getByRole('combobox', { name: 'Sound Theme' });
  await expect(theme).toHaveValue('default');
  await theme.selectOption({ label: 'Bell Sound' });

  await page.reload();
  settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('heading', { level: 2, name: 'Notifications' })).toBeVisible();
  await expect(settings.getByRole('switch', { name: 'Message Notifications' })).not.toBeChecked();
  await expect(settings.getByRole('combobox', { name: 'Sound Theme' })).toHaveValue('bell');
});
