import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { fileTooLargeText, safeFileName, TEXT, type Attachment } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.js';
import { requireVisibleChannel } from '../groups/access.js';
import type { UserRow } from '../users/user-row.js';
import { toAttachment, type AttachmentRow } from './attachment-row.js';
import { fileKind } from './file-kind.js';
import { inspectImage } from './images.js';
import { removeDeletedFiles } from './file-deletions.js';

/** Enough of a file's start for file-type to recognise every format it knows. */
const SIGNATURE_BYTES = 4100;

/** A new random key, grouped by month so no folder grows without bound. */
function newStorageKey(now = new Date()): string {
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${month}/${randomUUID().replaceAll('-', '')}`;
}

/** The first check of an upload: a channel named beforehand must allow uploading there. */
export async function checkUploadTarget(ctx: AppContext, user: UserRow, channelId: number | undefined) {
  if (channelId === undefined) return;
  const { permissions } = await requireVisibleChannel(ctx.db, user, channelId);
  if (!permissions.can_upload) throw forbidden(TEXT.noUploadPermission);
}

const payloadTooLarge = (maxBytes: number) => new HttpError(413, fileTooLargeText(maxBytes));

/**
 * Streams one uploaded file into storage (never holding it whole in memory), recognises its type
 * from its first bytes, measures and previews pictures, and records it as the
 * uploader's unsent attachment. Nothing is left in storage if any step fails.
 */
export async function storeUpload(ctx: AppContext, user: UserRow, part: MultipartFile): Promise<Attachment> {
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest(TEXT.uploadNoFile);
  }
  const key = newStorageKey();
  let size: number;
  try {
    size = await ctx.storage.put(key, part.file);
  } catch (err) {
    await ctx.storage.delete(key);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(ctx.config.uploadMaxBytes);
    throw err;
  }
  const stored = [key];
  try {
    if (part.file.truncated) throw payloadTooLarge(ctx.config.uploadMaxBytes);
    if (size === 0) throw badRequest(TEXT.uploadEmpty);
    const kind = fileKind(await detectType(ctx, key, size));
    const facts = kind.attachment_type === 'image' ? await inspectImage(ctx.storage, key, kind.content_type) : null;
    // A picture that does not decode is kept as a plain file, offered as a download.
    const shown = kind.attachment_type === 'image' && !facts ? fileKind(undefined) : kind;
    let previewKey: string | null = null;
    if (facts) {
      previewKey = `${key}.preview.webp`;
      await ctx.storage.put(previewKey, Readable.from([facts.preview]));
      stored.push(previewKey);
    }
    const { rows } = await ctx.db.query<AttachmentRow>(
      `INSERT INTO attachments (user_id, storage_key, preview_key, content_type, attachment_type,
                                original_filename, file_size, width, height)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      [
        user.id,
        key,
        previewKey,
        shown.content_type,
        shown.attachment_type,
        safeFileName(part.filename),
        size,
        facts?.width ?? null,
        facts?.height ?? null,
      ],
    );
    return toAttachment(rows[0]!, ctx.files);
  } catch (err) {
    await Promise.all(stored.map((k) => ctx.storage.delete(k)));
    throw err;
  }
}

/**
 * The type the file's first bytes show, read back from storage once it is stored. (Detecting while
 * the upload streams through was tried: file-type's stream helper never finishes on an empty part.)
 */
async function detectType(ctx: AppContext, key: string, size: number): Promise<string | undefined> {
  const head: Buffer[] = [];
  for await (const chunk of await ctx.storage.get(key, { start: 0, end: Math.min(size, SIGNATURE_BYTES) - 1 }))
    head.push(chunk as Buffer);
  return (await fileTypeFromBuffer(Buffer.concat(head)))?.mime;
}

/** The uploader takes back an upload they have not sent; its files go with the row. */
export async function deleteUpload(ctx: AppContext, user: UserRow, id: number): Promise<void> {
  const { rows } = await ctx.db.query<{ message_id: number | null }>(
    'SELECT message_id FROM attachments WHERE id = $1 AND user_id = $2',
    [id, user.id],
  );
  if (!rows[0]) throw notFound(TEXT.attachmentNotFound);
  if (rows[0].message_id !== null) throw conflict(TEXT.attachmentAlreadySent);
  const deleted = await ctx.db.query('DELETE FROM attachments WHERE id = $1 AND message_id IS NULL', [id]);
  // Sent in the meantime by another tab: it belongs to that message now.
  if (!deleted.rowCount) throw conflict(TEXT.attachmentAlreadySent);
  void removeDeletedFiles(ctx);
}
