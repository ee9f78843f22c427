/**
 * `npm run backup` of a running server and `npm run restore` into a new data folder, as an operator
 * runs them (docs/decisions/backups.md): servers and commands are processes of their own, on the
 * embedded PostgreSQL of their data folders.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../src/testing/index.js';
import { Api, uniqueName } from './client.js';
import { runOpsCommand } from './support/backup-commands.js';

const PASSWORD = 'backup-pass-1';
const SERVER_ENV = { LOCAL_COTURN: 'false', RATE_LIMIT_SCALE: '100' };

let folder: string;
let original: ServerProcess | undefined;
let restored: ServerProcess | undefined;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'hearth-backup-'));
});
afterAll(async () => {
  await original?.stop();
  await restored?.stop();
  await rm(folder, { recursive: true, force: true });
});

const picture = (r: number) =>
  sharp({ create: { width: 24, height: 24, channels: 4, background: { r, g: 40, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 16, height: 8, channels: 3, background: '#884422' } })
    .gif()
    .toBuffer();
const bytesAt = async (base: string, url: string) => Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer());

function form(field: string, bytes: Buffer, name: string, type: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
}

async function signIn(api: Api, username: string): Promise<string> {
  const res = await api.post('/auth/login', { username, password: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.access_token as string;
}

describe('backup and restore', () => {
  it('backs up a running server and restores all of it, files byte for byte, into a new data folder', async () => {
    const dataDir = path.join(folder, 'data');
    original = await startServerProcess({ name: 'original', env: { ...SERVER_ENV, DATA_DIR: dataDir } });
    const api = new Api(original.url);
    const alice = await api.register(uniqueName('alice'), PASSWORD); // the first account: the admin
    const bob = await api.register(uniqueName('bob'), PASSWORD);

    const groupId = (await api.post('/group', { name: 'Backed up' }, alice.token)).body.id as number;
    const channelId = (await api.post('/channel', { name: 'kept', group_id: groupId }, alice.token)).body.id as number;
    const attachmentBytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 251));
    const upload = await api.post(
      '/upload/attachment',
      form('file', attachmentBytes, 'data.bin', 'application/octet-stream'),
      alice.token,
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const message = await api.post(
      '/message',
      { channel_id: channelId, content: 'Kept through a backup', attachment_ids: [upload.body.attachment.id] },
      alice.token,
    );
    expect(message.status).toBe(201);
    const request = await api.post('/friends/request', { username: bob.user.username }, alice.token);
    await api.post(`/friends/${request.body.friendship_id}/accept`, undefined, bob.token);
    expect(
      (await api.post('/dm/send', { recipient_id: bob.user.id, content: 'A private word' }, alice.token)).status,
    ).toBe(201);
    const emoji = await api.post(
      '/emoji/emojis',
      form('file', await picture(200), 'e.png', 'image/png', { name: 'kept_emoji' }),
      bob.token,
    );
    expect(emoji.status, JSON.stringify(emoji.body)).toBe(201);
    const gifBytes = await gif();
    const gifUpload = await api.post(
      '/gif/upload',
      form('file', gifBytes, 'g.gif', 'image/gif', { name: 'kept_gif' }),
      bob.token,
    );
    expect(gifUpload.status, JSON.stringify(gifUpload.body)).toBe(201);
    const emojiBytes = await bytesAt(original.url, emoji.body.url as string);

    // Taken while the server runs; the admin's System tab then names it.
    const archive = path.join(folder, 'hearth.tar.gz');
    const backup = await runOpsCommand('backup', ['--out', archive], { DATA_DIR: dataDir });
    expect(backup.output).toMatch(/^Backup written to .* \(.*, 3 stored files\): the data as of /);
    expect(backup.code).toBe(0);
    const resources = await api.get('/admin/system/resources', alice.token);
    const takenAt = resources.body.backup.last_taken_at as string;
    expect(Date.parse(takenAt)).toBeLessThanOrEqual(Date.now());
    // A second backup never replaces the first.
    const again = await runOpsCommand('backup', ['--out', archive], { DATA_DIR: dataDir });
    expect([again.code, again.output.trim()]).toEqual([
      1,
      `${archive} already exists: choose another name for the backup.`,
    ]);

    // Restore refuses the running server's folder, and any folder that holds something.
    const onRunning = await runOpsCommand('restore', [archive], { DATA_DIR: dataDir });
    expect(onRunning.code).toBe(1);
    expect(onRunning.output).toMatch(/^A Hearth server is running on .*: restore goes into a new, empty data folder/);
    const used = await mkdtemp(path.join(folder, 'used-'));
    await writeFile(path.join(used, 'note.txt'), 'mine');
    const onUsed = await runOpsCommand('restore', [archive], { DATA_DIR: used });
    expect(onUsed.code).toBe(1);
    expect(onUsed.output).toMatch(/is not empty: restore only goes into a new or empty data folder/);
    expect(await readdir(used)).toEqual(['note.txt']);

    const newDir = path.join(folder, 'restored');
    const restore = await runOpsCommand('restore', [archive], { DATA_DIR: newDir });
    expect(restore.output).toMatch(
      /^Restored .* into .*restored: the data as of .*, 3 stored files\. Start the server/,
    );
    expect(restore.code).toBe(0);
    await original.stop();
    original = undefined;

    restored = await startServerProcess({ name: 'restored', env: { ...SERVER_ENV, DATA_DIR: newDir } });
    const back = new Api(restored.url);
    const aliceToken = await signIn(back, alice.user.username);
    const bobToken = await signIn(back, bob.user.username);
    const history = (await back.get(`/message?channel_id=${channelId}`, aliceToken)).body as any[];
    expect(history.map((m) => m.content)).toEqual(['Kept through a backup']);
    expect(history[0].id).toBe(message.body.id);
    expect(await bytesAt(restored.url, history[0].attachments[0].file_url)).toEqual(attachmentBytes);
    const dm = (await back.get(`/dm/conversation/${alice.user.id}`, bobToken)).body;
    expect(JSON.stringify(dm)).toContain('A private word');
    const emojis = (await back.get('/emoji/emojis', bobToken)).body as any[];
    expect(emojis.map((e) => e.name)).toContain('kept_emoji');
    expect(await bytesAt(restored.url, emojis.find((e) => e.name === 'kept_emoji').url)).toEqual(emojiBytes);
    const gifs = (await back.get('/gif/user', bobToken)).body as any[];
    const kept = gifs.find((g) => g.name === 'kept_gif');
    expect(await bytesAt(restored.url, kept.file_url)).toEqual(gifBytes);
    // New rows take new ids, and the restored instance knows the backup it came from.
    const next = await back.post('/message', { channel_id: channelId, content: 'After' }, aliceToken);
    expect(next.body.id).toBeGreaterThan(message.body.id);
    expect((await back.get('/admin/system/resources', aliceToken)).body.backup.last_taken_at).toBe(takenAt);
  }, 240_000);
});
