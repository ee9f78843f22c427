import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_REPORT_TEXT, TEXT } from '@hearth/protocol';
import type { RunningApp } from '../src/app.js';
import { Api, uniqueName } from './client.js';
import { startTestServer } from './harness.js';

let server: RunningApp;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
});
afterAll(() => server.close());

const REPORT = {
  device_info: {
    platform: 'Linux x86_64',
    userAgent: 'Mozilla/5.0 Test',
    language: 'en-GB',
    screen: { width: 1920, height: 1080 },
  },
  user_agent: 'Mozilla/5.0 Test',
  timezone: 'Europe/London',
  language: 'en-GB',
};

interface Row {
  user_id: string;
  username: string;
  device_id: string;
  device_info: unknown;
  user_agent: string;
  ip_address: string;
  timezone: string;
  language: string;
  collected_at: Date;
}

async function rows(userId: number): Promise<Row[]> {
  const { rows } = await server.ctx.db.query<Row>('SELECT * FROM data_reports WHERE user_id = $1 ORDER BY id', [
    userId,
  ]);
  return rows;
}

async function newUser() {
  const name = uniqueName('rep');
  const r = await api.register(name);
  return { name, id: r.user.id, token: r.access_token };
}

async function signIn(name: string): Promise<string> {
  const res = await api.post('/auth/login', { username: name, password: 'secret1' });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

describe('POST /privacy/report', () => {
  it('stores the first report with the user, username, address and time', async () => {
    const user = await newUser();
    const res = await api.post('/privacy/report', REPORT, user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accepted: true, reason: 'first' });
    const [row, ...more] = await rows(user.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      username: user.name,
      device_info: REPORT.device_info,
      user_agent: REPORT.user_agent,
      timezone: REPORT.timezone,
      language: REPORT.language,
    });
    expect(row!.ip_address).toMatch(/127\.0\.0\.1/);
    expect(Date.now() - row!.collected_at.getTime()).toBeLessThan(60_000);
  });

  it('counts it once per 7 days from a device already reported from, and again after', async () => {
    const user = await newUser();
    expect((await api.post('/privacy/report', REPORT, user.token)).body.accepted).toBe(true);
    const again = await api.post('/privacy/report', REPORT, user.token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ accepted: false, reason: null });
    expect(await rows(user.id)).toHaveLength(1);

    await server.ctx.db.query(
      `UPDATE data_reports SET collected_at = now() - interval '7 days 1 minute' WHERE user_id = $1`,
      [user.id],
    );
    expect((await api.post('/privacy/report', REPORT, user.token)).body).toEqual({
      accepted: true,
      reason: 'interval',
    });
    expect(await rows(user.id)).toHaveLength(2);
    expect((await api.post('/privacy/report', REPORT, user.token)).body.accepted).toBe(false);
  });

  it('counts one from a device the user has not reported from, within the 7 days', async () => {
    const user = await newUser();
    expect((await api.post('/privacy/report', REPORT, user.token)).body.accepted).toBe(true);
    const phone = await signIn(user.name);
    expect((await api.post('/privacy/report', REPORT, phone)).body).toEqual({ accepted: true, reason: 'new_device' });
    expect((await api.post('/privacy/report', REPORT, phone)).body).toEqual({ accepted: false, reason: null });
    expect((await api.post('/privacy/report', REPORT, user.token)).body.accepted).toBe(false);
    const stored = await rows(user.id);
    expect(stored).toHaveLength(2);
    expect(stored[0]!.device_id).not.toBe(stored[1]!.device_id);
  });

  it('refuses it with 403 while data collection is off, and takes it once it is back on', async () => {
    const user = await newUser();
    expect((await api.put('/privacy/settings', { data_collection_enabled: false }, user.token)).status).toBe(200);
    const res = await api.post('/privacy/report', REPORT, user.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: DATA_REPORT_TEXT.dataCollectionOff });
    expect(await rows(user.id)).toEqual([]);
    await api.put('/privacy/settings', { data_collection_enabled: true }, user.token);
    expect((await api.post('/privacy/report', REPORT, user.token)).body.accepted).toBe(true);
  });

  it('refuses bad bodies with 400 and a caller without a token with 401', async () => {
    const user = await newUser();
    const bad: unknown[] = [
      undefined,
      {},
      { ...REPORT, device_info: undefined },
      { ...REPORT, device_info: { ...REPORT.device_info, screen: { width: 'wide', height: 1 } } },
      { ...REPORT, device_info: { ...REPORT.device_info, screen: { width: -1, height: 1 } } },
      { ...REPORT, timezone: 7 },
      { ...REPORT, user_agent: 'x'.repeat(501) },
      { ...REPORT, language: undefined },
    ];
    for (const body of bad) {
      const res = await api.post('/privacy/report', body, user.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    expect(await rows(user.id)).toEqual([]);
    const anonymous = await api.post('/privacy/report', REPORT);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: TEXT.notAuthenticated });
  });
});
