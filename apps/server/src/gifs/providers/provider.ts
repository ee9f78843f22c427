import { GIF_TEXT, type GifCategory, type GifPage } from '@hearth/protocol';
import { badRequest } from '../../http/errors.js';

/**
 * Where the picker's trending, search and categories come from (spec 1 §7). The routes do not know
 * which one is configured; a failure of any kind is theirs to turn into the spec's 502 texts.
 */
export interface GifProvider {
  readonly name: 'builtin' | 'giphy';
  /** A page of trending GIFs; `pos` is the previous page's `next`. */
  trending(limit: number, pos: string | undefined): Promise<GifPage>;
  /** A page of GIFs matching `query` (trimmed, not blank). */
  search(query: string, limit: number, pos: string | undefined): Promise<GifPage>;
  categories(): Promise<GifCategory[]>;
}

/** The provider could not be reached, failed, or answered something unreadable. */
export class ProviderError extends Error {}

/**
 * Both providers page by offset; `pos` carries it as digits, which clients treat as opaque. Anything
 * else was never a `next` of ours: 400, not a provider failure.
 */
export function offsetFromPos(pos: string | undefined): number {
  if (pos === undefined || pos === '') return 0;
  if (!/^\d{1,9}$/.test(pos)) throw badRequest(GIF_TEXT.invalidPosition);
  return Number(pos);
}
