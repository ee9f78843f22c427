import type { Attachment } from '@hearth/protocol';
import type { FileUrls } from './file-urls.js';

export interface AttachmentRow {
  id: number;
  user_id: number;
  message_id: number | null;
  position: number;
  storage_key: string;
  preview_key: string | null;
  content_type: string;
  attachment_type: Attachment['attachment_type'];
  original_filename: string;
  file_size: number;
  width: number | null;
  height: number | null;
  is_sensitive: boolean;
  created_at: Date;
}

/** The name in a file's address and download: the original name reduced to safe characters. */
export function storedFilename(original: string): string {
  const dot = original.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [original.slice(0, dot), original.slice(dot + 1)] : [original, ''];
  const clean = (s: string, max: number) =>
    s
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, max);
  const safeStem = clean(stem, 80) || 'file';
  const safeExt = clean(ext, 10).toLowerCase();
  return safeExt ? `${safeStem}.${safeExt}` : safeStem;
}

export function toAttachment(row: AttachmentRow, urls: FileUrls): Attachment {
  const filename = storedFilename(row.original_filename);
  return {
    id: row.id,
    attachment_type: row.attachment_type,
    content_type: row.content_type,
    filename,
    original_filename: row.original_filename,
    file_url: urls.url(row.id, 'file', filename),
    preview_url: row.preview_key ? urls.url(row.id, 'preview', `${filename.replace(/\.[^.]*$/, '')}.webp`) : null,
    width: row.width,
    height: row.height,
    file_size: row.file_size,
    uploaded_at: row.created_at.toISOString(),
    user_id: row.user_id,
    is_sensitive: row.is_sensitive,
  };
}
