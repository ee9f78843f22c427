import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../src/app.js';
import { admin, api, live, server, serverForFile } from './test-server.js';
import { startTestServer } from './harness.js';
import { uniqueName } from './client.js';

/** GET /metrics: who may read it, and that its figures follow what the server does. */
const TOKEN = 'metrics-test-token';
serverForFile({ config: { metricsToken: TOKEN } });

const scrape = (authorization?: string, base = server.url) =>
  fetch(`${base}/metrics`, { headers: authorization === undefined ? {} : { authorization } });

/** The figures of a scrape, by series (name and labels as written), e.g. `hearth_uploads_total`. */
async function figures(): Promise<Map<string, number>> {
  const text = await (await scrape(`Bearer ${TOKEN}`)).text();
  const map = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    map.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return map;
}

describe('who may read /metrics', () => {
  let bare: RunningApp;
  beforeAll(async () => {
    bare = await startTestServer();
  });
  afterAll(() => bare.close());

  it('answers only the bearer of METRICS_TOKEN, in the Prometheus text format', async () => {
    for (const header of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(header);
      expect(res.status, String(header)).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await res.text()).not.toContain('hearth_');
    }
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // prom-client's process figures: CPU, memory, event-loop delay.
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(text).toContain(`\n${name} `);
  });

  it('is 404 without METRICS_TOKEN, as if there were no such page', async () => {
    const res = await scrape(`Bearer ${TOKEN}`, bare.url);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not found' });
  });
});

describe('the figures', () => {
  it('count a message published and delivered live, its request by route, and the pool', async () => {
    const groupId = (await api.post('/group', { name: 'Metrics' }, admin.token)).body.id as number;
    const channel = (await api.post('/channel', { name: 'm', group_id: groupId }, admin.token)).body.id as number;
    const socket = await live(admin);
    const before = await figures();

    expect((await api.post('/message', { channel_id: channel, content: 'counted' }, admin.token)).status).toBe(201);
    await socket.waitFor((f) => f.type === 'message' && f.data.content === 'counted');
    const after = await figures();

    const grew = (series: string) => (after.get(series) ?? 0) - (before.get(series) ?? 0);
    expect(grew('hearth_events_published_total')).toBeGreaterThanOrEqual(1);
    expect(grew('hearth_events_delivered_total')).toBeGreaterThanOrEqual(1);
    expect(grew('hearth_event_delivery_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(after.get('hearth_live_connections')).toBe(1);
    // By the route's pattern and the status, never the URL.
    expect(
      grew('hearth_http_request_duration_seconds_count{method="POST",route="/api/message",status_code="201"}'),
    ).toBe(1);
    expect([...after.keys()].some((k) => k.includes(`/api/message?`) || k.includes(`channel_id=`))).toBe(false);
    expect(after.get('hearth_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(after.has('hearth_db_pool_connections{state="waiting"}')).toBe(true);
  });

  it('count uploads and their bytes, and the storage in use', async () => {
    const user = await api.register(uniqueName('up'));
    const before = await figures();
    const form = new FormData();
    form.append('file', new Blob(['twelve bytes']), 'a.txt');
    const res = await fetch(`${server.url}/api/upload/attachment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const after = await figures();
    expect(after.get('hearth_uploads_total')! - (before.get('hearth_uploads_total') ?? 0)).toBe(1);
    expect(after.get('hearth_upload_bytes_total')! - (before.get('hearth_upload_bytes_total') ?? 0)).toBe(12);
    expect(after.get('hearth_storage_used_bytes')! - before.get('hearth_storage_used_bytes')!).toBe(12);
  });
});
