import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import type { FileStorage } from '../storage/file-storage.js';

/** Previews fit in this square: twice the list's largest image (400 × 300), for sharp high-density screens. */
export const PREVIEW_MAX_PX = 800;
/** A larger picture is not decoded at all (about 100 megapixels, e.g. 12,000 × 8,000). */
const MAX_INPUT_PIXELS = 100_000_000;

// Decoded images are not kept between requests: each upload is read once.
sharp.cache(false);

export interface ImageFacts {
  width: number;
  height: number;
  preview: Buffer;
}

/**
 * The displayed size of a stored picture and a small WebP preview of it, or null when the bytes do
 * not decode (a corrupt or truncated file, or one over the pixel limit): it is then kept as a plain
 * file. Rejects when the file cannot be read from storage. The image library reads a file on the local disk by path, so a large photo is never held in
 * memory whole (JPEG is even decoded at a fraction of its size for the preview); a file in a remote
 * store (S3) is streamed to a temporary file first, so it is not held in memory whole either.
 */
export async function inspectImage(storage: FileStorage, key: string, mime: string): Promise<ImageFacts | null> {
  const local = storage.localPath(key);
  if (local) return inspectFile(local, mime);
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-image-'));
  try {
    const copy = path.join(dir, 'image');
    // A failure to copy (the bucket out of reach) is not a picture that does not decode: it fails the
    // upload (503), rather than keeping the picture as a plain file for good.
    await pipeline(await storage.get(key), createWriteStream(copy, { flags: 'wx', mode: 0o600 }));
    return await inspectFile(copy, mime);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function inspectFile(input: string, mime: string): Promise<ImageFacts | null> {
  try {
    // GIF and WebP may be animated: the preview keeps every frame, so it still moves in the list.
    const animated = mime === 'image/gif' || mime === 'image/webp';
    const image = sharp(input, { animated, limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) return null;
    const frameHeight = meta.pageHeight ?? meta.height;
    // EXIF orientations 5-8 turn the picture a quarter: it is shown with width and height swapped.
    const turned = (meta.orientation ?? 1) >= 5;
    const preview = await image
      .rotate()
      .resize(PREVIEW_MAX_PX, PREVIEW_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return {
      width: turned ? frameHeight : meta.width,
      height: turned ? meta.width : frameHeight,
      preview,
    };
  } catch {
    return null;
  }
}
