import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningApp } from '../src/app.js';
import { ensureCoturn } from '../src/testing/coturn.js';
import { turnCredentials } from '../src/voice/turn.js';
import { Api, type Person } from './client.js';
import { startTestServer } from './harness.js';
import { allocate } from './support/turn-client.js';

let server: RunningApp;
let api: Api;
let admin: Person;

beforeAll(async () => {
  ensureCoturn();
  vi.spyOn(console, 'log').mockImplementation(() => {}); // the relay's start-up lines
  server = await startTestServer({ turnUrls: [], turnSecret: null, localCoturn: true });
  api = new Api(server.url);
  admin = await api.person('admin'); // the first account: an admin
}, 60_000);
afterAll(async () => {
  await server?.close();
  vi.restoreAllMocks();
});

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const status = async () => (await api.get('/admin/system/resources', admin.token)).body.coturn;
const restart = async () => {
  const res = await api.post('/admin/coturn/restart', undefined, admin.token);
  expect(res.status).toBe(200);
  return res.body;
};
const pidOf = (s: { service_status: string }) => Number(/process (\d+)/.exec(s.service_status)?.[1]);
/** The relay at ctx.turn answers an Allocate signed with its credentials. */
async function relayWorks(): Promise<boolean> {
  const relay = server.ctx.turn!;
  const [, host, port] = /^turn:([\d.]+):(\d+)/.exec(relay.urls[0]!)!;
  const { answer } = await allocate({ host: host!, port: Number(port) }, turnCredentials(relay, admin.id, 600));
  return answer.ok;
}

describe("the server's own coturn in the admin panel", { timeout: 60_000 }, () => {
  it('shows it running with its config, and restarts it as a new relay', async () => {
    const before = await status();
    expect(before).toMatchObject({ status: 'running', config_exists: true, error: null });
    expect(before.process_count).toBeGreaterThanOrEqual(1);
    expect(existsSync(before.config_path)).toBe(true);
    const oldPid = pidOf(before);
    const oldRelay = server.ctx.turn!;
    expect(isRunning(oldPid)).toBe(true);

    const answer = await restart();
    expect(answer).toMatchObject({ success: true, error: null });
    const after = await status();
    const newPid = pidOf(after);
    expect(answer.message).toBe(`CoTurn restarted (process ${newPid})`);
    expect(newPid).not.toBe(oldPid);
    expect(isRunning(oldPid)).toBe(false);
    expect(existsSync(before.config_path)).toBe(false); // the old one's private folder went with it
    expect(after).toMatchObject({ status: 'running', config_exists: true, error: null });
    // A new secret: credentials handed out before stop working, the new relay's work.
    expect(server.ctx.turn!.secret).not.toBe(oldRelay.secret);
    expect(await relayWorks()).toBe(true);

    const { rows } = await server.ctx.db.query<{ admin_id: number; details: unknown }>(
      `SELECT admin_id, details FROM admin_audit WHERE action = 'coturn_restart'`,
    );
    expect(rows).toEqual([{ admin_id: admin.id, details: { success: true, pid: newPid } }]);
  });

  it('starts it again after it died', async () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    process.kill(pidOf(await status()), 'SIGKILL');
    await vi.waitFor(() => expect(server.ctx.turn).toBeNull());
    const dead = await status();
    expect(dead).toMatchObject({ status: 'stopped', config_path: null, config_exists: false });
    expect(dead.error).toMatch(/^it stopped unexpectedly \(killed by SIGKILL/);
    expect(said).toHaveBeenCalledWith(expect.stringMatching(/^The local coturn stopped unexpectedly/));
    said.mockRestore();

    expect(await restart()).toMatchObject({ success: true, error: null });
    expect(await status()).toMatchObject({ status: 'running', error: null });
    expect(await relayWorks()).toBe(true);
  });
});
