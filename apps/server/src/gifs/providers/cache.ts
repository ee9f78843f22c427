import type { GifProvider } from './provider.js';

export interface CacheOptions {
  ttlMs: number;
  maxEntries: number;
}

/** A minute: trending barely moves in that time, and a picker's repeated pages cost one call. */
export const PROVIDER_CACHE: CacheOptions = { ttlMs: 60_000, maxEntries: 500 };

/**
 * Keeps a third-party provider's answers in memory briefly: the same page asked again (another user,
 * the picker reopened) costs no call against the provider's quota. Requests for the same page while
 * one is under way share it. Failures are not kept, so the next request tries again. Bounded: the
 * least recently used answer goes first. Each node keeps its own; they are the same for everyone.
 */
export function cachedProvider(inner: GifProvider, options: CacheOptions = PROVIDER_CACHE): GifProvider {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = entries.get(key);
    entries.delete(key);
    if (hit && hit.expires > now) {
      entries.set(key, hit); // now the most recently used
      return hit.value as Promise<T>;
    }
    const value = load();
    entries.set(key, { expires: now + options.ttlMs, value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
    return value;
  }

  return {
    name: inner.name,
    trending: (limit, pos) => cached(JSON.stringify(['trending', limit, pos ?? '']), () => inner.trending(limit, pos)),
    search: (query, limit, pos) =>
      cached(JSON.stringify(['search', query, limit, pos ?? '']), () => inner.search(query, limit, pos)),
    categories: () => cached('categories', () => inner.categories()),
  };
}
