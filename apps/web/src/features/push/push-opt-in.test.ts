import { afterEach, describe, expect, it } from 'vitest';
import { pushOptedIn, setPushOptIn } from './push-opt-in';

afterEach(() => localStorage.clear());

describe('push opt-in', () => {
  it('belongs to the user who turned push on, not to whoever signs in next on the browser', () => {
    setPushOptIn(7, true);
    expect(pushOptedIn(7)).toBe(true);
    expect(pushOptedIn(8)).toBe(false);
    setPushOptIn(7, false);
    expect(pushOptedIn(7)).toBe(false);
  });
});
