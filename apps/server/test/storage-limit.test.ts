import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_LIMIT_BYTES, storageFullText } from '@hearth/protocol';
import type { Person } from './client.js';
import { storageUsed } from './harness.js';
import { api, server, serverForFile } from './test-server.js';

let alice: Person;

serverForFile();
beforeAll(async () => {
  alice = await api.person('alice');
});

const picture = (background: string) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background } })
    .png()
    .toBuffer();

const gif = () =>
  sharp({ create: { width: 20, height: 10, channels: 3, background: '#336699' } })
    .gif()
    .toBuffer();

async function send(token: string, route: string, bytes: Buffer, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return api.post(route, form, token);
}

async function storedFiles(): Promise<number> {
  const root = path.join(server.ctx.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

/** Sets what the user is charged as if their files already filled all but `free` bytes. */
const leaveFree = (userId: number, free: number) =>
  server.ctx.db.query('UPDATE users SET storage_used_bytes = $2 WHERE id = $1', [userId, STORAGE_LIMIT_BYTES - free]);

describe('the storage limit', () => {
  it('is the one the client is told, kept by the database', async () => {
    const { rows } = await server.ctx.db.query<{ n: string }>('SELECT storage_limit_bytes() AS n');
    expect(Number(rows[0]!.n)).toBe(STORAGE_LIMIT_BYTES);
  });

  it('refuses a file past it with 413 and its text, stores nothing, and takes one that fits', async () => {
    await leaveFree(alice.id, 100);
    const files = await storedFiles();
    const refused = await send(alice.token, '/upload/attachment', Buffer.from('x'.repeat(101)), 'big.txt');
    expect([refused.status, refused.body]).toEqual([413, { detail: storageFullText() }]);
    expect(await storageUsed(server, alice.id)).toBe(STORAGE_LIMIT_BYTES - 100);
    expect(await storedFiles()).toBe(files);

    const fits = await send(alice.token, '/upload/attachment', Buffer.from('y'.repeat(100)), 'exact.txt');
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    expect(await storageUsed(server, alice.id)).toBe(STORAGE_LIMIT_BYTES);
    expect(await storedFiles()).toBe(files + 1);

    // Full: deleting still frees space, and that space can be used again.
    const removed = await api.delete(`/upload/attachment/${fits.body.attachment.id}`, alice.token);
    expect(removed.status).toBeLessThan(300);
    expect(await storageUsed(server, alice.id)).toBe(STORAGE_LIMIT_BYTES - 100);
    expect((await send(alice.token, '/upload/attachment', Buffer.from('z'.repeat(60)), 'a.txt')).status).toBe(201);
  });

  it('holds for profile pictures, custom emoji and GIFs too', async () => {
    const bob = await api.person('bob');
    await leaveFree(bob.id, 10);
    const files = await storedFiles();
    const answers = [
      await send(bob.token, '/upload/profile-image', await picture('#c8285a'), 'me.png'),
      await send(bob.token, '/upload/profile-banner', await picture('#2858c8'), 'banner.png'),
      await send(bob.token, '/emoji/emojis', await picture('#28c85a'), 'e.png', { name: 'full_up' }),
      await send(bob.token, '/gif/upload', await gif(), 'g.gif', { name: 'full_up_gif' }),
    ];
    for (const res of answers) expect([res.status, res.body]).toEqual([413, { detail: storageFullText() }]);
    expect(await storageUsed(server, bob.id)).toBe(STORAGE_LIMIT_BYTES - 10);
    expect(await storedFiles()).toBe(files);
  });

  it('lets two uploads at once take no more than what is left', async () => {
    const carol = await api.person('carol');
    await leaveFree(carol.id, 150);
    const answers = await Promise.all(
      [1, 2, 3].map((n) => send(carol.token, '/upload/attachment', Buffer.from(String(n).repeat(100)), `${n}.txt`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 413, 413]);
    expect(await storageUsed(server, carol.id)).toBe(STORAGE_LIMIT_BYTES - 50);
  });

  it('does not stop a recount from recording use over the limit', async () => {
    const dave = await api.person('dave');
    expect((await send(dave.token, '/upload/attachment', Buffer.from('d'.repeat(500)), 'd.txt')).status).toBe(201);
    // A limit lowered later, or use from before it was enforced: the recount records the truth.
    await server.ctx.db.query('UPDATE attachments SET file_size = $2 WHERE user_id = $1', [
      dave.id,
      STORAGE_LIMIT_BYTES + 1,
    ]);
    const res = await api.post('/admin/recalculate-my-storage', {}, dave.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await storageUsed(server, dave.id)).toBe(STORAGE_LIMIT_BYTES + 1);
  });
});
