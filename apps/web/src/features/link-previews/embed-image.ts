import { MEDIA_PROXY_PATH } from '@hearth/protocol/link-preview-rules';

/**
 * The picture of a preview, only when it is this server's media proxy: anything else would make the
 * reader's browser ask a third party (the Content-Security-Policy would refuse it anyway).
 */
export function proxiedImage(image: string | null): string | null {
  return image !== null && image.startsWith(`${MEDIA_PROXY_PATH}?`) ? image : null;
}

/** A preview's link, only when it is http(s), in the form the browser reads it. */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
