import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Connectivity, PROBE_DELAYS_MS } from './connectivity';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function tracker(answers: boolean[] = []) {
  const probe = vi.fn(async () => answers.shift() ?? true);
  const connectivity = new Connectivity(probe);
  const changes: boolean[] = [];
  connectivity.subscribe(() => changes.push(connectivity.isOffline()));
  return { connectivity, probe, changes };
}

describe('Connectivity', () => {
  it('is online until a request fails on the network, and online again at the next answer', () => {
    const { connectivity, changes } = tracker();
    expect(connectivity.isOffline()).toBe(false);
    connectivity.report(true);
    connectivity.report(false);
    connectivity.report(false);
    expect(connectivity.isOffline()).toBe(true);
    connectivity.report(true);
    expect(connectivity.isOffline()).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('is not taken back online by an answer to a request sent before the network failed', async () => {
    const { connectivity, probe } = tracker([false, true]);
    const sentBefore = Date.now();
    vi.advanceTimersByTime(10);
    // The network drops: a request fails, then a response that was already on its way arrives.
    connectivity.report(false);
    vi.advanceTimersByTime(10);
    connectivity.report(true, sentBefore);
    expect(connectivity.isOffline()).toBe(true);
    // A request sent since is news: the probe that fails keeps it offline, the one that answers ends it.
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0]!);
    expect(connectivity.isOffline()).toBe(true);
    connectivity.report(true, Date.now());
    expect(connectivity.isOffline()).toBe(false);
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it("takes the browser's word only as a reason to ask: offline only when the server does not answer", async () => {
    const { connectivity, probe } = tracker([true, false]);
    await connectivity.check();
    expect(connectivity.isOffline()).toBe(false);
    await connectivity.check();
    expect(connectivity.isOffline()).toBe(true);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('counts a probe that throws as no answer, and asks once for checks made together', async () => {
    const probe = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const connectivity = new Connectivity(probe);
    await Promise.all([connectivity.check(), connectivity.check()]);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(connectivity.isOffline()).toBe(true);
  });

  it('while offline, asks again: sooner at first, then every 30 s, until the server answers', async () => {
    const { connectivity, probe } = tracker([false, false, false, false, true]);
    connectivity.report(false);
    for (const delay of [...PROBE_DELAYS_MS, 30_000]) {
      const before = probe.mock.calls.length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(probe).toHaveBeenCalledTimes(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(probe).toHaveBeenCalledTimes(before + 1);
    }
    expect(connectivity.isOffline()).toBe(false);
    // Back online: no more asking.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(probe).toHaveBeenCalledTimes(5);
  });

  it('an answer from elsewhere (a request, the live connection) ends the asking and starts the delays over', async () => {
    const { connectivity, probe } = tracker([false]);
    connectivity.report(false);
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0]!);
    expect(probe).toHaveBeenCalledTimes(1);
    connectivity.report(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(1);
    connectivity.report(false);
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0]!);
    expect(probe).toHaveBeenCalledTimes(2);
  });
});
