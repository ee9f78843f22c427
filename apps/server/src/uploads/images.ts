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
 * file. The image library reads a file on the local disk by path, so a large photo is never held in
 * memory whole (JPEG is even decoded at a fraction of its size for the preview); from a remote store
 * the file would be read into memory first.
 */
export async function inspectImage(storage: FileStorage, key: string, mime: string): Promise<ImageFacts | null> {
  try {
    const input = storage.localPath(key) ?? (await streamToBuffer(await storage.get(key)));
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

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
