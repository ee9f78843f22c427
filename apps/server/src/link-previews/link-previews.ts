import {
  LINK_PREVIEW_CACHE_MS,
  LINK_PREVIEW_FAILURE_CACHE_MS,
  LINK_PREVIEW_MAX_HTML_BYTES,
  LINK_PREVIEW_MAX_REDIRECTS,
  MEDIA_PROXY_MAX_BYTES,
  type Embed,
} from '@hearth/protocol';
import { fileTypeFromBuffer } from 'file-type';
import type { Config } from '../config.js';
import type { Db } from '../db/pool.js';
import { MediaUrls } from './media-urls.js';
import { pagePreview, type StoredEmbed } from './page-preview.js';
import { TimedCache } from './preview-cache.js';
import { Slots } from './slots.js';
import { FetchRefused, safeFetch, type Resolver, type SafeFetchOptions } from './safe-fetch.js';

/** The image types the proxy passes on, told by their bytes. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

export interface ProxiedImage {
  contentType: string;
  body: Buffer;
}

/** Proxied images larger than this are passed on but not kept. */
const CACHED_IMAGE_MAX_BYTES = 1024 * 1024;

/**
 * Outside fetches running at once on a node; more wait their turn (each holds up to 1 MB of HTML or
 * 10 MB of image while it runs, so a flood of links cannot take the server's memory). A fetch's 5 s
 * start when its turn comes.
 */
const OUTSIDE_FETCHES_AT_ONCE = 16;

const isHtml = (type: string) => type === 'text/html' || type === 'application/xhtml+xml';
// The declared type is only a first filter; what is passed on is decided by the bytes.
const mayBeImage = (type: string) => type === '' || type.startsWith('image/') || type === 'application/octet-stream';

/**
 * The outside fetches of link previews and the media proxy, with their caches. Every fetch goes
 * through safeFetch (SSRF refusals, redirects, deadline, byte cap); background work is tracked so the
 * server waits for it before closing the database.
 */
export class LinkPreviews {
  private readonly pages = new TimedCache<StoredEmbed | null>(2_000, (p) =>
    p ? LINK_PREVIEW_CACHE_MS : LINK_PREVIEW_FAILURE_CACHE_MS,
  );
  // Small, and only small images (at most 64 MB in all): the browser caches proxied images for an hour
  // too; this spares the sites repeats across readers.
  private readonly images = new TimedCache<ProxiedImage | null>(64, (i) =>
    !i ? LINK_PREVIEW_FAILURE_CACHE_MS : i.body.length <= CACHED_IMAGE_MAX_BYTES ? LINK_PREVIEW_CACHE_MS : 0,
  );
  private readonly slots = new Slots(OUTSIDE_FETCHES_AT_ONCE);
  private readonly running = new Set<Promise<unknown>>();
  private readonly allowedHosts: ReadonlySet<string>;

  private constructor(
    readonly media: MediaUrls,
    private readonly config: Pick<Config, 'unfurlAllowedHosts' | 'unfurlTimeoutMs'>,
    private readonly resolver?: Resolver,
  ) {
    this.allowedHosts = new Set(config.unfurlAllowedHosts.map((h) => h.toLowerCase()));
  }

  static async create(db: Db, config: Config, resolver?: Resolver): Promise<LinkPreviews> {
    return new LinkPreviews(await MediaUrls.create(db, config.fileUrlTtlSec), config, resolver);
  }

  private options(overrides: Pick<SafeFetchOptions, 'maxBytes' | 'overflow' | 'accepts' | 'accept'>): SafeFetchOptions {
    return {
      allowedHosts: this.allowedHosts,
      signal: AbortSignal.timeout(this.config.unfurlTimeoutMs),
      maxRedirects: LINK_PREVIEW_MAX_REDIRECTS,
      resolver: this.resolver,
      ...overrides,
    };
  }

  /** A page's preview, or null when it has none or cannot be fetched (cached either way). */
  preview(link: string): Promise<StoredEmbed | null> {
    return this.pages.get(link, async () => {
      try {
        const page = await this.slots.run(() =>
          safeFetch(
            link,
            this.options({
              maxBytes: LINK_PREVIEW_MAX_HTML_BYTES,
              overflow: 'truncate',
              accepts: isHtml,
              accept: 'text/html,application/xhtml+xml',
            }),
          ),
        );
        return await pagePreview(link, page.url, page.body, page.contentType);
      } catch (err) {
        if (!(err instanceof FetchRefused) && !isNetworkError(err)) console.error('[link-previews]', err);
        return null;
      }
    });
  }

  /** An image for the proxy, or null when it cannot be fetched or its bytes are no allowed image. */
  image(url: string): Promise<ProxiedImage | null> {
    return this.images.get(url, async () => {
      try {
        const fetched = await this.slots.run(() =>
          safeFetch(
            url,
            this.options({
              maxBytes: MEDIA_PROXY_MAX_BYTES,
              overflow: 'refuse',
              accepts: mayBeImage,
              accept: 'image/*',
            }),
          ),
        );
        const sniffed = await fileTypeFromBuffer(fetched.body);
        if (!sniffed || !IMAGE_TYPES.has(sniffed.mime)) return null;
        return { contentType: sniffed.mime, body: fetched.body };
      } catch (err) {
        if (!(err instanceof FetchRefused) && !isNetworkError(err)) console.error('[media-proxy]', err);
        return null;
      }
    });
  }

  /** Previews as clients get them: each picture through the proxy's signed address. */
  forClient(embeds: readonly StoredEmbed[]): Embed[] {
    return embeds.map((e) => ({ ...e, image: e.image ? this.media.url(e.image) : null }));
  }

  /** Runs work after the answer was sent, keeping track of it until it ends. */
  inBackground(work: () => Promise<unknown>): void {
    const running = work().catch((err) => console.error('[link-previews]', err));
    this.running.add(running);
    void running.finally(() => this.running.delete(running));
  }

  /** Resolves once the background work under way has ended (before the database closes). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

/** Failures of the outside world (no such name, refused, reset, TLS, timeout): expected, not logged. */
function isNetworkError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code;
  return (
    err.name === 'AbortError' || err.name === 'TimeoutError' || typeof code === 'string' || err instanceof TypeError
  );
}
