/**
 * Makes the app's PNG icons (the web app manifest's, the Apple touch icon and the notification
 * badge) from public/favicon.svg, the one drawing of the logo. The PNGs are committed, so a build
 * never runs this; run it again after changing the favicon:
 *
 *   npx tsx apps/web/scripts/make-icons.ts
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.join(here, '..', 'public');
const outDir = path.join(publicDir, 'icons');

const favicon = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');
const viewBox = /viewBox="([^"]+)"/.exec(favicon)?.[1];
const background = /<rect\b[^>]*\sfill="([^"]+)"/.exec(favicon)?.[1];
const flame = /<path\b[^>]*\sd="([^"]+)"/.exec(favicon)?.[1];
if (viewBox !== '0 0 32 32' || !background || !flame) {
  throw new Error('favicon.svg is no longer a 32 × 32 rounded square with one path: update make-icons.ts');
}

/** The flame on a full square of the background colour, scaled by `scale` about the centre. */
const fullBleed = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
  `<rect width="32" height="32" fill="${background}"/>` +
  `<path fill="#fff" transform="translate(16 16) scale(${scale}) translate(-16 -16)" d="${flame}"/></svg>`;

/** The flame alone in white on transparency, filling the square (it spans x 10–22, y 5–24): a badge is drawn from its alpha. */
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="5.5 4 21 21"><path fill="#fff" d="${flame}"/></svg>`;

const icons: { file: string; svg: string; size: number }[] = [
  // The favicon as it is (rounded corners, transparent outside them).
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  // Maskable: the platform crops to its own shape, keeping at least the centre circle of 80 % of the
  // width; the flame scaled to 0.8 reaches 10 of the 12.8 units from the centre that circle has.
  { file: 'icon-maskable-512.png', svg: fullBleed(0.8), size: 512 },
  // iOS rounds the corners itself and shows transparency as black, so it gets the full square.
  { file: 'apple-touch-icon.png', svg: fullBleed(0.8), size: 180 },
  { file: 'badge-96.png', svg: badge, size: 96 },
];

await mkdir(outDir, { recursive: true });
for (const { file, svg, size } of icons) {
  // Drawn at the final size (not scaled up from a small bitmap), so every edge stays sharp.
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await sharp(Buffer.from(sized)).png({ compressionLevel: 9 }).toFile(path.join(outDir, file));
  console.log(`icons/${file} (${size} × ${size})`);
}
