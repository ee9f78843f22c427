import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReturnSuppression } from './return-suppression';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function away(tracker: ReturnSuppression, ms: number) {
  tracker.left();
  vi.advanceTimersByTime(ms);
  tracker.returned();
}

describe('ReturnSuppression', () => {
  it('suppresses for 5 s after a return from over 10 s away (spec 3 §4)', () => {
    const tracker = new ReturnSuppression();
    const changes = vi.fn();
    tracker.subscribe(changes);
    away(tracker, 10_001);
    expect(tracker.isSuppressed()).toBe(true);
    vi.advanceTimersByTime(4_999);
    expect(tracker.isSuppressed()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(tracker.isSuppressed()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('does nothing after 10 s or less away', () => {
    const tracker = new ReturnSuppression();
    away(tracker, 10_000);
    expect(tracker.isSuppressed()).toBe(false);
  });

  it('counts from the first time the page was hidden', () => {
    const tracker = new ReturnSuppression();
    tracker.left();
    vi.advanceTimersByTime(6_000);
    tracker.left();
    vi.advanceTimersByTime(6_000);
    tracker.returned();
    expect(tracker.isSuppressed()).toBe(true);
  });

  it('ignores a return it never saw leave, and a second return', () => {
    const tracker = new ReturnSuppression();
    tracker.returned();
    expect(tracker.isSuppressed()).toBe(false);
    away(tracker, 11_000);
    vi.advanceTimersByTime(5_000);
    tracker.returned();
    expect(tracker.isSuppressed()).toBe(false);
  });

  it('a new long absence during the 5 s starts them again', () => {
    const tracker = new ReturnSuppression();
    away(tracker, 11_000);
    vi.advanceTimersByTime(1_000);
    away(tracker, 11_000);
    vi.advanceTimersByTime(4_999);
    expect(tracker.isSuppressed()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(tracker.isSuppressed()).toBe(false);
  });

  it('stop ends the suppression and the clock', () => {
    const tracker = new ReturnSuppression();
    away(tracker, 11_000);
    tracker.stop();
    expect(tracker.isSuppressed()).toBe(false);
  });
});
