/**
 * GIFs for the GIF picker probe: the server runs without a GIPHY key, so the picker's Trending tab is
 * the built-in provider's, the newest uploaded GIFs. Two pages' worth of small animated GIFs, of the
 * size a reaction GIF has, each a different colour.
 */
import sharp from 'sharp';
import type { BenchServer } from './server.js';

export const GIFS = 30;
const SIZE = { width: 200, height: 150 };
const FRAMES = 4;

/** An animated GIF: FRAMES frames of one colour each, stacked as pages of one tall raw picture. */
function gif(n: number): Promise<Buffer> {
  const frame = SIZE.width * SIZE.height * 3;
  const raw = Buffer.alloc(frame * FRAMES);
  for (let f = 0; f < FRAMES; f++) {
    const colour = [(n * 37 + f * 50) % 256, (n * 91) % 256, (n * 53 + f * 30) % 256];
    for (let i = 0; i < frame; i += 3) raw.set(colour, f * frame + i);
  }
  return sharp(raw, { raw: { width: SIZE.width, height: SIZE.height * FRAMES, channels: 3, pageHeight: SIZE.height } })
    .gif({ delay: Array<number>(FRAMES).fill(100), loop: 0 })
    .toBuffer();
}

export async function seedGifs(server: BenchServer, token: string): Promise<void> {
  for (let n = 1; n <= GIFS; n++) {
    const form = new FormData();
    form.append('name', `bench_${n}`);
    form.append('is_nsfw', 'false');
    form.append('file', new Blob([new Uint8Array(await gif(n))], { type: 'image/gif' }), `bench_${n}.gif`);
    const res = await fetch(`${server.url}/api/gif/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!res.ok) throw new Error(`POST /api/gif/upload: ${res.status} ${await res.text()}`);
  }
}
