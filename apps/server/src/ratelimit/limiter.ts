import type { Redis } from 'ioredis';
import type { RateLimitRule } from '../config.js';
import { tooManyRequests } from '../http/errors.js';

export interface RateLimiter {
  /** Counts one hit; returns 0 when allowed, else the milliseconds until the window resets. */
  hit(key: string, rule: RateLimitRule): Promise<number>;
}

/** Throws a 429 (with Retry-After) when the key is over its limit. */
export async function enforce(limiter: RateLimiter, key: string, rule: RateLimitRule): Promise<void> {
  const wait = await limiter.hit(key, rule);
  if (wait > 0) throw tooManyRequests(wait);
}

/** Fixed windows in this process: right for a single node. */
export class MemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  hit(key: string, rule: RateLimitRule): Promise<number> {
    const now = Date.now();
    if (now - this.lastSweep > 60_000) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + rule.windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return Promise.resolve(w.count > rule.limit ? w.resetAt - now : 0);
  }

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/**
 * Fixed windows in Redis: every node counts against the same window. While Redis does not answer,
 * each node counts in its own memory instead (fail open to the single-node limits, never closed and
 * never a 500): refusing everyone would stop sign-in and sending for an outage of the bus alone, and
 * letting everything through would leave a flood unchecked; per node, a client gets at most the limit
 * once per node for the few minutes of the outage.
 */
export class RedisRateLimiter implements RateLimiter {
  private local = new MemoryRateLimiter();

  constructor(
    private redis: Redis,
    private prefix: string,
  ) {}

  async hit(key: string, rule: RateLimitRule): Promise<number> {
    // Not waited for while Redis is away: ioredis would hold the command through its reconnects.
    if (this.redis.status !== 'ready') return this.local.hit(key, rule);
    try {
      const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}rl:${key}`, rule.windowMs)) as [
        number,
        number,
      ];
      return count > rule.limit ? Math.max(ttl, 1) : 0;
    } catch {
      return this.local.hit(key, rule);
    }
  }
}
