import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SystemResources, VoiceSessionsDebug } from '@hearth/protocol';
import { formatUptime } from '../src/admin/system-resources.js';
import { recordBackup } from '../src/backup/last-backup.js';
import { parseNetDev } from '../src/admin/system-proc.js';
import { Api, type Frame, type Person } from './client.js';
import { startTestServer } from './harness.js';
import { admin, api, live, server, serverForFile } from './test-server.js';

let groupId: number;

serverForFile();
beforeAll(async () => {
  groupId = (await api.post('/group', { name: 'Voice' }, admin.token)).body.id;
});

const audits = async (action: string) =>
  (
    await server.ctx.db.query<{ admin_id: number; details: Record<string, unknown> }>(
      'SELECT admin_id, details FROM admin_audit WHERE action = $1 ORDER BY id',
      [action],
    )
  ).rows;

async function resources(): Promise<SystemResources> {
  const res = await api.get('/admin/system/resources', admin.token);
  expect(res.status).toBe(200);
  const strict = SystemResources.extend({
    cpu: SystemResources.shape.cpu.strict(),
    memory: SystemResources.shape.memory.strict(),
    disk: SystemResources.shape.disk.strict(),
    network: SystemResources.shape.network.strict(),
    system: SystemResources.shape.system.strict(),
    coturn: SystemResources.shape.coturn.strict(),
    backup: SystemResources.shape.backup.strict(),
  }).strict();
  expect(strict.parse(res.body)).toEqual(res.body);
  return res.body;
}

const size = /^\d+(\.\d+)? (B|KB|MB|GB|TB)$/;

describe('GET /admin/system/resources', () => {
  // How fast it answers is not asserted here (a test must not depend on the machine's speed).
  it("describes the machine, this node's live connections and the relay", async () => {
    await resources(); // the first reading of a process measures the CPU over a short interval of its own
    const connections = [await live(admin), await live(admin)];
    const r = await resources();

    expect(r.cpu.cores_logical).toBeGreaterThanOrEqual(1);
    expect(r.cpu.cores_physical).toBeGreaterThanOrEqual(1);
    expect(r.cpu.usage_percent).toBeGreaterThanOrEqual(0);
    expect(r.cpu.usage_percent).toBeLessThanOrEqual(100);
    expect(r.cpu.frequency.current).toBeGreaterThanOrEqual(0);
    for (const p of [r.memory.usage_percent, r.disk.usage_percent]) {
      expect(p).toBeGreaterThan(0);
      expect(p).toBeLessThanOrEqual(100);
    }
    for (const text of [
      r.memory.used_formatted,
      r.memory.total_formatted,
      r.memory.available_formatted,
      r.disk.used_formatted,
      r.disk.total_formatted,
      r.disk.free_formatted,
      r.disk.io.read_bytes_formatted,
      r.disk.io.write_bytes_formatted,
      r.network.bytes_sent_formatted,
      r.network.bytes_recv_formatted,
    ])
      expect(text).toMatch(size);
    expect(r.network.connections).toBe(connections.length);
    expect(r.system.process_count).toBeGreaterThan(1);
    expect(r.system.architecture).toBeTruthy();
    expect(r.system.uptime_formatted).toMatch(/^(\d+d )?(\d+h )?\d+m$/);
    expect(Date.parse(r.system.boot_time)).toBeLessThan(Date.now());
    // The test servers use a stand-in external relay.
    expect(r.coturn).toMatchObject({
      status: 'external',
      config_exists: false,
      config_path: null,
      service_status: 'External relay (TURN_URLS): turn:127.0.0.1:3478?transport=udp',
      error: null,
    });
    expect(Date.now() - Date.parse(r.coturn.last_checked)).toBeLessThan(60_000);
  });

  it('says when the newest backup was taken, or null before the first', async () => {
    expect((await resources()).backup).toEqual({ last_taken_at: null });
    const older = new Date('2026-01-02T03:04:05.000Z');
    const newer = new Date('2026-02-03T04:05:06.000Z');
    // Recorded out of order: the newest data counts, not the last record.
    for (const takenAt of [newer, older]) await recordBackup(server.ctx.db, { takenAt, bytes: 100, files: 1 });
    expect((await resources()).backup).toEqual({ last_taken_at: newer.toISOString() });
  });

  it('formats the uptime and counts packets from /proc/net/dev without the loopback', () => {
    expect([59, 60, 3_600 + 120, 3 * 86_400 + 4 * 3_600 + 5 * 60 + 7].map(formatUptime)).toEqual([
      '0m',
      '1m',
      '1h 2m',
      '3d 4h 5m',
    ]);
    const dev = [
      'Inter-|   Receive                                                |  Transmit',
      ' face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed',
      '    lo: 1000 10 0 0 0 0 0 0 1000 10 0 0 0 0 0 0',
      '  eth0: 5000 50 0 0 0 0 0 0 7000 70 0 0 0 0 0 0',
      '  eth1:  300  3 0 0 0 0 0 0  400  4 0 0 0 0 0 0',
      '',
    ].join('\n');
    expect(parseNetDev(dev)).toEqual({ received: 53, sent: 74 });
  });
});

