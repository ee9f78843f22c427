import { GIPHY_MEDIA_ORIGINS } from '@hearth/protocol/constants';

/**
 * Spec 1 §2: an https .gif on the GIF service is a service GIF; any other http(s) .gif is
 * user-generated. The GIF service is the server's third-party provider, GIPHY, on its media hosts
 * (the ones the server passes on, and the Content-Security-Policy allows).
 * `shown` says whether this page may show it inline: the GIF service's hosts and this site's own files;
 * a GIF on any other host stays a link, because fetching it would tell that host who reads the
 * message and when. `uploadedFile` is the path of a GIF uploaded to this server (its `file_url`),
 * whose NSFW flag the server knows.
 */
export interface GifLink {
  kind: 'service' | 'user';
  shown: boolean;
  uploadedFile?: string;
}

const SERVICE = new Set<string>(GIPHY_MEDIA_ORIGINS);
/** Where this server serves uploaded GIFs (`/api` is the API's prefix). */
const UPLOADED_GIFS = /^\/api\/gif-files\/[^/]+\.gif$/i;

export function gifLink(href: string, origin: string = window.location.origin): GifLink | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !/\.gif$/i.test(url.pathname)) return null;
  if (url.protocol === 'https:' && SERVICE.has(url.origin)) return { kind: 'service', shown: true };
  if (url.origin !== origin) return { kind: 'user', shown: false };
  return UPLOADED_GIFS.test(url.pathname)
    ? { kind: 'user', shown: true, uploadedFile: url.pathname }
    : { kind: 'user', shown: true };
}
