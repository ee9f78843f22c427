/**
 * Custom emoji for the emoji picker probe: with the standard set (about 1,870), enough public emoji
 * from other people to pass 3,000, as 200 is each person's limit. 32 × 32 pictures of one colour each.
 */
import sharp from 'sharp';
import { api, type Session } from './seed.js';
import type { BenchServer } from './server.js';
import { sized } from '../shared/smoke.js';

export const CUSTOM_EMOJI = sized(1_250, 40);
const PER_USER = 200;
const PARALLEL = 4;

const picture = (n: number): Promise<Buffer> =>
  sharp({
    create: {
      width: 32,
      height: 32,
      channels: 3,
      background: { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256 },
    },
  })
    .png()
    .toBuffer();

async function upload(server: BenchServer, token: string, n: number): Promise<void> {
  const form = new FormData();
  form.append('name', `bench_${n}`);
  form.append('is_public', 'true');
  form.append('is_nsfw', String(n % 10 === 0));
  form.append('file', new Blob([new Uint8Array(await picture(n))], { type: 'image/png' }), `bench_${n}.png`);
  const res = await fetch(`${server.url}/api/emoji/emojis`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`POST /api/emoji/emojis: ${res.status} ${await res.text()}`);
}

export async function seedCustomEmoji(server: BenchServer): Promise<void> {
  const owners: string[] = [];
  for (let u = 0; u * PER_USER < CUSTOM_EMOJI; u++) {
    const owner = await api<Session>(server, 'POST', '/auth/register', null, {
      username: `emoji_owner_${u}`,
      password: 'bench-pass-1',
    });
    owners.push(owner.access_token);
  }
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < CUSTOM_EMOJI; n = next++) await upload(server, owners[Math.floor(n / PER_USER)]!, n);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}
