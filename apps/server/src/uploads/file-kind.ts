import type { Attachment } from '@hearth/protocol';

/** Pictures the image library reads and every browser shows: these get a size and a preview. */
export const RASTER_IMAGES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
]);

export interface FileKind {
  content_type: string;
  attachment_type: Attachment['attachment_type'];
  /**
   * Whether a browser may show it in the page. Only pictures and media containers, which a browser
   * never runs; everything else (HTML, SVG, XML, scripts, PDF, text, unknown bytes) is only ever
   * offered as a download.
   */
  inline: boolean;
}

/**
 * What a file is, from the type its first bytes show (file-type), never from its name or the type
 * the client declared. Text formats have no signature: they are all application/octet-stream here,
 * which is exactly what makes an HTML or SVG upload a harmless download.
 */
export function fileKind(detectedMime: string | undefined): FileKind {
  const mime = detectedMime ?? 'application/octet-stream';
  if (RASTER_IMAGES.has(mime)) return { content_type: mime, attachment_type: 'image', inline: true };
  if (mime.startsWith('video/')) return { content_type: mime, attachment_type: 'video', inline: true };
  if (mime.startsWith('audio/')) return { content_type: mime, attachment_type: 'audio', inline: true };
  return { content_type: mime, attachment_type: 'other', inline: false };
}
