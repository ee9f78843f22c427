import ogs from 'open-graph-scraper';
import {
  EMBED_DESCRIPTION_MAX,
  EMBED_SITE_NAME_MAX,
  EMBED_TITLE_MAX,
  EMBED_URL_MAX,
  type Embed,
} from '@hearth/protocol';

/** A preview as stored with the message: `image` is the picture's own address, signed for the proxy when sent. */
export type StoredEmbed = Embed;

/** Control characters and bidirectional overrides: they could disguise a title. Line breaks become spaces. */
// eslint-disable-next-line no-control-regex
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Text of a tag, cleaned and cut to `max` characters (an ellipsis marks the cut); null when empty. */
export function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(UNWANTED, ' ').replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** An http(s) address resolved against the page's; null for anything else (data:, javascript:, too long). */
export function absoluteHttpUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.length <= EMBED_URL_MAX ? url.href : null;
  } catch {
    return null;
  }
}

/** `theme-color` as `#rrggbb`, from `#rgb` or `#rrggbb`; null for anything else. */
export function themeColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : null;
}

/** The charset an answer's Content-Type names, when TextDecoder knows it; else UTF-8. */
function decode(body: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * The preview of a page from its HTML (OpenGraph, with Twitter-card tags and the page's `<title>`
 * and description as open-graph-scraper falls back to them), or null when it has neither a title
 * nor a description: a card of an address alone says nothing the link does not.
 */
export async function pagePreview(
  link: string,
  finalUrl: string,
  body: Buffer,
  contentType: string,
): Promise<StoredEmbed | null> {
  let result: Awaited<ReturnType<typeof ogs>>['result'];
  try {
    ({ result } = await ogs({
      html: decode(body, contentType),
      customMetaTags: [{ multiple: false, property: 'theme-color', fieldName: 'themeColor' }],
    }));
  } catch {
    return null;
  }
  const title = cleanText(result.ogTitle ?? result.twitterTitle ?? result.dcTitle, EMBED_TITLE_MAX);
  const description = cleanText(
    result.ogDescription ?? result.twitterDescription ?? result.dcDescription,
    EMBED_DESCRIPTION_MAX,
  );
  if (!title && !description) return null;
  const image = result.ogImage?.[0]?.url ?? result.twitterImage?.[0]?.url;
  const custom = result.customMetaTags as Record<string, unknown> | undefined;
  return {
    type: 'link',
    url: link,
    title,
    description,
    site_name: cleanText(result.ogSiteName ?? result.twitterSite, EMBED_SITE_NAME_MAX),
    image: absoluteHttpUrl(image, finalUrl),
    color: themeColor(custom?.themeColor),
  };
}
