/**
 * A GIF of one colour, written by hand like images.ts's PNG, so the scenarios upload real GIFs
 * without an image library. The picture data is LZW in its simplest valid form: a clear code before
 * every two pixels keeps every code 3 bits wide, so no dictionary is needed to write it.
 */
export function gifBytes(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const CLEAR = 4;
  const END = 5;
  const codes: number[] = [];
  for (let i = 0; i < width * height; i++) {
    if (i % 2 === 0) codes.push(CLEAR);
    codes.push(0);
  }
  codes.push(END);
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const code of codes) {
    acc |= code << bits;
    bits += 3;
    while (bits >= 8) {
      bytes.push(acc & 0xff);
      acc >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) bytes.push(acc & 0xff);
  const blocks: number[] = [];
  for (let i = 0; i < bytes.length; i += 255) {
    const part = bytes.slice(i, i + 255);
    blocks.push(part.length, ...part);
  }
  const size = (n: number) => [n & 0xff, n >> 8];
  return Buffer.from([
    ...Buffer.from('GIF89a', 'ascii'),
    ...size(width),
    ...size(height),
    0xf1, // a global colour table of 4 colours
    0,
    0,
    ...[r, g, b, 0, 0, 0, 255, 255, 255, 0, 0, 0],
    0x2c, // the image
    0,
    0,
    0,
    0,
    ...size(width),
    ...size(height),
    0,
    2, // LZW minimum code size
    ...blocks,
    0,
    0x3b,
  ]);
}

/** A GIF for Playwright's file chooser. */
export const gifFile = (name: string, width: number, height: number, colour: [number, number, number]) => ({
  name,
  mimeType: 'image/gif',
  buffer: gifBytes(width, height, colour),
});
