import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  defaultGifName,
  GIF_MAX_BYTES,
  GIF_TEXT,
  GIF_USER_MAX,
  gifNameError,
  TEXT,
  type UserGif,
} from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction, type DbClient } from '../db/pool.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { sendStoredImage } from '../http/stored-image.js';
import { removeDeletedFiles } from '../uploads/file-deletions.js';
import { isAdmin, type UserRow } from '../users/user-row.js';
import { GIF_FILE_NAME, gifStorageKey, toUserGif, USER_GIF_COLUMNS, type UserGifRow } from './rows.js';

/** Enough of a file's start for file-type to recognise it. */
const SIGNATURE_BYTES = 4100;
/** A frame larger than this is not decoded at all (a 10 MB GIF can claim 65535 × 65535). */
const MAX_FRAME_PIXELS = 50_000_000;
/** GET /gif/user/all answers at most this many, newest first. */
const ALL_GIFS_MAX = 1000;
/**
 * Serialises one owner's uploads and renames, so the name check and the 200 limit hold under
 * concurrent requests. The two-number lock space is shared with friends' lockPair (two user ids,
 * both positive): a negative first number can never meet it.
 */
const OWNER_LOCK_CLASS = -716_002;

const lockOwner = (tx: DbClient, ownerId: number) =>
  tx.query('SELECT pg_advisory_xact_lock($1, ($2::bigint % 2147483648)::int)', [OWNER_LOCK_CLASS, ownerId]);

// Decoded images are not kept between requests: each upload is read once.
sharp.cache(false);

interface ReceivedFile {
  /** The bytes read: all of them, or the first ones past the limit. */
  bytes: Buffer;
  tooLarge: boolean;
  fileName: string;
}

/** Reads the file part, stopping as soon as it is over the limit (the rest is never read). */
async function readFile(part: MultipartFile): Promise<ReceivedFile> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  try {
    for await (const chunk of part.file) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size > GIF_MAX_BYTES) {
        tooLarge = true;
        break;
      }
    }
  } catch (err) {
    // The parser's own limit (one byte over ours) reached before the loop saw it.
    if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
    tooLarge = true;
  }
  if (tooLarge || part.file.truncated) {
    part.file.resume();
    tooLarge = true;
  }
  return { bytes: Buffer.concat(chunks), tooLarge, fileName: part.filename };
}

/** Width and height of a GIF that decodes, or null. */
async function gifFacts(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes, { animated: true, limitInputPixels: false }).metadata();
    if (meta.format !== 'gif' || !meta.width || !meta.height) return null;
    const frameHeight = meta.pageHeight ?? meta.height;
    if (meta.width * frameHeight > MAX_FRAME_PIXELS) return null;
    // The header alone says little: the first frame's pixels must decode too.
    await sharp(bytes, { pages: 1, limitInputPixels: MAX_FRAME_PIXELS }).stats();
    return { width: meta.width, height: frameHeight };
  } catch {
    return null;
  }
}

const TRUE_TEXTS = new Set(['true', '1', 'on', 'yes']);

/**
 * POST /gif/upload (spec 3 §5), its checks in the spec's order, each a 400 with the spec's text: a GIF
 * told from its bytes (the client's type and file name are never trusted), at most 10 MB (reading
 * stops past it), the name (sent, or made from the file name), unique for the owner in any case,
 * then the 200 limit.
 *
 * The GIF is stored exactly as sent, after sharp has decoded it, rather than re-encoded as profile
 * pictures are: re-encoding an animation costs seconds of CPU per upload, loses its timing and palette
 * and often makes it larger. What keeps a reader safe instead is how it is served (serveGif): always
 * as image/gif (the type its bytes showed), with nosniff, and in a sandbox of its own, so whatever
 * else the bytes may hold is never run or shown as anything but a picture.
 */
