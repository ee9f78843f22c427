/**
 * Results by URL for a while, in this node's memory: a link posted again within the hour is not
 * fetched again, and a page that failed is not asked again for a shorter while. Each node of a
 * cluster keeps its own (at worst a page is fetched once per node an hour). Requests for a URL
 * already being fetched wait for that fetch instead of starting another. Bounded: the oldest entry
 * goes first.
 */
export class TimedCache<T> {
  private entries = new Map<string, { value: T; until: number }>();
  private pending = new Map<string, Promise<T>>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: (value: T) => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value of `key`, or `load`'s (kept for ttlMs(value); 0 keeps it not at all). A load that throws is not kept. */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.until > this.now()) return hit.value;
    if (hit) this.entries.delete(key);
    const running = this.pending.get(key);
    if (running) return running;
    const loading = load().then((value) => {
      const ttl = this.ttlMs(value);
      if (ttl <= 0) return value;
      this.entries.set(key, { value, until: this.now() + ttl });
      while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      return value;
    });
    this.pending.set(key, loading);
    try {
      return await loading;
    } finally {
      this.pending.delete(key);
    }
  }
}
