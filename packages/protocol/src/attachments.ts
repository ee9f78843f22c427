import { z } from 'zod';
import { Id, IsoDate } from './common.js';

export { ATTACHMENTS_PER_MESSAGE_MAX } from './constants.js';

/**
 * One uploaded file (spec 1 §3 "Attachment"), as the uploader receives it and as every message that
 * carries it lists it. `file_url` and `preview_url` are signed and expire (ATTACHMENT_URL_TTL_SECONDS):
 * they work in `<img src>` without headers, and a fresh page of history carries fresh ones.
 */
export const Attachment = z.object({
  id: z.number(),
  attachment_type: z.enum(['image', 'video', 'audio', 'other']).describe('from the bytes, never from the name'),
  content_type: z.string().describe('detected from the bytes; application/octet-stream when unknown'),
  filename: z.string().describe('the stored name (safe for a URL)'),
  original_filename: z.string(),
  file_url: z.string(),
  preview_url: z.string().nullable().describe('a small WebP preview for images; null for other files'),
  width: z.number().nullable().describe('image width in pixels; null for other files'),
  height: z.number().nullable(),
  file_size: z.number().describe('bytes'),
  uploaded_at: IsoDate,
  user_id: z.number(),
  is_sensitive: z.boolean(),
});
export type Attachment = z.infer<typeof Attachment>;

export const UploadAttachmentAnswer = z.object({ attachment: Attachment });
export type UploadAttachmentAnswer = z.infer<typeof UploadAttachmentAnswer>;

/**
 * What the admin_announcement live event carries (spec 1 §7: content and admin_username): shown as a
 * 15 s popup. `/guardian announce` posts it in a channel (channel_id, group_id); the admin panel's
 * announcement has a title and lives in the Guardian direct message it also sends (guardian_id).
 */
export const AdminAnnouncement = z.object({
  content: z.string(),
  admin_username: z.string(),
  title: z.string().optional().describe("the admin panel's announcement title; `/guardian announce` has none"),
  channel_id: z.number().nullable().describe('the channel the announcement was posted in, if any'),
  group_id: z.number().nullable(),
  guardian_id: z
    .number()
    .optional()
    .describe("from the admin panel: Guardian's user id, whose conversation carries the announcement"),
});
export type AdminAnnouncement = z.infer<typeof AdminAnnouncement>;

/** Where an upload is headed: with it, can_upload is checked in that channel's group before any byte is stored. */
export const UploadQuery = z.object({
  channel_id: Id.optional().describe('the channel the file will be sent in: 403 at once without can_upload there'),
});

/** A signed file address: `/api/attachments/{id}/{variant}/{name}?expires&signature`. */
export const FileParams = z.object({
  id: Id,
  variant: z.enum(['file', 'preview'], { error: 'variant must be file or preview' }),
  name: z.string().max(200),
});
export const FileQuery = z.object({
  expires: z.coerce.number({ error: 'expires must be a number' }).int('expires must be a number'),
  signature: z.string().max(100),
});