export async function uploadGif(
  ctx: AppContext,
  user: UserRow,
  parts: AsyncIterableIterator<Multipart>,
): Promise<UserGif> {
  let file: ReceivedFile | undefined;
  let facts: { width: number; height: number } | null = null;
  const fields = new Map<string, string>();
  for await (const part of parts) {
    if (part.type === 'field') {
      fields.set(part.fieldname, String(part.value));
      continue;
    }
    if (part.fieldname !== 'file' || file) {
      part.file.resume();
      continue;
    }
    file = await readFile(part);
    const mime = (await fileTypeFromBuffer(file.bytes.subarray(0, SIGNATURE_BYTES)))?.mime;
    if (mime !== 'image/gif') throw badRequest(GIF_TEXT.notGif);
    if (file.tooLarge) throw badRequest(GIF_TEXT.tooLarge);
    facts = await gifFacts(file.bytes);
    if (!facts) throw badRequest(GIF_TEXT.notGif);
  }
  if (!file || !facts) throw badRequest(TEXT.uploadNoFile);

  const sentName = fields.get('name');
  const name = sentName === undefined ? defaultGifName(file.fileName) : sentName.trim();
  const nameError = gifNameError(name);
  if (nameError) throw badRequest(nameError);
  const isNsfw = TRUE_TEXTS.has((fields.get('is_nsfw') ?? '').trim().toLowerCase());

  const fileName = `${randomUUID().replaceAll('-', '')}.gif`;
  const key = gifStorageKey(fileName);
  const size = await ctx.storage.put(key, Readable.from([file.bytes]));
  try {
    return await inTransaction(ctx.db, async (tx) => {
      await lockOwner(tx, user.id);
      await requireUniqueName(tx, user.id, name, null);
      const { rows: count } = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM user_gifs WHERE user_id = $1',
        [user.id],
      );
      if (count[0]!.n >= GIF_USER_MAX) throw badRequest(GIF_TEXT.limitReached);
      const { rows } = await tx.query<UserGifRow>(
        `INSERT INTO user_gifs AS g (user_id, name, storage_key, file_size, width, height, is_nsfw)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${USER_GIF_COLUMNS}`,
        [user.id, name, key, size, facts.width, facts.height, isNsfw],
      );
      return toUserGif(rows[0]!);
    });
  } catch (err) {
    await ctx.storage.delete(key);
    throw err;
  }
}

async function requireUniqueName(tx: DbClient, ownerId: number, name: string, exceptId: number | null) {
  const { rowCount } = await tx.query(
    'SELECT 1 FROM user_gifs WHERE user_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3',
    [ownerId, name, exceptId],
  );
  if (rowCount) throw badRequest(GIF_TEXT.nameTaken);
}

/**
 * The access check of every change to an uploaded GIF: it must exist (404), and the caller must own
 * it or be an admin (403; every GIF is visible to the whole instance, so this hides nothing).
 */
async function requireChangeable(tx: DbClient, user: UserRow, id: number): Promise<UserGifRow> {
  const { rows } = await tx.query<UserGifRow>(`SELECT ${USER_GIF_COLUMNS} FROM user_gifs g WHERE g.id = $1`, [id]);
  const gif = rows[0];
  if (!gif) throw notFound(GIF_TEXT.gifNotFound);
  if (gif.user_id !== user.id && !isAdmin(user)) throw forbidden(GIF_TEXT.notOwner);
  return gif;
}

export async function renameGif(ctx: AppContext, user: UserRow, id: number, name: string): Promise<UserGif> {
  return inTransaction(ctx.db, async (tx) => {
    const gif = await requireChangeable(tx, user, id);
    await lockOwner(tx, gif.user_id);
    // A rename to its own name in another case is no clash.
    await requireUniqueName(tx, gif.user_id, name, gif.id);
    const { rows } = await tx.query<UserGifRow>(
      `UPDATE user_gifs g SET name = $2 WHERE g.id = $1 RETURNING ${USER_GIF_COLUMNS}`,
      [id, name],
    );
    if (!rows[0]) throw notFound(GIF_TEXT.gifNotFound);
    return toUserGif(rows[0]);
  });
}

