import { expect, test } from '../support/fixtures.js';
import { message, openChannel, send } from '../support/chat.js';
import { TwoNodes } from '../support/two-nodes.js';

test.describe.configure({ timeout: 120_000 });

/**
 * Redis, which carries the news between the nodes of a cluster, stops while two people chat on two
 * nodes, and starts again empty. The message sent meanwhile is sent for its sender at once, and
 * reaches the other person's open page once Redis is back (their session starts afresh and the page
 * reloads what it shows from the database), without anyone reloading the page.
 */
test('a message sent while Redis is down shows as sent, and reaches the other node once it is back', async ({
  browser,
}, testInfo) => {
  const nodes = await TwoNodes.start();
  try {
    await nodes.api(nodes.first).register('cluster_admin'); // the instance's first account, the admin
    const aliceAccount = await nodes.api(nodes.first).register('alice');
    const bobAccount = await nodes.api(nodes.second).register('bob');
    const alice = await nodes.signedInPage(browser, nodes.first, aliceAccount);
    const bob = await nodes.signedInPage(browser, nodes.second, bobAccount);
    await openChannel(alice, 'Hearth', 'general');
    await openChannel(bob, 'Hearth', 'general');
    await send(alice, 'general', 'Before the outage');
    await expect(message(bob, 'Before the outage')).toBeVisible();
    // Set on Bob's page now, gone if the page were loaded again.
    await bob.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));

    await nodes.redisOutage(async () => {
      // Stored and confirmed to Alice (no longer "Sending…", no "Not sent."), though it cannot cross now.
      await send(alice, 'general', 'While Redis is down');
      await expect(message(alice, 'While Redis is down').getByText('Not sent.')).toHaveCount(0);
    });

    await expect(message(bob, 'While Redis is down')).toBeVisible({ timeout: 30_000 });
    expect(await bob.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // And news crosses the nodes live again, both ways.
    await send(bob, 'general', 'After the outage');
    await expect(message(alice, 'After the outage')).toBeVisible();
    await send(alice, 'general', 'Welcome back');
    await expect(message(bob, 'Welcome back')).toBeVisible();
    for (const text of ['Before the outage', 'While Redis is down', 'After the outage', 'Welcome back'])
      for (const page of [alice, bob]) await expect(message(page, text)).toHaveCount(1);
  } finally {
    if (testInfo.status !== testInfo.expectedStatus) console.log(nodes.output());
    await nodes.dispose();
  }
});
