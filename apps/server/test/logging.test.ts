import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Api, LiveClient, uniqueName } from './client.js';
import { useProcessCluster, type ClusterNode } from './support/process-cluster.js';

/**
 * The JSON log of a whole scenario on two nodes of a cluster, at debug level (the most it ever says):
 * nothing secret in it (tokens, passwords, codes, message text), and the request id of a message sent
 * on one node on the lines of its delivery by the other.
 */
const cluster = useProcessCluster({ LOG_LEVEL: 'debug', RATE_LIMIT_SCALE: '100', LOCAL_COTURN: 'false' });
let a: ClusterNode;
let b: ClusterNode;
const clients: LiveClient[] = [];

beforeAll(async () => {
  [a, b] = await (await cluster.start()).startNodes('node a', 'node b');
  return () => {
    for (const c of clients) c.socket.terminate();
  };
}, 120_000);

interface Line {
  msg?: string;
  reqId?: string;
  [key: string]: unknown;
}

/** The node's output as log lines; every line it writes must be one JSON object. */
function linesOf(node: ClusterNode): Line[] {
  return node.process
    .output()
    .split('\n')
    .filter((text) => text.trim())
    .map((text) => {
      try {
        return JSON.parse(text) as Line;
      } catch {
        throw new Error(`${node.name} wrote a line that is not JSON: ${text}`);
      }
    });
}

const secret = (what: string) => `${what}-${randomBytes(6).toString('hex')}`;

async function connect(node: ClusterNode, token: string): Promise<LiveClient> {
  const client = await LiveClient.authed(node.url, token);
  clients.push(client);
  return client;
}

describe('the log', () => {
  it('holds no secret of a whole scenario, and follows a request id from one node to the other', async () => {
    const said: string[] = []; // everything that must never be logged
    const keep = <T extends string>(value: T): T => (said.push(value), value);
    const apiA = new Api(a.url);
    const apiB = new Api(b.url);

    // Accounts: register, sign in, refresh, change the password, verify an email, reset by code.
    const adminPassword = keep(secret('adminpw'));
    const admin = await apiA.register(uniqueName('boss'), adminPassword);
    keep(admin.token);
    keep(admin.refresh_token);
    const name = uniqueName('bea');
    const firstPassword = keep(secret('firstpw'));
    const registered = await apiB.register(name, firstPassword);
    keep(registered.token);
    keep(registered.refresh_token);
    const login = await apiA.post('/auth/login', { username: name, password: firstPassword });
    expect(login.status).toBe(200);
    keep(login.body.access_token);
    const refreshed = await apiB.post('/auth/refresh', { refresh_token: keep(login.body.refresh_token) });
    expect(refreshed.status).toBe(200);
    keep(refreshed.body.refresh_token);
    let token: string = keep(refreshed.body.access_token);
    const secondPassword = keep(secret('secondpw'));
    const changed = await apiA.put(
      '/user/update-password',
      { current_password: firstPassword, new_password: secondPassword },
      token,
    );
    expect(changed.status).toBe(200);

    const email = `${name.toLowerCase()}@example.test`;
    /** What a mail of this kind to the address carries (a code or a link's token), once it is in the outbox. */
    const mailed = async (kind: string, pattern: RegExp) => {
      let found: string | undefined;
      await expect
        .poll(async () => {
          const box = await apiA.get('/admin/mail/outbox', admin.token);
          const mail = box.body.mails?.find((m: { to: string; kind: string }) => m.to === email && m.kind === kind);
          found = pattern.exec(mail?.summary ?? '')?.[1];
          return found;
        })
        .toBeDefined();
      return keep(found!);
    };
    token = keep((await apiA.post('/auth/login', { username: name, password: secondPassword })).body.access_token);
    expect((await apiA.put('/user/update-email', { email }, token)).status).toBe(200);
    const verification = await mailed('email_verification', /code=(\d{6})/);
    expect((await apiB.post('/user/verify-email', { verification_code: verification }, token)).status).toBe(200);
    // A verified address is sent a reset link; its token is as secret as a code.
    await apiB.post('/auth/forgot-password', { identifier: email });
    const resetToken = await mailed('password_reset', /token=([\w-]+)/);
    const thirdPassword = keep(secret('thirdpw'));
    const reset = await apiB.post('/auth/reset-password', {
      token: resetToken,
      new_password: thirdPassword,
    });
    expect(reset.status).toBe(200);
    const bea = (await apiB.post('/auth/login', { username: name, password: thirdPassword })).body;
    keep(bea.access_token);
    keep(bea.refresh_token);

    // Messages: over HTTP on node a and over the live connection, a DM, all received on node b.
    const group = (await apiA.post('/group', { name: 'Logged' }, admin.token)).body.id as number;
    const channel = (await apiA.post('/channel', { name: 'logged', group_id: group }, admin.token)).body.id as number;
    const beaLive = await connect(b, bea.access_token);
    const adminLive = await connect(a, admin.token);

    const overHttp = keep(secret('http message'));
    // A client's own X-Request-Id is not believed (no TRUST_PROXY): anyone could forge one.
    const posted = await apiA.request('POST', '/message', { channel_id: channel, content: overHttp }, admin.token, {
      'x-request-id': 'made-up-by-the-client',
    });
    expect(posted.status).toBe(201);
    await beaLive.waitFor((f) => f.type === 'message' && f.data.content === overHttp);

    const overLive = keep(secret('live message'));
    adminLive.send({ type: 'message', channel_id: channel, content: overLive, nonce: 'logged-1' });
    await beaLive.waitFor((f) => f.type === 'message' && f.data.content === overLive);

    const asked = await apiA.post('/friends/request', { username: name }, admin.token);
    await apiB.post(`/friends/${asked.body.friendship_id}/accept`, undefined, bea.access_token);
    const direct = keep(secret('direct message'));
    expect((await apiA.post('/dm/send', { recipient_id: bea.user.id, content: direct }, admin.token)).status).toBe(201);
    await beaLive.waitFor((f) => f.type === 'direct_message' && f.data.content === direct);

    // The lines of the message sent over HTTP on node a, and its delivery on node b.
    let httpLine: Line | undefined;
    let frameLine: Line | undefined;
    await expect
      .poll(() => {
        const lines = linesOf(a);
        httpLine = lines.find(
          (l) => l.msg === 'request completed' && l.route === '/api/message' && l.method === 'POST',
        );
        frameLine = lines.find((l) => l.msg === 'live frame handled' && l.frame === 'message');
        return Boolean(httpLine && frameLine);
      })
      .toBe(true);
    expect(httpLine).toMatchObject({ status: 201 });
    // The route names what was asked; a path can hold a user's words (an attachment's file name).
    expect(httpLine).not.toHaveProperty('path');
    for (const line of [httpLine!, frameLine!]) {
      expect(line.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
      await expect
        .poll(() =>
          linesOf(b).some((l) => l.msg === 'event delivered' && l.reqId === line.reqId && l.event === 'message'),
        )
        .toBe(true);
    }

    const output = `${a.process.output()}\n${b.process.output()}`;
    expect(output).toContain('Hearth is running on');
    expect(output).not.toContain('made-up-by-the-client');
    for (const value of said) expect(output.includes(value), `the log holds ${value}`).toBe(false);
    // Not even a piece of a token: each one's signature part is as secret as the whole.
    for (const value of said.filter((v) => v.split('.').length === 3))
      expect(output.includes(value.split('.')[2]!), 'the log holds a token signature').toBe(false);
  });
});
