import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import {
  CUSTOM_EMOJI_MAX_BYTES,
  CUSTOM_EMOJI_MAX_PX,
  CUSTOM_EMOJI_MAX_TOTAL_PIXELS,
  EMOJI_TEXT,
} from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import { sendStoredImage } from '../http/stored-image.js';
import { EMOJI_STORAGE_PREFIX } from './emoji-row.js';

/** The four kinds of picture spec 3 §5 allows, told from the bytes. */
export type EmojiFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/**
 * By the type file-type reads from the first bytes, never the name or the declared type. An APNG is
 * a PNG (file-type names it apart): it is accepted as one, and like any PNG loader the image library
 * reads its first frame, so it is stored still.
 */
const ACCEPTED: Readonly<Record<string, EmojiFormat>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Only these may hold several frames; the others are read as one picture. */
const MAY_ANIMATE: ReadonlySet<EmojiFormat> = new Set(['gif', 'webp']);

/** The stored file's name pattern: 32 hex digits, random per upload. */
export const EMOJI_FILE_PATTERN = /^[0-9a-f]{32}\.webp$/;
export const STORED_CONTENT_TYPE = 'image/webp';

/** An uploaded file, read up to one byte past the limit (never more is held). */
export interface CappedFile {
  bytes: Buffer;
  tooLarge: boolean;
}

/**
 * Reads the file part to its end, keeping at most the limit plus one byte: the multipart parser is
 * set to cut the part there (`fileSize`), so this only guards against a parser set otherwise. What
 * is kept is enough to tell the type of a file that is too large, which is checked first.
 */
export async function readCapped(file: Readable & { truncated?: boolean }): Promise<CappedFile> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let size = 0;
  for await (const chunk of file) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (kept > CUSTOM_EMOJI_MAX_BYTES) continue;
    chunks.push(bytes);
    kept += bytes.length;
  }
  return {
    bytes: Buffer.concat(chunks).subarray(0, CUSTOM_EMOJI_MAX_BYTES + 1),
    tooLarge: file.truncated === true || size > CUSTOM_EMOJI_MAX_BYTES,
  };
}

/** Check 1 (type): the format the bytes show, or null when it is none of the four. */
export async function detectFormat(bytes: Buffer): Promise<EmojiFormat | null> {
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  return (mime && ACCEPTED[mime]) || null;
}

/** A picture that passed the checks, re-encoded for storage. */
export interface EncodedEmoji {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Check 3 (dimensions), then the re-encoding, which is also the last part of check 1: bytes that
 * are signed as a picture but do not decode are an invalid type. Run only on a file within 5 MB.
 *
 * Every emoji is stored as the server's own WebP, never as the bytes that were sent: no hidden
 * payload, no metadata (a phone's location), one content type to serve. A still picture stays still,
 * lossless from PNG, GIF and WebP (emoji are mostly flat art with sharp edges, which lossy coding
 * smears), at quality 90 from JPEG (already lossy; lossless would only store its artefacts larger).
 * An animated GIF becomes an animated lossless WebP rather than staying a GIF: GIF frames are
 * palette pictures with on-off transparency, which lossless WebP keeps exactly, frame delays and
 * loop count included, usually in fewer bytes than the GIF (a tenth for flat animation, measured);
 * every current browser shows animated WebP; and re-encoding to GIF would quantise
 * the colours again. GIFs keep their size (spec 3 §5 exempts them from 256x256): nothing is scaled.
 */
export async function encodeEmoji(bytes: Buffer, format: EmojiFormat): Promise<EncodedEmoji> {
  const animated = MAY_ANIMATE.has(format);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(EMOJI_TEXT.invalidType);
  }
  if (!meta.width || !meta.height) throw badRequest(EMOJI_TEXT.invalidType);
  // With every frame read, height is the frames stacked; pageHeight is one frame's.
  const frameHeight = meta.pageHeight ?? meta.height;
  if (format !== 'gif' && (meta.width > CUSTOM_EMOJI_MAX_PX || frameHeight > CUSTOM_EMOJI_MAX_PX))
    throw badRequest(EMOJI_TEXT.dimensionsTooLarge);
  // A GIF of any size, or a long animated WebP: what is decoded is bounded over all frames.
  if (meta.width * meta.height > CUSTOM_EMOJI_MAX_TOTAL_PIXELS) throw badRequest(EMOJI_TEXT.animationTooLarge);
  try {
    const { data, info } = await sharp(bytes, { animated, limitInputPixels: CUSTOM_EMOJI_MAX_TOTAL_PIXELS })
      .autoOrient()
      .webp(format === 'jpeg' ? { quality: 90 } : { lossless: true })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    throw badRequest(EMOJI_TEXT.invalidType);
  }
}

/**
 * Serves a stored picture to anyone with its address, like a profile picture: the address is
 * random, changes with every upload and is handed out only with the emoji (lists, reactions), so
 * it is cached for good. A private emoji's picture is not secret either: it is shown on every
 * message its owner reacted to; private only means others cannot list it or react with it.
 */
export async function serveEmojiImage(ctx: AppContext, reply: FastifyReply, file: string) {
  if (!EMOJI_FILE_PATTERN.test(file)) throw notFound('Image not found');
  const key = `${EMOJI_STORAGE_PREFIX}${file}`;
  const { rows } = await ctx.db.query<{ content_type: string }>(
    'SELECT content_type FROM custom_emojis WHERE storage_key = $1',
    [key],
  );
  if (!rows[0]) throw notFound('Image not found');
  return sendStoredImage(ctx, reply, { key, contentType: rows[0].content_type, missingText: 'Image not found' });
}
