import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT, CLOSE, TEXT, type AuthAnswer } from '@hearth/protocol';
import { LiveClient, uniqueName, type Person } from './client.js';
import { useProcessCluster, type ClusterNode } from './support/process-cluster.js';

/*
 * The admin's session lifecycle in a cluster (two server processes sharing one PostgreSQL and one
 * Redis): an admin on node A suspends, deletes or promotes a user whose live connection is on node B,
 * and node B tells and closes it at once (the events go through the shared event log). The tokens are
 * refused on every node. admin-sessions.test.ts covers the rules on one node.
 */

const WAIT_MS = 15_000;
// Every user here registers from one address: the default limits would refuse some of them.
const cluster = useProcessCluster({ RATE_LIMIT_SCALE: '100' });
let nodeA: ClusterNode;
let nodeB: ClusterNode;
let admin: Person;
const clients: LiveClient[] = [];

beforeAll(async () => {
  [nodeA, nodeB] = await (await cluster.start()).startNodes('node A', 'node B');
  admin = await nodeA.api.person('admin'); // the first account: the admin
});

afterAll(() => {
  for (const c of clients) c.socket.terminate();
});

/** A user signed in through node B, with a live connection there. */
async function onNodeB(prefix: string): Promise<{ user: AuthAnswer; client: LiveClient }> {
  const user = await nodeB.api.register(uniqueName(prefix));
  const client = await LiveClient.authed(nodeB.url, user.access_token);
  clients.push(client);
  return { user, client };
}

describe('the session lifecycle across nodes', { timeout: 60_000 }, () => {
  it("cuts off a user on another node at once when suspended on this one, until it's lifted", async () => {
    const { user, client } = await onNodeB('susp');
    const res = await nodeA.api.post(`/admin/users/${user.user.id}/suspend`, { reason: 'raiding' }, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const frame = await client.waitFor((f) => f.type === 'suspended', WAIT_MS);
    expect(frame.data).toEqual({ reason: 'raiding', message: ADMIN_TEXT.suspendedNotice('raiding') });
    expect(await client.waitForClose(WAIT_MS)).toEqual({ code: CLOSE.sessionRevoked, reason: TEXT.sessionRevoked });

    for (const node of [nodeA, nodeB]) {
      // Refused on both nodes, saying why (403 with the notice, not a bare 401).
      expect(await node.api.get('/auth/me', user.access_token), node.name).toMatchObject({
        status: 403,
        body: { detail: ADMIN_TEXT.suspendedNotice('raiding') },
      });
      expect((await node.api.post('/auth/refresh', { refresh_token: user.refresh_token })).status, node.name).toBe(401);
      expect(
        await node.api.post('/auth/login', { username: user.user.username, password: 'secret1' }),
        node.name,
      ).toMatchObject({ status: 403, body: { detail: ADMIN_TEXT.loginSuspended('raiding') } });
    }

    expect((await nodeB.api.post(`/admin/users/${user.user.id}/unsuspend`, undefined, admin.token)).status).toBe(200);
    const back = await nodeA.api.post('/auth/login', { username: user.user.username, password: 'secret1' });
    expect(back.status).toBe(200);
  });

  it('tells and closes the connections on another node of a user deleted on this one', async () => {
    const { user, client } = await onNodeB('term');
    const res = await nodeA.api.delete(`/admin/users/${user.user.id}`, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const frame = await client.waitFor((f) => f.type === 'account_terminated', WAIT_MS);
    expect(frame.data).toEqual({ message: ADMIN_TEXT.terminated });
    expect((await client.waitForClose(WAIT_MS)).code).toBe(CLOSE.sessionRevoked);
    expect((await nodeB.api.get('/auth/me', user.access_token)).status).toBe(401);
  });

  it('restarts the sessions on another node of a user promoted on this one', async () => {
    const { user, client } = await onNodeB('promo');
    expect((await nodeA.api.post(`/admin/users/${user.user.id}/promote`, undefined, admin.token)).status).toBe(200);
    expect((await client.waitForClose(WAIT_MS)).code).toBe(CLOSE.serviceRestart);
    // The same token still works (a role change signs nobody out), now with the admin's rights.
    expect((await nodeB.api.get('/admin/users', user.access_token)).status).toBe(200);
  });
});
