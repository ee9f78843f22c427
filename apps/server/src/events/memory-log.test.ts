import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryEventLog } from './memory-log.js';
import { LOG_MIN_EVENTS } from './event-log.js';

describe('in-memory event log', () => {
  it('numbers events in order and builds each frame once', async () => {
    const log = new MemoryEventLog();
    const seen: string[] = [];
    log.subscribe((e) => seen.push(e.frame));
    await log.publish('message', { content: 'hi' }, { kind: 'all' });
    await log.publish('group_deleted', { group_id: 3 }, { kind: 'group', groupId: 3 });
    expect(seen).toEqual([
      '{"type":"message","seq":1,"data":{"content":"hi"}}',
      '{"type":"group_deleted","seq":2,"data":{"group_id":3}}',
    ]);
    expect(log.head()).toBe(2);
  });

  it('reads back the events after a seq, and reports a gap it can no longer fill', async () => {
    const log = new MemoryEventLog();
    const total = LOG_MIN_EVENTS + 500;
    for (let i = 0; i < total; i++) await log.publish('e', i, { kind: 'all' });
    expect((await log.readAfter(total - 3))!.map((e) => e.seq)).toEqual([total - 2, total - 1, total]);
    expect(await log.readAfter(total)).toEqual([]);
    expect(await log.readAfter(total + 1)).toBeNull(); // a seq from the future (another instance)
    // Recent events are all kept: at least LOG_MIN_EVENTS of them, and everything from the last 5 minutes.
    expect((await log.readAfter(0))!.length).toBe(total);
  });

  afterEach(() => vi.useRealTimers());

  it('drops events older than 5 minutes beyond the newest LOG_MIN_EVENTS', async () => {
    vi.useFakeTimers();
    const log = new MemoryEventLog();
    for (let i = 0; i < LOG_MIN_EVENTS + 10; i++) await log.publish('e', i, { kind: 'all' });
    vi.advanceTimersByTime(5 * 60_000 + 1);
    await log.publish('e', 'new', { kind: 'all' });
    expect(await log.readAfter(0)).toBeNull();
    const kept = (await log.readAfter(11))!;
    expect(kept).toHaveLength(LOG_MIN_EVENTS);
    expect(kept[kept.length - 1]!.data).toBe('"new"');
  });
});
