import { describe, expect, it } from 'vitest';
import { bannerShown } from './CallBanner';

describe('bannerShown', () => {
  it('shows the banner in the chat with the other party while the call is in progress', () => {
    for (const phase of ['outgoing', 'incoming', 'connecting', 'connected'] as const)
      expect(bannerShown({ phase, otherId: 7 }, 7)).toBe(true);
    expect(bannerShown({ phase: 'connected', otherId: 7 }, 8)).toBe(false);
    expect(bannerShown({ phase: 'ended', otherId: 7 }, 7)).toBe(false);
    expect(bannerShown({ phase: 'idle', otherId: null }, 7)).toBe(false);
  });
});
