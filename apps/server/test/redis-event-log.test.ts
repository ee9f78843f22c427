import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { RedisEventLog } from '../src/events/redis-log.js';
import type { LoggedEvent } from '../src/events/event-log.js';

/** The Redis event log noticing, on its own, events it can no longer give its sessions. */
const redis = new Redis(inject('testRedisUrl'), { maxRetriesPerRequest: 3 });
const prefix = `test:${randomBytes(6).toString('hex')}:`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe('the Redis event log', () => {
  it('restarts its sessions when the next event it reads is further on than the one after its last', async () => {
    const log = await RedisEventLog.open(redis, prefix);
    const seen: LoggedEvent[] = [];
    log.subscribe((e) => seen.push(e));
    const resets = vi.fn();
    log.onReset(resets);
    const first = await log.publish('note', { n: 1 }, { kind: 'all' });
    await vi.waitFor(() => expect(seen.map((e) => e.seq)).toEqual([first]), { timeout: 10_000 });
    expect(resets).not.toHaveBeenCalled();

    // Trimmed while this node was not reading: the stream goes on two seqs later.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await redis.incrby(`${prefix}events:seq`, 2);
    const later = await log.publish('note', { n: 2 }, { kind: 'all' });
    expect(later).toBe(first + 3);
    await vi.waitFor(() => expect(seen.map((e) => e.seq)).toEqual([first, later]), { timeout: 10_000 });
    expect(resets).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
    await log.close();
  });
});
