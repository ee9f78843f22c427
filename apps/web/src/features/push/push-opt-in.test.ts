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

  it('moves an opt-in kept for the whole browser, as before, to the first user who signs in', () => {
    localStorage.setItem('pushNotifications', 'true');
    expect(pushOptedIn(7)).toBe(true);
    expect(localStorage.getItem('pushNotifications')).toBeNull();
    expect(pushOptedIn(8)).toBe(false);
    expect(pushOptedIn(7)).toBe(true);
  });
});