export async function setGifNsfw(ctx: AppContext, user: UserRow, id: number, isNsfw: boolean): Promise<UserGif> {
  return inTransaction(ctx.db, async (tx) => {
    await requireChangeable(tx, user, id);
    const { rows } = await tx.query<UserGifRow>(
      `UPDATE user_gifs g SET is_nsfw = $2 WHERE g.id = $1 RETURNING ${USER_GIF_COLUMNS}`,
      [id, isNsfw],
    );
    if (!rows[0]) throw notFound(GIF_TEXT.gifNotFound);
    return toUserGif(rows[0]);
  });
}

/** The row goes, its file is queued and removed, the owner's storage shrinks (the 0015 trigger). */
export async function deleteGif(ctx: AppContext, user: UserRow, id: number): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    await requireChangeable(tx, user, id);
    const deleted = await tx.query('DELETE FROM user_gifs WHERE id = $1', [id]);
    if (!deleted.rowCount) throw notFound(GIF_TEXT.gifNotFound);
  });
  void removeDeletedFiles(ctx);
}

export const ownGifs = (ctx: AppContext, user: UserRow): Promise<UserGif[]> => gifsOf(ctx, user.id);

/** One user's uploaded GIFs, newest first (at most 200: the per-user limit). */
export async function gifsOf(ctx: AppContext, userId: number): Promise<UserGif[]> {
  const { rows } = await ctx.db.query<UserGifRow>(
    `SELECT ${USER_GIF_COLUMNS} FROM user_gifs g WHERE g.user_id = $1 ORDER BY g.created_at DESC, g.id DESC`,
    [userId],
  );
  return rows.map(toUserGif);
}

/** The uploaded GIF served under `fileName` (its file_url's last part); 404 'GIF not found' for none. */
export async function gifByFile(ctx: AppContext, fileName: string): Promise<UserGif> {
  if (!GIF_FILE_NAME.test(fileName)) throw notFound(GIF_TEXT.gifNotFound);
  const { rows } = await ctx.db.query<UserGifRow>(
    `SELECT ${USER_GIF_COLUMNS} FROM user_gifs g WHERE g.storage_key = $1`,
    [gifStorageKey(fileName)],
  );
  if (!rows[0]) throw notFound(GIF_TEXT.gifNotFound);
  return toUserGif(rows[0]);
}

/** Every user's uploaded GIFs: they are shared with the instance (the picker's User Uploaded GIFs tab). */
export async function allGifs(ctx: AppContext): Promise<UserGif[]> {
  const { rows } = await ctx.db.query<UserGifRow>(
    `SELECT ${USER_GIF_COLUMNS} FROM user_gifs g ORDER BY g.created_at DESC, g.id DESC LIMIT $1`,
    [ALL_GIFS_MAX],
  );
  return rows.map(toUserGif);
}

/**
 * Serves an uploaded GIF. Messages carry its address for good, so it is not signed and does not
 * expire: it is unguessable (random per upload), and the GIF is shared with the instance anyway.
 * Its content never changes under one address, so it is cached for good.
 */
export async function serveGif(ctx: AppContext, reply: FastifyReply, fileName: string) {
  if (!GIF_FILE_NAME.test(fileName)) throw notFound(GIF_TEXT.gifNotFound);
  const key = gifStorageKey(fileName);
  const { rows } = await ctx.db.query<{ name: string; file_size: number }>(
    'SELECT name, file_size FROM user_gifs WHERE storage_key = $1',
    [key],
  );
  const gif = rows[0];
  if (!gif) throw notFound(GIF_TEXT.gifNotFound);
  return sendStoredImage(ctx, reply, {
    key,
    // The type its bytes showed at upload, whatever the uploader called it.
    contentType: 'image/gif',
    missingText: GIF_TEXT.gifNotFound,
    // The name is letters, digits and underscores only: safe in the header as it is.
    headers: { 'Content-Disposition': `inline; filename="${gif.name}.gif"`, 'Content-Length': gif.file_size },
  });
}
