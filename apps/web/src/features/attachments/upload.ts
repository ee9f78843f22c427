import type { Attachment, UploadAttachmentAnswer } from '@hearth/protocol';

export interface UploadAuth {
  /** The current access token. */
  token(): string | null;
  /** Refreshes the tokens; false if the session is over. */
  refresh(): Promise<boolean>;
}

export class UploadError extends Error {}

/**
 * Sends one file as multipart (field `file`) with upload progress, which fetch cannot report:
 * XMLHttpRequest's upload events give 0-100. An expired token is refreshed once and the upload
 * retried, as the REST client does. Rejects with the server's detail when refused.
 */
export async function uploadFile(
  auth: UploadAuth,
  file: File,
  channelId: number,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<Attachment> {
  const first = await send(auth.token(), file, channelId, onProgress, signal);
  if (first.status === 401 && (await auth.refresh())) {
    return answer(await send(auth.token(), file, channelId, onProgress, signal));
  }
  return answer(first);
}

function answer(res: { status: number; body: unknown }): Attachment {
  if (res.status >= 200 && res.status < 300) return (res.body as UploadAttachmentAnswer).attachment;
  const detail = (res.body as { detail?: unknown } | null)?.detail;
  throw new UploadError(typeof detail === 'string' ? detail : `Upload failed (${res.status})`);
}

function send(
  token: string | null,
  file: File,
  channelId: number,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/upload/attachment?channel_id=${channelId}`);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response as unknown });
    xhr.onerror = () => reject(new UploadError('Upload failed: the connection was lost'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
