import { GIPHY_MEDIA_ORIGINS } from './constants.js';

/**
 * Link previews and the media proxy: the numbers and texts shared by the server and the client (no
 * zod here, so the client may import it), and the one rule that says which links of a message get a
 * preview, so both sides agree.
 */

/** At most this many links of a message are previewed (GIF links included). */
export const LINK_PREVIEWS_PER_MESSAGE = 3;
/** A page's whole fetch (every lookup, redirect and byte) must finish within this long. */
export const LINK_PREVIEW_TIMEOUT_MS = 5_000;
/** Redirects followed, each checked like the first address. */
export const LINK_PREVIEW_MAX_REDIRECTS = 3;
/** HTML read from a page at most; the rest is never downloaded. */
export const LINK_PREVIEW_MAX_HTML_BYTES = 1024 * 1024;
/** A page's preview (or the lack of one) is reused for this long. */
export const LINK_PREVIEW_CACHE_MS = 3_600_000;
/** A page that could not be previewed is tried again after this long (a fault may pass). */
export const LINK_PREVIEW_FAILURE_CACHE_MS = 600_000;
/** An image the media proxy passes on, at most. */
export const MEDIA_PROXY_MAX_BYTES = 10 * 1024 * 1024;
/** Where the media proxy answers, under the API's prefix. */
export const MEDIA_PROXY_PATH = '/api/media-proxy';

/** Field lengths a preview keeps, in characters (longer is cut with an ellipsis). */
export const EMBED_TITLE_MAX = 256;
export const EMBED_DESCRIPTION_MAX = 350;
export const EMBED_SITE_NAME_MAX = 100;
export const EMBED_URL_MAX = 2048;

export const LINK_PREVIEW_TEXT = {
  removeNotAuthor: 'Only the author can remove link previews',
  mediaLinkInvalid: 'This media link is invalid or has expired',
  mediaRefused: 'This media could not be loaded',
  removePreview: 'Remove preview',
  removePreviewOf: (title: string) => `Remove preview of ${title}`,
  removeFailed: 'Could not remove the preview',
  settingLabel: 'Show link previews',
  settingDescription: 'A card with the title, description and image of the pages linked in messages.',
} as const;

/*
 * Which links a message previews: bare http(s) addresses as the client's parser finds them (`|` ends
 * one, so a spoiler's bars are not part of it), in the order written, each once. None inside `<…>`
 * (the author asked for no preview, as on Discord), inside code, or inside a spoiler (a preview
 * would show what the spoiler hides).
 */
const BARE_URL = /https?:\/\/[^\s<|]+[^<.,:;"')\]\s|]/g;
const CODE_BLOCK = /```[\s\S]*?```/g;
const INLINE_CODE = /`[^`\n]*`/g;
const SPOILER = /\|\|[\s\S]*?\|\|/g;
const SUPPRESSED = /<https?:\/\/[^\s>]*>/g;

/** The http(s) addresses of a message to preview, in order, without repeats, at most LINK_PREVIEWS_PER_MESSAGE. */
export function previewLinks(content: string): string[] {
  const text = content
    .replace(CODE_BLOCK, ' ')
    .replace(INLINE_CODE, ' ')
    .replace(SPOILER, ' ')
    .replace(SUPPRESSED, ' ');
  const found: string[] = [];
  for (const match of text.matchAll(BARE_URL)) {
    let href: string;
    try {
      const url = new URL(match[0]);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      href = url.href;
    } catch {
      continue;
    }
    if (href.length > EMBED_URL_MAX || found.includes(href)) continue;
    found.push(href);
    if (found.length === LINK_PREVIEWS_PER_MESSAGE) break;
  }
  return found;
}

/**
 * An http(s) address whose path ends in `.gif`: shown as a GIF, not a page preview. Those of the GIF
 * service (https on GIPHY's media hosts) the client shows from the service itself, as before; any
 * other is a GIF embed, shown through the media proxy.
 */
export function gifAddressKind(href: string): 'service' | 'other' | null {
  try {
    const url = new URL(href);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !/\.gif$/i.test(url.pathname)) return null;
    return url.protocol === 'https:' && (GIPHY_MEDIA_ORIGINS as readonly string[]).includes(url.origin)
      ? 'service'
      : 'other';
  } catch {
    return null;
  }
}
