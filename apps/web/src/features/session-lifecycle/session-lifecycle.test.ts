import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEXT } from '@hearth/protocol/admin-rules';
import { DEVICE_TEXT } from '@hearth/protocol/device-rules';
import { AuthStore, SESSION_EXPIRED_KEY } from '../../lib/auth-store';
import { user } from '../../test/factories';
import {
  finalBreachEnding,
  quietEnding,
  revokedEnding,
  storedEnding,
  suspendedEnding,
  terminatedEnding,
} from './endings';
import { SessionLifecycle } from './session-lifecycle';
import { SUSPENSION_REASON_KEY, TERMINATION_MESSAGE_KEY } from './stored-notices';

const SUSPENDED = { reason: 'spam', message: ADMIN_TEXT.suspendedNotice('spam') };
const alice = { accessToken: 'token', refreshToken: 'refresh', user: user() };

function setUp({ signedIn = true } = {}) {
  const auth = new AuthStore(localStorage);
  if (signedIn) auth.set(alice);
  const live = { terminate: vi.fn() };
  const logout = vi.fn(async (_refreshToken: string) => undefined);
  const lifecycle = new SessionLifecycle({ auth, live, logout, storage: localStorage });
  return { auth, live, logout, lifecycle };
}

/** What another tab of this browser writing to the shared storage looks like here. */
function storedByAnotherTab(key: string, value: string) {
  localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SessionLifecycle', () => {
  it('on suspension stores the server text, stops the session checks, shows Account Suspended and signs out 8 s later', () => {
    const { auth, live, lifecycle } = setUp();
    lifecycle.end(suspendedEnding(SUSPENDED));
    expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBe(SUSPENDED.message);
    expect(live.terminate).toHaveBeenCalled();
    expect(auth.isEnding).toBe(true);
    expect(lifecycle.current()).toMatchObject({
      kind: 'account-suspended',
      title: 'Account Suspended',
      message: SUSPENDED.message,
      endsAt: Date.now() + 8_000,
    });
    vi.advanceTimersByTime(7_999);
    expect(auth.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(auth.get()).toBeNull();
    expect(lifecycle.current()).toBeNull();
    // The login form says why; the suspension itself is cleared by the logout (spec 3 §4).
    expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBe(SUSPENDED.message);
    expect(localStorage.getItem(SUSPENSION_REASON_KEY)).toBeNull();
  });

  it('builds the notice from the reason when the server sent no text', () => {
    const { lifecycle } = setUp();
    lifecycle.end(suspendedEnding({ reason: 'spam' }));
    expect(lifecycle.current()?.message).toBe('Your account has been suspended: spam');
  });

  it('on termination shows Account Terminated with the server text and signs out 5 s later', () => {
    const { auth, lifecycle } = setUp();
    lifecycle.end(terminatedEnding({ message: 'Gone for good.' }));
    expect(lifecycle.current()).toMatchObject({ title: 'Account Terminated', message: 'Gone for good.' });
    expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBe('Gone for good.');
    vi.advanceTimersByTime(4_999);
    expect(auth.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(auth.get()).toBeNull();
    expect(localStorage.getItem(TERMINATION_MESSAGE_KEY)).toBeNull();
  });

  it('on a revoked device stores its text and signs out 2 s later, with no overlay (a toast says it)', () => {
    const { auth, lifecycle } = setUp();
    lifecycle.end(revokedEnding());
    expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBe(DEVICE_TEXT.revokedBody);
    expect(lifecycle.current()).toBeNull();
    vi.advanceTimersByTime(1_999);
    expect(auth.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(auth.get()).toBeNull();
  });

  it('on FINAL BREACH shows the server text for 20 s, then logs out here and on the server', () => {
    const { auth, logout, lifecycle } = setUp();
    lifecycle.end(finalBreachEnding(ADMIN_TEXT.finalBreach));
    expect(lifecycle.current()).toMatchObject({ kind: 'final-breach', message: ADMIN_TEXT.finalBreach });
    vi.advanceTimersByTime(19_999);
    expect(auth.get()).not.toBeNull();
    expect(logout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(auth.get()).toBeNull();
    expect(logout).toHaveBeenCalledWith('refresh');
  });

  it('keeps marking the session as ending when a refresh brings new tokens meanwhile', () => {
    const { auth, lifecycle } = setUp();
    lifecycle.end(finalBreachEnding(ADMIN_TEXT.finalBreach));
    auth.updateTokens('token2', 'refresh2');
    expect(auth.isEnding).toBe(true);
    vi.advanceTimersByTime(20_000);
    expect(auth.get()).toBeNull();
  });

  it('Log Out Now signs out at once and drops the timer', () => {
    const { auth, logout, lifecycle } = setUp();
    lifecycle.end(suspendedEnding(SUSPENDED));
    lifecycle.signOutNow();
    expect(auth.get()).toBeNull();
    expect(lifecycle.current()).toBeNull();
    expect(lifecycle.isEnding).toBe(false);
    // Only FINAL BREACH tells the server: a suspended session is over there already.
    expect(logout).not.toHaveBeenCalled();
  });

  it('keeps the earlier deadline when a second ending comes', () => {
    const { auth, lifecycle } = setUp();
    lifecycle.end(suspendedEnding(SUSPENDED));
    lifecycle.end(quietEnding(20_000));
    expect(lifecycle.current()?.kind).toBe('account-suspended');
    vi.advanceTimersByTime(8_000);
    expect(auth.get()).toBeNull();
  });

  it('is a no-op when nobody is signed in', () => {
    const { live, lifecycle } = setUp({ signedIn: false });
    lifecycle.end(suspendedEnding(SUSPENDED));
    expect(lifecycle.current()).toBeNull();
    expect(live.terminate).not.toHaveBeenCalled();
    expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull();
  });

  it('drops the pending sign-out when the session ends first, so it cannot end the next one', () => {
    const { auth, lifecycle } = setUp();
    lifecycle.end(terminatedEnding({ message: 'Gone.' }));
    auth.set(null);
    expect(lifecycle.current()).toBeNull();
    const bob = { accessToken: 'token2', refreshToken: 'refresh2', user: user({ id: 8, username: 'bob' }) };
    auth.set(bob);
    expect(auth.isEnding).toBe(false);
    vi.advanceTimersByTime(5_000);
    expect(auth.get()).toEqual(bob);
  });

  describe('a suspension found stored (a reload during the countdown, or another tab)', () => {
    it('on load shows the Suspended overlay naming the reason for 10 s, then logs out and clears it', () => {
      localStorage.setItem(SESSION_EXPIRED_KEY, SUSPENDED.message);
      localStorage.setItem(SUSPENSION_REASON_KEY, 'spam');
      const { auth, live, lifecycle } = setUp();
      expect(lifecycle.current()).toMatchObject({
        kind: 'suspended',
        title: 'Suspended',
        message: 'Reason: spam',
        detail: 'If you believe this is a mistake, please contact an Admin.',
      });
      // The session checks stop before anything can call the session expired.
      expect(auth.isEnding).toBe(true);
      expect(live.terminate).toHaveBeenCalled();
      vi.advanceTimersByTime(9_999);
      expect(auth.get()).not.toBeNull();
      vi.advanceTimersByTime(1);
      expect(auth.get()).toBeNull();
      expect(localStorage.getItem(SUSPENSION_REASON_KEY)).toBeNull();
      expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBe(SUSPENDED.message);
    });

    it('shows it when another tab stores it (the storage event stands in for polling every second)', () => {
      const { auth, lifecycle } = setUp();
      expect(lifecycle.current()).toBeNull();
      storedByAnotherTab(SUSPENSION_REASON_KEY, 'spam');
      expect(lifecycle.current()).toMatchObject({ title: 'Suspended', message: 'Reason: spam' });
      vi.advanceTimersByTime(10_000);
      expect(auth.get()).toBeNull();
    });

    it('gives way to the live event, which says more and ends sooner', () => {
      const { auth, lifecycle } = setUp();
      storedByAnotherTab(SUSPENSION_REASON_KEY, 'spam');
      lifecycle.end(suspendedEnding(SUSPENDED));
      expect(lifecycle.current()).toMatchObject({ title: 'Account Suspended', endsAt: Date.now() + 8_000 });
      vi.advanceTimersByTime(8_000);
      expect(auth.get()).toBeNull();
    });

    it('shows a stored termination again for its 5 s', () => {
      localStorage.setItem(TERMINATION_MESSAGE_KEY, 'Gone.');
      const { auth, lifecycle } = setUp();
      expect(lifecycle.current()).toMatchObject({ title: 'Account Terminated', message: 'Gone.' });
      vi.advanceTimersByTime(5_000);
      expect(auth.get()).toBeNull();
    });

    it('is ignored while signed out: the login form shows the stored reason', () => {
      localStorage.setItem(SUSPENSION_REASON_KEY, 'spam');
      const { lifecycle } = setUp({ signedIn: false });
      expect(lifecycle.current()).toBeNull();
    });

    it('storedEnding names the reason and says to contact an Admin', () => {
      expect(storedEnding({ kind: 'suspended', reason: 'spam' })).toMatchObject({
        delayMs: 10_000,
        notice: { message: 'Reason: spam', detail: 'If you believe this is a mistake, please contact an Admin.' },
      });
    });
  });

  it('logout clears the stored suspension and termination messages', () => {
    const { auth, lifecycle } = setUp();
    lifecycle.end(suspendedEnding(SUSPENDED));
    localStorage.setItem(TERMINATION_MESSAGE_KEY, 'Gone.');
    auth.set(null);
    expect(localStorage.getItem(SUSPENSION_REASON_KEY)).toBeNull();
    expect(localStorage.getItem(TERMINATION_MESSAGE_KEY)).toBeNull();
  });
});
