import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_TEXT,
  AdminStorageAnswer,
  formatBytes,
  RecalculateUserStorageAnswer,
  STORAGE_LIMIT_BYTES,
  type AdminStorageRow,
} from '@hearth/protocol';
import { recalculateAllStorage } from '../src/admin/storage-recalculate.js';
import type { UserRow } from '../src/users/user-row.js';
import type { Person } from './client.js';
import { storageUsed } from './harness.js';
import { admin, api, server, serverForFile } from './test-server.js';

serverForFile();

async function upload(token: string, path: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await api.post(path, form, token);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}

const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

/** What the user's files add up to, read from the tables of stored files themselves. */
async function filesOf(userId: number): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number }>(
    `SELECT ((SELECT coalesce(sum(file_size), 0) FROM attachments WHERE user_id = $1)
           + (SELECT coalesce(sum(file_size), 0) FROM profile_images WHERE user_id = $1))::bigint AS n`,
    [userId],
  );
  return rows[0]!.n;
}

async function storageRows(): Promise<AdminStorageRow[]> {
  const res = await api.get('/admin/users/storage', admin.token);
  expect(res.status).toBe(200);
  expect(AdminStorageAnswer.strict().parse(res.body)).toEqual(res.body);
  return res.body.users;
}

const rowOf = async (p: Person) => (await storageRows()).find((r) => r.user_id === p.id)!;

const lastAudit = async (action: string) =>
  (
    await server.ctx.db.query<{ admin_id: number; target_user_id: number | null; details: Record<string, unknown> }>(
      'SELECT admin_id, target_user_id, details FROM admin_audit WHERE action = $1 ORDER BY id DESC LIMIT 1',
      [action],
    )
  ).rows[0];

