import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { PERSISTED, QueryPersistence, SAVE_DELAY_MS, SAVED_MAX_AGE_MS, queryCacheKey } from './query-persistence';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

/** A query as a screen fetches it: marked for keeping or not. */
async function load(client: QueryClient, key: string, data: unknown, keep = true) {
  await client.fetchQuery({ queryKey: [key], queryFn: () => data, ...(keep ? { meta: PERSISTED } : {}) });
}

describe('the saved copy of the last known data', () => {
  it('comes back for the same user in a new tab, before anything is fetched; unmarked queries are not kept', async () => {
    vi.useFakeTimers();
    const first = new QueryClient();
    new QueryPersistence(first, localStorage).follow(7);
    await load(first, 'groups', [{ id: 1, name: 'Hearth' }]);
    await load(first, 'admin-secrets', ['not kept'], false);
    vi.advanceTimersByTime(SAVE_DELAY_MS);

    const next = new QueryClient();
    new QueryPersistence(next, localStorage).follow(7);
    expect(next.getQueryData(['groups'])).toEqual([{ id: 1, name: 'Hearth' }]);
    expect(next.getQueryData(['admin-secrets'])).toBeUndefined();
    // Back with the time it was fetched, so it is stale (30 s) and fetched again when a screen asks.
    vi.advanceTimersByTime(30_000);
    expect(
      next
        .getQueryCache()
        .find({ queryKey: ['groups'] })
        ?.isStaleByTime(30_000),
    ).toBe(true);
  });

  it('is kept per user and forgotten when its user signs out', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const persistence = new QueryPersistence(client, localStorage);
    persistence.follow(7);
    await load(client, 'groups', ['seven']);
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(localStorage.getItem(queryCacheKey(7))).toContain('seven');

    persistence.follow(null);
    client.clear();
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(localStorage.getItem(queryCacheKey(7))).toBeNull();

    const other = new QueryClient();
    new QueryPersistence(other, localStorage).follow(8);
    expect(other.getQueryData(['groups'])).toBeUndefined();
  });

  it('is written at once when the page goes, and dropped when older than a week', async () => {
    let now = 1_000;
    const client = new QueryClient();
    const persistence = new QueryPersistence(client, localStorage, () => now);
    persistence.follow(7);
    await load(client, 'channels', ['general']);
    persistence.flush();
    expect(localStorage.getItem(queryCacheKey(7))).toContain('general');

    now += SAVED_MAX_AGE_MS + 1;
    const later = new QueryClient();
    new QueryPersistence(later, localStorage, () => now).follow(7);
    expect(later.getQueryData(['channels'])).toBeUndefined();
    expect(localStorage.getItem(queryCacheKey(7))).toBeNull();
  });
});
