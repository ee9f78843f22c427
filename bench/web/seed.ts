/**
 * The channel the web benchmark opens: 2,000 messages from three authors, as rich as a lively
 * channel: reactions on every fourth message, an image on every tenth (a photo-sized upload, shown
 * through its preview), a video link on every 50th and a GIF link on every 60th.
 */
import sharp from 'sharp';
import type { Attachment } from '@hearth/protocol';
import type { BenchServer } from './server.js';
import { sized } from '../shared/smoke.js';

export const MESSAGES = sized(2_000, 120);
const REACTIONS = ['👍', '🎉', '❤️'];
/** Photo-sized, so the list must show previews rather than the files. */
const IMAGE_SIZE = { width: 1600, height: 1200 };

export interface Session {
  access_token: string;
  refresh_token: string;
  user: { id: number; username: string };
}

export async function api<T>(server: BenchServer, method: string, route: string, token: string | null, body?: unknown) {
  const res = await fetch(`${server.url}/api${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} /api${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const numbered = (n: number) => `#${String(n).padStart(4, '0')} `;

/** A message of ordinary length, some with several lines: what a list has to lay out in real use. */
function content(n: number): string {
  const words = 'the quick brown fox jumps over a lazy dog while hearth keeps the fire warm for everyone'.split(' ');
  const count = 4 + ((n * 7919) % 40);
  const body = Array.from({ length: count }, (_, i) => words[(n + i * 3) % words.length]).join(' ');
  if (n % 50 === 0) return `${numbered(n)}${body} https://www.youtube.com/watch?v=dQw4w9WgXcQ`;
  if (n % 60 === 0) return `${numbered(n)}${body} https://media.giphy.com/media/abcdefghijk/giphy.gif`;
  return n % 9 === 0 ? `${numbered(n)}${body}\nsecond line\nthird line` : `${numbered(n)}${body}`;
}

/** A distinct photo-sized JPEG: a colour gradient, so each compresses like a picture, not a flat block. */
async function photo(n: number): Promise<Buffer> {
  const { width, height } = IMAGE_SIZE;
  const hue = (n * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,35%)"/>
    </linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="hsl(${(hue + 240) % 360},50%,60%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function upload(server: BenchServer, token: string, n: number): Promise<Attachment> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await photo(n))], { type: 'image/jpeg' }), `photo-${n}.jpg`);
  const res = await fetch(`${server.url}/api/upload/attachment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`POST /api/upload/attachment: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { attachment: Attachment }).attachment;
}

export async function seed(server: BenchServer) {
  const admin = await api<Session>(server, 'POST', '/auth/register', null, {
    username: 'bench_admin',
    password: 'bench-pass-1',
  });
  const authors = [admin];
  for (const name of ['bench_ann', 'bench_bo']) {
    authors.push(
      await api<Session>(server, 'POST', '/auth/register', null, { username: name, password: 'bench-pass-1' }),
    );
  }
  const groups = await api<{ id: number; name: string }[]>(server, 'GET', '/group', admin.access_token);
  const group = groups.find((g) => g.name === 'Hearth') ?? groups[0];
  if (!group) throw new Error('The fresh server has no group');
  const channel = await api<{ id: number }>(server, 'POST', '/channel', admin.access_token, {
    group_id: group.id,
    name: 'history',
  });
  // One at a time, so timestamps follow the numbers; a few authors in turn, as in a real conversation.
  for (let n = 1; n <= MESSAGES; n++) {
    const author = authors[Math.floor(n / 3) % authors.length]!;
    const attachmentIds = n % 10 === 0 ? [(await upload(server, author.access_token, n)).id] : [];
    const message = await api<{ id: number }>(server, 'POST', '/message', author.access_token, {
      channel_id: channel.id,
      content: content(n),
      ...(attachmentIds.length > 0 ? { attachment_ids: attachmentIds } : {}),
    });
    if (n % 4 === 0) {
      for (const [i, reactor] of authors.slice(0, 1 + (n % 3)).entries()) {
        await api(server, 'POST', `/message/${message.id}/reactions`, reactor.access_token, {
          emoji_unicode: REACTIONS[i],
        });
      }
    }
  }
  const reader = await api<Session>(server, 'POST', '/auth/register', null, {
    username: 'bench_reader',
    password: 'bench-pass-1',
  });
  return { reader, groupId: group.id, channelId: channel.id };
}
