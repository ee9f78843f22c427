import { RATE_LIMITS, type RateLimitName } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { addressKey } from './address-key.js';
import { enforce } from './limiter.js';

/** Who a request or frame is, for counting: the user when known, and the client address. */
export interface Caller {
  userId: number | null;
  address: string;
}

/** Mail quotas: their services count them only for a call that would send mail. */
const COUNTED_BY_SERVICE: ReadonlySet<RateLimitName> = new Set(['emailChangePerUser', 'verificationResendPerUser']);

/**
 * Counts one hit against each named limit that is kept per user or per address, and throws the 429
 * of the first one over. A per-user limit counts a caller without a valid token per address, so
 * token-less floods of a route that wants a user are slowed too (they get their 401 afterwards).
 * Limits keyed by what the body names (a username, an identifier), and the mail quotas, are counted
 * by their handlers and services.
 */
export async function countLimits(ctx: AppContext, names: readonly RateLimitName[], caller: Caller): Promise<void> {
  for (const name of names) {
    const per = RATE_LIMITS[name].per;
    if ((per !== 'user' && per !== 'IP address') || COUNTED_BY_SERVICE.has(name)) continue;
    const subject =
      per === 'user' && caller.userId !== null ? `user:${caller.userId}` : `ip:${addressKey(caller.address)}`;
    await enforce(ctx.limiter, `${name}:${subject}`, ctx.config.rateLimits[name]);
  }
}