const auditCount = async (action: string) =>
  (await server.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_audit WHERE action = $1', [action]))
    .rows[0]!.n;

describe('GET /admin/users/storage', () => {
  it('lists every account but the SYSTEM ones, the exact bytes of their files, most used first', async () => {
    const alice = await api.person('alice');
    const bob = await api.person('bob');
    const notes = Buffer.from('x'.repeat(10_000));
    const kept = (await upload(alice.token, '/upload/attachment', notes, 'notes.txt')).attachment;
    const gone = (await upload(alice.token, '/upload/attachment', Buffer.from('y'.repeat(3_333)), 'tmp.txt'))
      .attachment;
    await upload(alice.token, '/upload/profile-image', await png(64), 'me.png');
    await upload(bob.token, '/upload/attachment', Buffer.from('z'.repeat(777)), 'b.txt');

    // The profile picture is the server's re-encoding: its size is what profile_images says.
    const { rows: picture } = await server.ctx.db.query<{ n: number }>(
      'SELECT file_size AS n FROM profile_images WHERE user_id = $1',
      [alice.id],
    );
    const expected = 10_000 + 3_333 + picture[0]!.n;
    expect([kept.file_size, gone.file_size]).toEqual([10_000, 3_333]);
    expect(await filesOf(alice.id)).toBe(expected);
    let row = await rowOf(alice);
    expect(row.storage_used).toBe(expected);
    expect(row).toEqual({
      user_id: alice.id,
      username: alice.username,
      role: 'USER',
      storage_used: expected,
      storage_limit: STORAGE_LIMIT_BYTES,
      storage_used_formatted: formatBytes(expected),
      storage_limit_formatted: formatBytes(STORAGE_LIMIT_BYTES),
      storage_available_formatted: formatBytes(STORAGE_LIMIT_BYTES - expected),
      storage_percentage: Math.round((expected / STORAGE_LIMIT_BYTES) * 1000) / 10,
    });
    expect((await rowOf(bob)).storage_used).toBe(777);

    // A delete takes exactly its bytes off.
    expect((await api.delete(`/upload/attachment/${gone.id}`, alice.token)).status).toBeLessThan(300);
    row = await rowOf(alice);
    expect(row.storage_used).toBe(expected - 3_333);
    expect(row.storage_used).toBe(await filesOf(alice.id));

    const rows = await storageRows();
    const used = rows.map((r) => r.storage_used);
    expect(used).toEqual([...used].sort((a, b) => b - a));
    expect(rows.some((r) => r.role === 'SYSTEM')).toBe(false);
    expect(rows.map((r) => r.user_id)).toEqual(expect.arrayContaining([admin.id, alice.id, bob.id]));
  });
});

describe('POST /admin/recalculate-storage/{id}', () => {
  it('corrects a wrong figure both ways, with the signed difference, and audits it', async () => {
    const carol = await api.person('carol');
    await upload(carol.token, '/upload/attachment', Buffer.from('c'.repeat(4_096)), 'c.txt');
    const actual = await filesOf(carol.id);
    expect(actual).toBe(4_096);

    for (const recorded of [actual + 12_345, 0, actual]) {
      await server.ctx.db.query('UPDATE users SET storage_used_bytes = $2 WHERE id = $1', [carol.id, recorded]);
      expect((await rowOf(carol)).storage_used).toBe(recorded); // the list shows what is recorded
      const res = await api.post(`/admin/recalculate-storage/${carol.id}`, undefined, admin.token);
      expect(res.status).toBe(200);
      const difference = actual - recorded;
      expect(RecalculateUserStorageAnswer.strict().parse(res.body)).toEqual({
        user_id: carol.id,
        username: carol.username,
        actual_usage: actual,
        actual_usage_formatted: '4 KB',
        difference,
        message: ADMIN_TEXT.recalculated(carol.username, '4 KB', difference),
      });
      expect(await storageUsed(server, carol.id)).toBe(actual);
      expect(await lastAudit('recalculate_storage')).toEqual({
        admin_id: admin.id,
        target_user_id: carol.id,
        details: { recorded, actual, difference },
      });
    }
    expect(ADMIN_TEXT.recalculated(carol.username, '4 KB', -12_345)).toBe(
      `Recalculated storage for ${carol.username}: 4 KB (-12345 bytes)`,
    );
  });

  it('is 404 for an unknown user and for a SYSTEM account, auditing nothing', async () => {
    const before = await auditCount('recalculate_storage');
    const { rows } = await server.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE role = 'SYSTEM'`);
    for (const id of [999_999, ...rows.map((r) => r.id)]) {
      const res = await api.post(`/admin/recalculate-storage/${id}`, undefined, admin.token);
      expect([res.status, res.body]).toEqual([404, { detail: ADMIN_TEXT.userNotFound }]);
    }
    expect(await auditCount('recalculate_storage')).toBe(before);
  });
});

describe('POST /admin/recalculate-all-storage', () => {
  it('recounts every account, correcting the wrong figures, and audits it once', async () => {
    const dave = await api.person('dave');
    await upload(dave.token, '/upload/attachment', Buffer.from('d'.repeat(1_500)), 'd.txt');
    const { rows: users } = await server.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE role <> 'SYSTEM'`);
    await server.ctx.db.query(`UPDATE users SET storage_used_bytes = storage_used_bytes + 999 WHERE id = $1`, [
      dave.id,
    ]);
    await server.ctx.db.query(`UPDATE users SET storage_used_bytes = 5 WHERE id = $1`, [admin.id]);

    const res = await api.post('/admin/recalculate-all-storage', undefined, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ADMIN_TEXT.recalculatedAll(users.length), users: users.length });
    for (const { id } of users) expect(await storageUsed(server, id)).toBe(await filesOf(id));
    expect(await lastAudit('recalculate_all_storage')).toEqual({
      admin_id: admin.id,
      target_user_id: null,
      details: { users: users.length, corrected: 2 },
    });
  });

  it('goes through the accounts in batches, ending on a full batch or a partial one alike', async () => {
    const { rows: users } = await server.ctx.db.query<{ id: number }>(
      `SELECT id FROM users WHERE role <> 'SYSTEM' ORDER BY id`,
    );
    const me = (await server.ctx.db.query<UserRow>('SELECT * FROM users WHERE id = $1', [admin.id])).rows[0]!;
    // Batches of 1 end on an empty batch, batches of n-1 on a partial one.
    for (const batch of [1, users.length - 1]) {
      await server.ctx.db.query(`UPDATE users SET storage_used_bytes = 1 WHERE role <> 'SYSTEM'`);
      const audits = await auditCount('recalculate_all_storage');
      expect(await recalculateAllStorage(server.ctx, me, batch)).toEqual({
        message: ADMIN_TEXT.recalculatedAll(users.length),
        users: users.length,
      });
      for (const { id } of users) expect(await storageUsed(server, id)).toBe(await filesOf(id));
      expect(await auditCount('recalculate_all_storage')).toBe(audits + 1);
    }
  });
});
