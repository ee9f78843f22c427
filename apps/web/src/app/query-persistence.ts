import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';

/** Where a user's last known data is kept in this browser: one entry per signed-in user. */
export const queryCacheKey = (userId: number) => `queryCache:${userId}`;

/** Older than this, a saved copy is dropped rather than shown: a week away is better met by a fresh start. */
export const SAVED_MAX_AGE_MS = 7 * 24 * 3_600_000;

/** Changes are saved together, at most once per this many ms (the cache changes on every live event). */
export const SAVE_DELAY_MS = 1_000;

/** What a query opts into with `meta: PERSISTED`: kept for the offline shell. */
export const PERSISTED = { persist: true } as const;

const persisted = (query: Query) => query.meta?.persist === true && query.state.status === 'success';

interface Saved {
  savedAt: number;
  state: DehydratedState;
}

/**
 * Keeps the signed-in user's last known groups, channels, conversations and recent messages in this
 * browser (TanStack Query's own dehydrate and hydrate, for the queries marked PERSISTED), so a reload
 * without network shows the shell as it was rather than empty screens. Restored synchronously, before
 * the first render, so nothing is fetched or drawn without it; the data comes back stale, and is
 * fetched again as soon as the server can be reached. Forgotten when the user signs out: the next
 * person on a shared browser sees none of it.
 */
export class QueryPersistence {
  private userId: number | null = null;
  private unsubscribe: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private client: QueryClient,
    private storage: Storage,
    private now: () => number = Date.now,
  ) {}

  /** The signed-in user (null: signed out). A new user gets their saved data back; signing out forgets it. */
  follow(userId: number | null): void {
    if (userId === this.userId) return;
    this.stop();
    if (this.userId !== null) this.remove(this.userId);
    this.userId = userId;
    if (userId === null) return;
    this.restore(userId);
    this.unsubscribe = this.client.getQueryCache().subscribe((event) => {
      if (event.query.meta?.persist === true) this.schedule();
    });
  }

  /** Writes now what is waiting to be written (the page is being hidden or closed). */
  flush(): void {
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.save();
  }

  private restore(userId: number): void {
    const saved = this.read(userId);
    if (!saved) return;
    if (this.now() - saved.savedAt > SAVED_MAX_AGE_MS) {
      this.remove(userId);
      return;
    }
    // Kept in the cache while unobserved (a channel not opened yet), so the next save still has them.
    hydrate(this.client, saved.state, { defaultOptions: { queries: { gcTime: SAVED_MAX_AGE_MS } } });
  }

  private read(userId: number): Saved | null {
    try {
      const text = this.storage.getItem(queryCacheKey(userId));
      return text ? (JSON.parse(text) as Saved) : null;
    } catch {
      return null;
    }
  }

  private schedule(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.save();
    }, SAVE_DELAY_MS);
  }

  private save(): void {
    if (this.userId === null) return;
    const saved: Saved = { savedAt: this.now(), state: dehydrate(this.client, { shouldDehydrateQuery: persisted }) };
    try {
      this.storage.setItem(queryCacheKey(this.userId), JSON.stringify(saved));
    } catch {
      // Storage full or refused (private browsing): the offline shell goes without, nothing else does.
    }
  }

  private remove(userId: number): void {
    try {
      this.storage.removeItem(queryCacheKey(userId));
    } catch {
      // As above.
    }
  }

  private stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
