import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { CLOSE } from '@hearth/protocol';
import type { RunningApp } from '../src/app.js';
import { Api, LiveClient, uniqueName } from './client.js';
import { startTestServer } from './harness.js';
import { IDLE_SOCKET_WAIT_MS } from '../src/shutdown/drain.js';

/*
 * The drain of a node before a restart (what SIGTERM runs, before the rest stops), seen from a load
 * balancer that keeps a socket alive to the node and from a live client: the socket's next request
 * is served (never Fastify's 503 on closing), says `Connection: close` and finds /readyz 503; a new
 * connection is refused, so the balancer tries another node; the live client is told 4012.
 * The whole path through nginx is in rolling-restart.test.ts.
 */

let app: RunningApp | undefined;
afterAll(async () => {
  await app?.close();
});

/** A GET on the agent's kept-alive socket: status, Connection header and JSON body. */
function get(agent: http.Agent, url: string): Promise<{ status: number; connection?: string; body: any }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () =>
          resolve({ status: res.statusCode!, connection: res.headers.connection, body: JSON.parse(text) }),
        );
      })
      .on('error', reject);
  });
}

describe('draining a node', () => {
  it('answers on kept-alive sockets with Connection: close and /readyz 503, refuses new connections, and tells live clients 4012', async () => {
    const server = (app = await startTestServer());
    const api = new Api(server.url);
    const me = await api.register(uniqueName('drain'));
    const live = await LiveClient.authed(app.url, me.token);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const before = await get(agent, `${app.url}/readyz`);
    expect(before).toMatchObject({ status: 200, connection: 'keep-alive', body: { status: 'ready' } });

    const drained = app.drain(Date.now() + 20_000);
    expect(await live.waitForClose(5_000)).toEqual({ code: CLOSE.serverRestarting, reason: 'Server restarting' });
    // The kept-alive socket (a load balancer's) is still served, told to close, and hears not ready.
    const during = await get(agent, `${app.url}/readyz`);
    expect(during).toMatchObject({
      status: 503,
      connection: 'close',
      body: { detail: 'Not ready: this node is shutting down' },
    });
    // A new connection is refused: it carried no request, so a balancer may send any request elsewhere.
    const fresh = new Promise((resolve, reject) =>
      http.get(`${server.url}/healthz`, { agent: false }, resolve).on('error', reject),
    );
    await expect(fresh).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // No request is in flight: idle sockets (this process's fetch keeps some from the sign-up) are
    // left to their clients for a few seconds only, well before the deadline.
    const started = Date.now();
    await drained;
    expect(Date.now() - started).toBeLessThan(IDLE_SOCKET_WAIT_MS + 2_000);
    agent.destroy();
  });
});
