import type { FastifyReply, FastifyRequest } from 'fastify';
import contentDisposition from 'content-disposition';
import { safeFileName, TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { forbidden, HttpError, notFound } from '../http/errors.js';
import type { ByteRange } from '../storage/file-storage.js';
import type { FileVariant } from './file-urls.js';
import { fileKind } from './file-kind.js';

/**
 * A file answer can never run anything in the app's origin: no script, no plugin, no form, in a
 * sandbox of its own, even when opened directly in a tab.
 */
const FILE_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

interface StoredFile {
  storage_key: string;
  preview_key: string | null;
  content_type: string;
  original_filename: string;
}

/** One `bytes=start-end` range (or `start-` / `-suffix`) within a file of `size` bytes; null for the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: answered with the whole file, as RFC 9110 allows.
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Whether a Range may be honoured under the request's If-Range (RFC 9110 §13.1.5): only when it names
 * this answer's entity tag exactly (a strong comparison: a weak tag never matches). A date never
 * matches, as no Last-Modified is sent; a stale client asking for "the rest, if unchanged" with an
 * unknown validator gets the whole file, not bytes of something else.
 */
export function rangeAllowed(ifRange: string | undefined, etag: string): boolean {
  return ifRange === undefined || ifRange.trim() === etag;
}

/** Answers GET of a signed file address: the check is the signature, then the row must still exist. */
export async function serveFile(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  params: { id: number; variant: FileVariant },
  query: { expires: number; signature: string },
) {
  if (!ctx.files.verify(params.id, params.variant, query.expires, query.signature))
    throw forbidden(TEXT.fileLinkInvalid);
  const { rows } = await ctx.db.query<StoredFile>(
    'SELECT storage_key, preview_key, content_type, original_filename FROM attachments WHERE id = $1',
    [params.id],
  );
  const row = rows[0];
  const key = params.variant === 'preview' ? row?.preview_key : row?.storage_key;
  if (!row || !key) throw notFound(TEXT.attachmentNotFound);
  const size = await ctx.storage.size(key);
  if (size === null) throw notFound(TEXT.attachmentNotFound);

  const preview = params.variant === 'preview';
  const kind = preview ? fileKind('image/webp') : fileKind(row.content_type);
  // Cleaned again: a name stored before bidirectional controls were taken out must not disguise the download.
  const stored = safeFileName(row.original_filename);
  const name = preview ? `${stored.replace(/\.[^.]*$/, '')}.webp` : stored;
  const secondsLeft = Math.max(0, query.expires - Math.floor(Date.now() / 1000));
  // An attachment's file never changes once stored, so its id and variant name its bytes for good.
  const etag = `"${params.id}-${params.variant}"`;
  reply
    .header('Content-Type', kind.inline ? kind.content_type : 'application/octet-stream')
    .header('Content-Disposition', contentDisposition(name, { type: kind.inline ? 'inline' : 'attachment' }))
    .header('Content-Security-Policy', FILE_CSP)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', `private, max-age=${secondsLeft}, immutable`)
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag);

  // Sent twice, it names two validators: then it matches neither.
  const ifRange = [request.headers['if-range'] ?? []].flat().join(', ') || undefined;
  const range = rangeAllowed(ifRange, etag) ? parseRange(request.headers.range, size) : null;
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${size}`);
    throw new HttpError(416, 'Range Not Satisfiable');
  }
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1);
  } else {
    reply.header('Content-Length', size);
  }
  if (request.method === 'HEAD') return reply.send();
  // Removed between its size and its read (a deletion in that moment): gone, as a missing row is.
  const stream = await ctx.storage.get(key, range ?? undefined).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'ENOENT' ? notFound(TEXT.attachmentNotFound) : err;
  });
  return reply.send(stream);
}