describe('POST /admin/coturn/restart', () => {
  it('refuses to restart an external relay, auditing nothing', async () => {
    const res = await api.post('/admin/coturn/restart', undefined, admin.token);
    expect([res.status, res.body]).toEqual([
      200,
      {
        success: false,
        message: 'The TURN relay is external (TURN_URLS): restart it where it runs',
        error: 'external relay',
      },
    ]);
    expect(await audits('coturn_restart')).toEqual([]);
  });

  it('says when the server has no relay at all', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bare = await startTestServer({ turnUrls: [], turnSecret: null, localCoturn: false });
    warned.mockRestore();
    try {
      const bareApi = new Api(bare.url);
      const boss = await bareApi.person('boss');
      const status = (await bareApi.get('/admin/system/resources', boss.token)).body.coturn;
      expect(status).toMatchObject({ status: 'disabled', config_path: null, error: null });
      expect(status.service_status).toMatch(/^LOCAL_COTURN is false/);
      const res = await bareApi.post('/admin/coturn/restart', undefined, boss.token);
      expect(res.body).toMatchObject({ success: false, error: 'no relay' });
    } finally {
      await bare.close();
    }
  });
});

describe('voice sessions', () => {
  const left = (userId: number) => (f: Frame) => f.type === 'voice_user_left' && f.data.user_id === userId;

  async function voiceChannel(): Promise<number> {
    const res = await api.post('/channel', { name: 'talk', channel_type: 'voice', group_id: groupId }, admin.token);
    expect(res.status).toBe(201);
    return res.body.id;
  }
  const join = async (p: Person, channelId: number) =>
    expect((await api.post(`/voice/channels/${channelId}/join`, { peer_id: `p${p.id}` }, p.token)).status).toBe(200);
  const debug = async (): Promise<VoiceSessionsDebug> => {
    const res = await api.get('/admin/voice/sessions/debug', admin.token);
    expect(res.status).toBe(200);
    expect(VoiceSessionsDebug.strict().parse(res.body)).toEqual(res.body);
    return res.body;
  };

  it('debugs the seats, and cleans up those of users connected nowhere, telling the channel', async () => {
    const [present, ghost] = [await api.person('present'), await api.person('ghost')];
    const watching = await live(admin);
    await live(present);
    await vi.waitFor(async () => {
      const { rows } = await server.ctx.db.query('SELECT 1 FROM live_users WHERE user_id = $1', [present.id]);
      expect(rows).toHaveLength(1);
    });
    const channel = await voiceChannel();
    await join(present, channel);
    await join(ghost, channel); // through REST, with no live connection: a seat nobody holds

    expect(await debug()).toEqual({
      success: true,
      total_sessions: 2,
      active_sessions: 1,
      active_by_channel: { [String(channel)]: 1 },
    });

    const res = await api.post('/admin/voice/cleanup-sessions', undefined, admin.token);
    expect([res.status, res.body]).toEqual([
      200,
      { success: true, message: 'Removed 1 stale voice session', error: null },
    ]);
    const event = await watching.waitFor(left(ghost.id));
    expect(event.data).toMatchObject({ channel_id: channel, group_id: groupId });
    expect(watching.frames.some(left(present.id))).toBe(false);
    const seats = await api.get(`/voice/channels/${channel}/participants`, admin.token);
    expect(seats.body.participants.map((p: { user_id: number }) => p.user_id)).toEqual([present.id]);
    expect(await debug()).toEqual({
      success: true,
      total_sessions: 1,
      active_sessions: 1,
      active_by_channel: { [String(channel)]: 1 },
    });

    const again = await api.post('/admin/voice/cleanup-sessions', undefined, admin.token);
    expect(again.body.message).toBe('Removed 0 stale voice sessions');
    expect(await audits('voice_cleanup')).toEqual([
      { admin_id: admin.id, details: { removed: 1 } },
      { admin_id: admin.id, details: { removed: 0 } },
    ]);
  });
});
