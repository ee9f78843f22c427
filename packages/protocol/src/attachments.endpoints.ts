import type { Endpoint } from './endpoint-types.js';
import { IdParams } from './common.js';
import { FileParams, FileQuery, UploadAttachmentAnswer, UploadQuery } from './attachments.js';

/** Attachments: uploading, deleting and serving them. */
export const ATTACHMENT_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/upload/attachment',
    auth: 'user',
    status: 201,
    summary:
      'Uploads one file as multipart/form-data in the field `file` (201), streamed to storage: larger than UPLOAD_MAX_BYTES (25 MB) is 413, and so is a file past the storage limit of its uploader (1 GB, the storage-full text), not multipart 415, empty 400. The type is read from the bytes; pictures get width, height and a preview. It belongs to no message until sent with one (POST /message `attachment_ids`); unsent uploads are deleted after a day.',
    limits: ['writePerUser'],
    query: UploadQuery,
    answer: UploadAttachmentAnswer,
  },
  {
    method: 'DELETE',
    path: '/upload/attachment/:id',
    auth: 'user',
    status: 204,
    summary:
      "Deletes the caller's own upload and its file (204) while it is not sent yet (409 once sent; someone else's is 404).",
    limits: ['writePerUser'],
    params: IdParams,
  },
  {
    method: 'GET',
    path: '/attachments/:id/:variant/:name',
    auth: 'none',
    status: 200,
    summary:
      'A stored file (`file`) or its picture preview (`preview`), by the signed address an attachment carries (403 when the signature is wrong or expired, 404 once deleted). Pictures, video and audio are shown inline; everything else is sent as a download. Range requests are answered 206. Served with `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy.',
    params: FileParams,
    query: FileQuery,
  },
];
