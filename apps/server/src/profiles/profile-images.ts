import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import sharp from 'sharp';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MAX_PIXELS, PROFILE_TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { notFound } from '../http/errors.js';
import { sendStoredImage } from '../http/stored-image.js';
import { removeDeletedFiles } from '../uploads/file-deletions.js';
import { readImageUpload, undecodableImage } from '../uploads/image-input.js';
import type { UserRow } from '../users/user-row.js';

export type ProfileImageKind = 'avatar' | 'banner';

/**
 * Every picture is re-encoded by the server: a stored picture is always one the server wrote, never the
 * bytes that were sent (no hidden payload, no metadata such as a phone's location). The client crops to
 * 512×512 and 1600×320 (spec 3 §5); the server fits to the same so another client cannot store more.
 */
const SIZE: Record<ProfileImageKind, { width: number; height: number }> = {
  avatar: { width: 512, height: 512 },
  banner: { width: 1600, height: 320 },
};

const COLUMN: Record<ProfileImageKind, 'profile_image_url' | 'profile_banner_url'> = {
  avatar: 'profile_image_url',
  banner: 'profile_banner_url',
};

/** Where stored profile pictures are served: a random key per upload, so an address never changes content. */
export const PROFILE_IMAGE_PATH = '/api/profile-images/';
const KEY_PATTERN = /^[0-9a-f]{32}\.webp$/;
/** Stored under profile/ beside the attachments' month folders. */
const storageKeyOf = (name: string) => `profile/${name}`;

async function reencode(bytes: Buffer, kind: ProfileImageKind, mime: string): Promise<Buffer> {
  const animated = mime === 'image/gif' || mime === 'image/webp';
  try {
    return await sharp(bytes, { animated, limitInputPixels: PROFILE_IMAGE_MAX_PIXELS })
      .rotate()
      .resize(SIZE[kind].width, SIZE[kind].height, { fit: 'cover', withoutEnlargement: false })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (err) {
    throw undecodableImage(err, PROFILE_TEXT.invalidImage);
  }
}

/** Stores a new picture or banner in place of the old one; the old file is removed after the commit. */
export async function uploadProfileImage(
  ctx: AppContext,
  user: UserRow,
  kind: ProfileImageKind,
  part: MultipartFile | undefined,
): Promise<{ url: string; usedBytes: number }> {
  // Spec 3 §5: JPEG, PNG, GIF or WebP, under 10 MB.
  const { bytes, mime } = await readImageUpload(part, {
    maxBytes: PROFILE_IMAGE_MAX_BYTES,
    tooLarge: PROFILE_TEXT.imageTooLarge,
    invalid: PROFILE_TEXT.invalidImage,
  });
  const encoded = await reencode(bytes, kind, mime);
  const name = `${randomUUID().replaceAll('-', '')}.webp`;
  const key = storageKeyOf(name);
  const size = await ctx.storage.put(key, Readable.from([encoded]));
  const url = `${PROFILE_IMAGE_PATH}${name}`;
  try {
    const usedBytes = await inTransaction(ctx.db, async (tx) => {
      await tx.query('DELETE FROM profile_images WHERE user_id = $1 AND kind = $2', [user.id, kind]);
      await tx.query('INSERT INTO profile_images (user_id, kind, storage_key, file_size) VALUES ($1, $2, $3, $4)', [
        user.id,
        kind,
        key,
        size,
      ]);
      const { rows } = await tx.query<{ used: number }>(
        `UPDATE users SET ${COLUMN[kind]} = $2 WHERE id = $1 RETURNING storage_used_bytes::float8 AS used`,
        [user.id, url],
      );
      return rows[0]!.used;
    });
    void removeDeletedFiles(ctx);
    return { url, usedBytes };
  } catch (err) {
    await ctx.storage.delete(key);
    throw err;
  }
}

export async function removeProfileImage(
  ctx: AppContext,
  user: UserRow,
  kind: ProfileImageKind,
): Promise<{ usedBytes: number }> {
  const usedBytes = await inTransaction(ctx.db, async (tx) => {
    const deleted = await tx.query('DELETE FROM profile_images WHERE user_id = $1 AND kind = $2', [user.id, kind]);
    if (!deleted.rowCount) throw notFound(kind === 'avatar' ? PROFILE_TEXT.noImage : PROFILE_TEXT.noBanner);
    const { rows } = await tx.query<{ used: number }>(
      `UPDATE users SET ${COLUMN[kind]} = NULL WHERE id = $1 RETURNING storage_used_bytes::float8 AS used`,
      [user.id],
    );
    return rows[0]!.used;
  });
  void removeDeletedFiles(ctx);
  return { usedBytes };
}

/**
 * Serves a stored picture. Its address is unguessable and changes with every upload, so it can be
 * cached for good; the blur rule works by never handing the address to whom it hides it from.
 */
export async function serveProfileImage(ctx: AppContext, reply: FastifyReply, name: string) {
  if (!KEY_PATTERN.test(name)) throw notFound('Image not found');
  const key = storageKeyOf(name);
  const { rowCount } = await ctx.db.query('SELECT 1 FROM profile_images WHERE storage_key = $1', [key]);
  if (!rowCount) throw notFound('Image not found');
  return sendStoredImage(ctx, reply, { key, contentType: 'image/webp', missingText: 'Image not found' });
}
