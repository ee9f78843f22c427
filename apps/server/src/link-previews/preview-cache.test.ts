import { describe, expect, it } from 'vitest';
import { TimedCache } from './preview-cache.js';
import { Slots } from './slots.js';

describe('TimedCache', () => {
  it('keeps a value for its time, shares a load under way, and keeps nothing for a time of 0', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TimedCache<string | null>(
      10,
      (v) => (v === 'skip' ? 0 : v ? 1_000 : 100),
      () => now,
    );
    const load = (value: string | null) => async () => {
      loads++;
      return value;
    };
    await Promise.all([cache.get('a', load('A')), cache.get('a', load('A'))]);
    expect(loads).toBe(1);
    now = 999;
    expect(await cache.get('a', load('A2'))).toBe('A');
    now = 1_000;
    expect(await cache.get('a', load('A2'))).toBe('A2');
    await cache.get('f', load(null));
    now = 1_099;
    expect(await cache.get('f', load('F'))).toBeNull();
    await cache.get('s', load('skip'));
    await cache.get('s', load('skip'));
    expect(loads).toBe(5);
  });

  it('drops the oldest entry beyond its size, and keeps no failed load', async () => {
    const cache = new TimedCache<number>(2, () => 1_000);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(await cache.get('a', async () => 10)).toBe(10);
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 5)).toBe(5);
  });
});

describe('Slots', () => {
  it('runs at most so many at once, the rest in turn', async () => {
    const slots = new Slots(2);
    let running = 0;
    let most = 0;
    const job = () =>
      slots.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 10));
        running--;
      });
    await Promise.all([job(), job(), job(), job(), job()]);
    expect(most).toBe(2);
  });
});
