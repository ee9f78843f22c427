import { describe, expect, it, vi } from 'vitest';
import { JumpRequests } from './jump-requests';

describe('JumpRequests', () => {
  it('hands a jump to the place that holds it, once', () => {
    const jumps = new JumpRequests();
    jumps.request({ placeId: -5, messageId: 9 });
    expect(jumps.take(3)).toBeNull();
    expect(jumps.take(-5)).toEqual({ placeId: -5, messageId: 9 });
    expect(jumps.take(-5)).toBeNull();
  });

  it('keeps only the newest request and tells its listeners', () => {
    const jumps = new JumpRequests();
    const listener = vi.fn();
    jumps.subscribe(listener);
    jumps.request({ placeId: 1, messageId: 2 });
    jumps.request({ placeId: 4, messageId: 5 });
    expect(jumps.take(1)).toBeNull();
    expect(jumps.take(4)).toEqual({ placeId: 4, messageId: 5 });
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
