import { GIF_SERVICE_ORIGINS } from '@hearth/protocol/constants';

/**
 * Spec 1 §2: an https .gif on the GIF service is a service GIF; any other http(s) .gif is
 * user-generated. `shown` says whether this page may show it inline: the GIF service is allowed by
 * the Content-Security-Policy, and this site's own files are; a GIF on any other host stays a link,
 * because fetching it would tell that host who reads the message and when.
 */
export interface GifLink {
  kind: 'service' | 'user';
  shown: boolean;
}

const SERVICE = new Set<string>(GIF_SERVICE_ORIGINS);

export function gifLink(href: string, origin: string = window.location.origin): GifLink | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !/\.gif$/i.test(url.pathname)) return null;
  if (url.protocol === 'https:' && SERVICE.has(url.origin)) return { kind: 'service', shown: true };
  return { kind: 'user', shown: url.origin === origin };
}
