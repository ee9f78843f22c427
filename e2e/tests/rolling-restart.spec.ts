import { startLoadBalancer, type LoadBalancer } from '@hearth/server/testing';
import { expect, test as base } from '../support/fixtures.js';
import { Api } from '../support/api.js';
import { connectionChip, message, openChannel, send } from '../support/chat.js';
import { TwoNodes } from '../support/two-nodes.js';

/**
 * Two people chat through the shipped nginx load balancer (deploy/nginx/hearth-cluster.conf) in
 * front of two nodes; the node holding a live connection is restarted as a rolling restart does it
 * (SIGTERM, then started again). Their chat carries on: the tabs say Connected again by themselves,
 * never 'max retries reached', and a message sent after the restart arrives live.
 */
const METRICS_TOKEN = 'e2e-rolling-restart';
const test = base.extend<{ nodes: TwoNodes; lb: LoadBalancer }>({
  // eslint-disable-next-line no-empty-pattern
  nodes: async ({}, use, testInfo) => {
    const nodes = await TwoNodes.start({ TRUST_PROXY: 'loopback', METRICS_TOKEN });
    try {
      await use(nodes);
    } finally {
      if (testInfo.status !== testInfo.expectedStatus) console.log(nodes.output());
      await nodes.dispose();
    }
  },
  lb: async ({ nodes }, use) => {
    const lb = await startLoadBalancer([nodes.first.port, nodes.second.port]);
    try {
      await use(lb);
    } finally {
      await lb.stop();
    }
  },
});
test.describe.configure({ timeout: 120_000 });

/** Live connections open on a node, from its metrics. */
async function liveConnections(url: string): Promise<number> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return Number((await res.text()).match(/^hearth_live_connections (\d+)/m)?.[1] ?? 0);
}

test('chat through the load balancer carries on while a node restarts', async ({ browser, nodes, lb }) => {
  const api = new Api(lb.url);
  await api.register('lb_admin'); // the instance's first account, so the admin
  const aliceAccount = await api.register('alice');
  const bobAccount = await api.register('bob');
  const alice = await nodes.signedInPage(browser, lb, aliceAccount);
  const bob = await nodes.signedInPage(browser, lb, bobAccount);
  await openChannel(alice, 'Hearth', 'general');
  await openChannel(bob, 'Hearth', 'general');
  await send(alice, 'general', 'are you there?');
  await expect(message(bob, 'are you there?')).toBeVisible();

  // The second node is the one restarted (the first holds the database both use): make sure one of
  // the two has their live connection there; the load balancer takes turns, so a reload moves it.
  for (let i = 0; i < 8 && (await liveConnections(nodes.second.url)) === 0; i++) {
    await bob.reload();
    await expect(connectionChip(bob, 'Connected')).toBeVisible();
  }
  expect(await liveConnections(nodes.second.url)).toBeGreaterThan(0);

  expect(await nodes.second.drainAndRestart()).toEqual({ code: 0, signal: null });

  for (const page of [alice, bob]) {
    await expect(connectionChip(page, 'Connected')).toBeVisible();
    await expect(page.getByText('max retries reached')).toHaveCount(0);
  }
  await send(bob, 'general', 'yes, still here after the restart');
  await expect(message(alice, 'yes, still here after the restart')).toBeVisible();
  await send(alice, 'general', 'good, so am I');
  await expect(message(bob, 'good, so am I')).toBeVisible();
  for (const page of [alice, bob]) {
    for (const text of ['are you there?', 'yes, still here after the restart', 'good, so am I'])
      await expect(message(page, text)).toHaveCount(1);
  }
});
