import { GIPHY_MEDIA_ORIGINS, type GifCategory, type GifPage, type GifResult } from '@hearth/protocol';
import { z } from 'zod';
import type { GiphyRating } from '../../config.js';
import { offsetFromPos, ProviderError, type GifProvider } from './provider.js';

/**
 * GIPHY's API (developers.giphy.com/docs/api): GET /v1/gifs/trending, /v1/gifs/search and
 * /v1/gifs/categories with `api_key`, `limit`, `offset` and `rating` (g, pg, pg-13 or r). Lists come as
 * `{ data: [GIF object], pagination: { offset, count, total_count }, meta: { status, msg } }`; a GIF
 * object has `id`, `title`, `rating` and `images`, renditions by name, each `{ url, width, height,
 * size }` with the numbers as strings. The key stays on the server: the browser only ever sees the
 * mapped results, whose addresses carry no key.
 */

export interface GiphyOptions {
  apiKey: string;
  /** https://api.giphy.com, or a local stand-in in tests. */
  baseUrl: string;
  /** The highest rating passed on; results rated r are marked NSFW. */
  rating: GiphyRating;
  timeoutMs?: number;
}

/** GIPHY's largest offsets (its docs): trending 499, search 4999. */
const MAX_OFFSET = { trending: 499, search: 4999 } as const;
const TIMEOUT_MS = 5_000;

const Count = z.union([z.string(), z.number()]).nullish();
const Rendition = z.object({ url: z.string().nullish(), width: Count, height: Count, size: Count }).nullish();
const GiphyGif = z.object({
  id: z.string().min(1),
  title: z.string().nullish(),
  rating: z.string().nullish(),
  images: z.record(z.string(), Rendition),
});
const Meta = z.object({ status: z.number().nullish(), msg: z.string().nullish() }).nullish();
const ListAnswer = z.object({
  data: z.array(z.unknown()),
  pagination: z
    .object({ offset: z.number().nullish(), count: z.number().nullish(), total_count: z.number().nullish() })
    .nullish(),
  meta: Meta,
});
const GiphyCategory = z.object({ name: z.string().min(1), gif: z.unknown().nullish() });

const MEDIA = new Set<string>(GIPHY_MEDIA_ORIGINS);

/**
 * A rendition's address if it is a GIF on GIPHY's media hosts over https: the only images the
 * Content-Security-Policy lets the page load, and what a message's GIF link must look like.
 */
function mediaUrl(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && MEDIA.has(url.origin) && /\.gif$/i.test(url.pathname) ? address : null;
  } catch {
    return null;
  }
}

const count = (value: string | number | null | undefined) => {
  const n = Number(value ?? 0);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
};

type Renditions = z.infer<typeof GiphyGif>['images'];

/** A GIPHY GIF as the spec's GIF: `original` (at most 480 px a side) to send, `fixed_width` (200 px wide) to show. */
function toResult(raw: unknown): GifResult | null {
  const parsed = GiphyGif.safeParse(raw);
  if (!parsed.success) return null;
  const { id, title, rating, images } = parsed.data;
  const full = images.original ?? images.downsized;
  const url = mediaUrl(full?.url);
  if (!url || !full) return null;
  const preview = [images.fixed_width, images.fixed_height, images.downsized].map((r) => mediaUrl(r?.url));
  return {
    id,
    title: title?.trim() || 'GIF',
    url,
    preview_url: preview.find((u) => u !== null) ?? url,
    width: count(full.width),
    height: count(full.height),
    size: count(full.size),
    is_nsfw: rating?.toLowerCase() === 'r',
    is_user_generated: false,
  };
}

function previewOf(raw: unknown): string | null {
  const parsed = GiphyGif.safeParse(raw);
  if (!parsed.success) return null;
  const images: Renditions = parsed.data.images;
  return mediaUrl(images.fixed_width?.url) ?? mediaUrl(images.original?.url);
}

export function giphyProvider(options: GiphyOptions): GifProvider {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call(path: string, params: Record<string, string | number>): Promise<z.infer<typeof ListAnswer>> {
    const url = new URL(`${base}${path}`);
    url.searchParams.set('api_key', options.apiKey);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
    // A failure names the path only: the address holds the key, which must not reach a log.
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    }).catch((err: unknown) => {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
      throw new ProviderError(`GIPHY ${path} unreachable (${cause})`);
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new ProviderError(`GIPHY ${path} answered ${res.status}`);
    }
    const body = ListAnswer.safeParse(await res.json().catch(() => undefined));
    if (!body.success) throw new ProviderError(`GIPHY ${path} answered an unreadable body`);
    const status = body.data.meta?.status;
    if (typeof status === 'number' && (status < 200 || status > 299))
      throw new ProviderError(`GIPHY ${path} answered meta status ${status}`);
    return body.data;
  }

  async function list(kind: 'trending' | 'search', params: Record<string, string>, limit: number, pos?: string) {
    const offset = offsetFromPos(pos);
    if (offset > MAX_OFFSET[kind]) return { results: [], next: null } satisfies GifPage;
    const answer = await call(`/v1/gifs/${kind}`, { ...params, limit, offset, rating: options.rating });
    // Paging follows GIPHY's count, not the results kept, so no GIF is skipped or repeated.
    const got = answer.pagination?.count ?? answer.data.length;
    const total = answer.pagination?.total_count;
    const nextOffset = offset + got;
    const ended =
      got === 0 || (typeof total === 'number' ? nextOffset >= total : got < limit) || nextOffset > MAX_OFFSET[kind];
    const results = answer.data.map(toResult).filter((r): r is GifResult => r !== null);
    return { results, next: ended ? null : String(nextOffset) } satisfies GifPage;
  }

  return {
    name: 'giphy',
    trending: (limit, pos) => list('trending', {}, limit, pos),
    search: (query, limit, pos) => list('search', { q: query }, limit, pos),
    async categories() {
      const answer = await call('/v1/gifs/categories', {});
      const categories: GifCategory[] = [];
      for (const raw of answer.data) {
        const category = GiphyCategory.safeParse(raw);
        if (!category.success) continue;
        const { name, gif } = category.data;
        categories.push({ name, search_term: name, preview_url: previewOf(gif) });
      }
      return categories;
    },
  };
}
