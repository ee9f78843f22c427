import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED_KEY } from '../../lib/auth-store';
import { LIVE_OFFLINE_REPLY_TIMEOUT_MS } from '../../lib/live';
import { FakeSocket } from '../../test/fake-socket';
import { user } from '../../test/factories';
import { renderWithServices, testServices } from '../../test/render';
import { LiveBridge } from './LiveBridge';

let sockets: FakeSocket[];

function renderBridge() {
  const services = testServices({
    user: user(),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  });
  renderWithServices(<LiveBridge />, services);
  /** Revoked from another device's list, unless said otherwise. */
  const revoke = (data: { reason?: string; by_this_device?: boolean } = {}) =>
    act(() =>
      sockets.at(-1)!.receive({
        type: 'device_revoked',
        seq: null,
        data: { device_id: 1, reason: 'revoked', by_this_device: false, ...data },
      }),
    );
  return { services, revoke };
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
});
afterEach(() => vi.useRealTimers());

describe('LiveBridge', () => {
  it('marks what was loaded before a new live session stale, so it is fetched again', () => {
    const { services } = renderBridge();
    // Loaded before the connection was up: an app version pushed meanwhile reached no session of this page.
    services.queryClient.setQueryData(['version'], { app_version: '1.0.0' });
    expect(services.queryClient.getQueryState(['version'])?.isInvalidated).toBe(false);
    act(() => sockets.at(-1)!.openReady()); // connected, and `ready`
    expect(services.queryClient.getQueryState(['version'])?.isInvalidated).toBe(true);
  });

  it('keeps the signed-in user as the server has it: a new session after a promotion, a user_update of oneself', () => {
    const { services } = renderBridge();
    const stored = () => services.auth.get()!.user;
    act(() => sockets.at(-1)!.open());
    act(() =>
      sockets.at(-1)!.receive({
        type: 'ready',
        seq: 1,
        data: { session_id: 'S1', user: user({ role: 'ADMIN', is_admin: true }) },
      }),
    );
    expect(stored()).toMatchObject({ role: 'ADMIN', is_admin: true });

    const face = { username: 'alice', nickname: 'Al', pronouns: null, pronouns_bg_color: null };
    const rest = { pronouns_text_color: null, profile_image_url: null, profile_blur_enabled: false };
    act(() => sockets.at(-1)!.event('user_update', { user_id: 99, role: 'USER', ...face, ...rest }));
    expect(stored()).toMatchObject({ role: 'ADMIN', nickname: null });
    act(() => sockets.at(-1)!.event('user_update', { user_id: 7, role: 'USER', ...face, ...rest }));
    expect(stored()).toMatchObject({ role: 'USER', is_admin: false, nickname: 'Al' });
  });

  it('signs out 2 s after the device is revoked', () => {
    const { services, revoke } = renderBridge();
    revoke();
    act(() => vi.advanceTimersByTime(1_999));
    expect(services.auth.get()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(services.auth.get()).toBeNull();
  });

  it('stores the reason for the next login screen and says so at once (spec 3 §8)', () => {
    const { revoke } = renderBridge();
    revoke();
    expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBe('Your device access has been revoked. Please log in again.');
    const toast = screen.getByRole('alert', { name: 'Device Access Revoked' });
    expect(toast.textContent).toContain('Your device access has been revoked. Please log in again.');
  });

  it('says nothing when another tab of this browser logged out (which revokes this device too)', () => {
    const { services, revoke } = renderBridge();
    // The other tab's signOut cleared the stored session before the server told this one.
    localStorage.removeItem('refresh_token');
    revoke();
    expect(services.auth.get()).toBeNull();
    expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull();
    expect(screen.queryByRole('alert', { name: 'Device Access Revoked' })).toBeNull();
  });

  it.each(['username_changed', 'password_changed', 'sessions_invalidated', 'account_deleted'])(
    'stays quiet when the user did it on this device (%s): that screen says so; signs out 2 s later all the same',
    (reason) => {
      const { services, revoke } = renderBridge();
      revoke({ reason, by_this_device: true });
      expect(screen.queryByRole('alert', { name: 'Device Access Revoked' })).toBeNull();
      expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull();
      act(() => vi.advanceTimersByTime(1_999));
      expect(services.auth.get()).not.toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(services.auth.get()).toBeNull();
      expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull();
    },
  );

  it('says Device Access Revoked when the same change was made on another device', () => {
    const { revoke } = renderBridge();
    revoke({ reason: 'password_changed', by_this_device: false });
    expect(screen.getByRole('alert', { name: 'Device Access Revoked' })).toBeTruthy();
    expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBe('Your device access has been revoked. Please log in again.');
  });

  it('says Device Access Revoked for a reused refresh token or a password reset, which this device did not ask for', () => {
    for (const reason of ['token_reuse', 'password_reset']) {
      const { revoke } = renderBridge();
      revoke({ reason, by_this_device: false });
      expect(screen.getAllByRole('alert', { name: 'Device Access Revoked' }).length).toBeGreaterThan(0);
    }
  });

  it('does not end the next session when the user signed out and in again within the 2 s', () => {
    const { services, revoke } = renderBridge();
    revoke({ reason: 'password_changed', by_this_device: true });
    act(() => services.auth.set(null));
    const bob = { accessToken: 'token2', refreshToken: 'refresh2', user: user({ id: 8, username: 'bob' }) };
    act(() => services.auth.set(bob));
    act(() => vi.advanceTimersByTime(2_000));
    expect(services.auth.get()).toEqual(bob);
  });

  it('drops the pending sign-out when the session ends first, so it cannot end the next one', () => {
    const { services, revoke } = renderBridge();
    revoke();
    act(() => services.auth.set(null));
    const bob = { accessToken: 'token2', refreshToken: 'refresh2', user: user({ id: 8, username: 'bob' }) };
    act(() => services.auth.set(bob));
    act(() => vi.advanceTimersByTime(2_000));
    expect(services.auth.get()).toEqual(bob);
  });
  it('counts the connection as lost within seconds of the browser going offline, and reconnects when it is back', () => {
    const { services } = renderBridge();
    act(() => sockets[0]!.openReady());
    expect(services.live.getState()).toBe('open');
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    // The socket is asked at once (this fake never answers) and given a few seconds.
    expect(services.live.getState()).toBe('open');
    act(() => {
      vi.advanceTimersByTime(LIVE_OFFLINE_REPLY_TIMEOUT_MS);
    });
    expect(services.live.getState()).toBe('closed');
    expect(sockets[0]!.closedWith).toBe(4000);
    act(() => {
      window.dispatchEvent(new Event('online'));
      vi.advanceTimersByTime(1_000);
    });
    expect(sockets).toHaveLength(2);
    expect(services.live.getState()).toBe('connecting');
  });

  it('shows every error frame as a toast, a refused send included', () => {
    renderBridge();
    act(() => sockets[0]!.openReady());
    act(() =>
      sockets[0]!.receive({
        type: 'error',
        seq: null,
        data: { detail: 'Too many requests.', nonce: 'n1', type: 'message' },
      }),
    );
    expect(screen.getByRole('alert', { name: 'Error' }).textContent).toContain('Too many requests.');
  });

  it('shows no toast for a refused typing indicator: the send that follows says why', () => {
    renderBridge();
    act(() => sockets[0]!.openReady());
    act(() =>
      sockets[0]!.receive({
        type: 'error',
        seq: null,
        data: { detail: 'You cannot send messages to this user', type: 'typing_start' },
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
