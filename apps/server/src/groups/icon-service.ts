import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import sharp from 'sharp';
import type { Group } from '@hearth/protocol';
import {
  GROUP_ICON_MAX_BYTES,
  GROUP_ICON_PATH,
  GROUP_ICON_SIZE,
  GROUP_ICON_TEXT,
  PROFILE_IMAGE_MAX_PIXELS,
  TEXT,
} from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { notFound } from '../http/errors.js';
import { sendStoredImage } from '../http/stored-image.js';
import { removeDeletedFiles } from '../uploads/file-deletions.js';
import { readImageUpload, undecodableImage } from '../uploads/image-input.js';
import type { UserRow } from '../users/user-row.js';
import { requireAdmin } from './access.js';
import { toGroup, type GroupRow } from './rows.js';

const KEY_PATTERN = /^[0-9a-f]{32}\.webp$/;
/** Stored under groupicons/ beside the attachments' month folders and profile/ (a key's first part is [a-z0-9]). */
const storageKeyOf = (name: string) => `groupicons/${name}`;

/**
 * The icon as the server writes it, never the bytes that were sent (no hidden payload, no metadata):
 * the client crops to 64×64 (spec 2 §5) and the server fits to the same, so another client cannot
 * store more. One still frame: an icon on the rail does not move.
 */
async function reencode(bytes: Buffer): Promise<Buffer> {
  try {
    // Larger pictures are not decoded at all (the same limit as profile pictures).
    return await sharp(bytes, { limitInputPixels: PROFILE_IMAGE_MAX_PIXELS })
      .rotate()
      .resize(GROUP_ICON_SIZE, GROUP_ICON_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (err) {
    throw undecodableImage(err, GROUP_ICON_TEXT.notImage);
  }
}

async function announce(ctx: AppContext, group: Group): Promise<void> {
  await ctx.events.publish('group_updated', group, { kind: 'group', groupId: group.id });
}

/**
 * Stores a new icon for the group in place of the old one (whose row goes in the same transaction, so
 * its uploader is uncharged and its file queued for removal) and announces the group to its viewers.
 */
export async function uploadGroupIcon(
  ctx: AppContext,
  user: UserRow,
  groupId: number,
  part: MultipartFile | undefined,
): Promise<{ icon_url: string; group: Group }> {
  requireAdmin(user);
  // Known before any byte is read: a group that does not exist stores nothing.
  const { rowCount } = await ctx.db.query('SELECT 1 FROM groups WHERE id = $1', [groupId]);
  if (!rowCount) {
    part?.file.resume();
    throw notFound(TEXT.groupNotFound);
  }
  const { bytes } = await readImageUpload(part, {
    maxBytes: GROUP_ICON_MAX_BYTES,
    tooLarge: GROUP_ICON_TEXT.tooLarge,
    invalid: GROUP_ICON_TEXT.notImage,
  });
  const encoded = await reencode(bytes);
  const name = `${randomUUID().replaceAll('-', '')}.webp`;
  const key = storageKeyOf(name);
  const size = await ctx.storage.put(key, Readable.from([encoded]));
  const url = `${GROUP_ICON_PATH}${name}`;
  try {
    const group = await inTransaction(ctx.db, async (tx) => {
      // The group's row first: a deletion racing this upload either ran before (404) or waits.
      const { rows } = await tx.query<GroupRow>('UPDATE groups SET icon = $2 WHERE id = $1 RETURNING *', [
        groupId,
        url,
      ]);
      if (!rows[0]) throw notFound(TEXT.groupNotFound);
      await tx.query('DELETE FROM group_icons WHERE group_id = $1', [groupId]);
      await tx.query('INSERT INTO group_icons (group_id, user_id, storage_key, file_size) VALUES ($1, $2, $3, $4)', [
        groupId,
        user.id,
        key,
        size,
      ]);
      return toGroup(rows[0]);
    });
    void removeDeletedFiles(ctx);
    await announce(ctx, group);
    return { icon_url: url, group };
  } catch (err) {
    await ctx.storage.delete(key);
    throw err;
  }
}

/** Removes the group's icon, stored or not; a group without one is answered as it is, announcing nothing. */
export async function removeGroupIcon(ctx: AppContext, user: UserRow, groupId: number): Promise<Group> {
  requireAdmin(user);
  const { group, changed } = await inTransaction(ctx.db, async (tx) => {
    const { rows: before } = await tx.query<GroupRow>('SELECT * FROM groups WHERE id = $1 FOR UPDATE', [groupId]);
    if (!before[0]) throw notFound(TEXT.groupNotFound);
    if (before[0].icon === null) return { group: toGroup(before[0]), changed: false };
    await tx.query('DELETE FROM group_icons WHERE group_id = $1', [groupId]);
    const { rows } = await tx.query<GroupRow>('UPDATE groups SET icon = NULL WHERE id = $1 RETURNING *', [groupId]);
    return { group: toGroup(rows[0]!), changed: true };
  });
  if (!changed) return group;
  void removeDeletedFiles(ctx);
  await announce(ctx, group);
  return group;
}

/**
 * Serves a stored icon. Its address is unguessable and changes with every upload, so it is cached for
 * good; only those who may view the group are ever given it (as profile pictures).
 */
export async function serveGroupIcon(ctx: AppContext, reply: FastifyReply, name: string) {
  if (!KEY_PATTERN.test(name)) throw notFound('Icon not found');
  const key = storageKeyOf(name);
  const { rowCount } = await ctx.db.query('SELECT 1 FROM group_icons WHERE storage_key = $1', [key]);
  if (!rowCount) throw notFound('Icon not found');
  return sendStoredImage(ctx, reply, { key, contentType: 'image/webp', missingText: 'Icon not found' });
}
