import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEXT } from '@hearth/protocol/admin-rules';
import { SESSION_EXPIRED_KEY } from '../../lib/auth-store';
import { FakeSocket } from '../../test/fake-socket';
import { user } from '../../test/factories';
import { stubFetch } from '../../test/fake-fetch';
import { renderWithServices, testServices } from '../../test/render';
import { LiveBridge } from '../live/LiveBridge';
import { SessionLifecycleHost } from './SessionLifecycleHost';

let sockets: FakeSocket[];

function renderHost() {
  const services = testServices({
    user: user(),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  });
  renderWithServices(
    <>
      <LiveBridge />
      <SessionLifecycleHost />
    </>,
    services,
  );
  act(() => sockets[0]!.openReady());
  return services;
}

/** The overlay's code is a chunk of its own: wait for it as the browser would. */
async function overlay(name: string) {
  await act(() => vi.dynamicImportSettled());
  return screen.getByRole('alertdialog', { name });
}

const SUSPENDED = { reason: 'spam', message: ADMIN_TEXT.suspendedNotice('spam') };

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
});
afterEach(() => vi.useRealTimers());

describe('SessionLifecycleHost', () => {
  it('shows Account Suspended with the server text and a countdown, and signs out after 8 s', async () => {
    const services = renderHost();
    act(() => sockets[0]!.receive({ type: 'suspended', seq: 5, data: SUSPENDED }));
    const dialog = await overlay('Account Suspended');
    expect(within(dialog).getByText(SUSPENDED.message)).toBeTruthy();
    expect(dialog.textContent).toContain('You will be logged out in 8 seconds.');
    // Focus is inside, on the one thing to do.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Log Out Now' }));
    // The live connection is over for good: no reconnection when the server closes it.
    expect(services.live.getState()).toBe('closed');
    act(() => vi.advanceTimersByTime(7_000));
    expect(dialog.textContent).toContain('You will be logged out in 1 second.');
    expect(services.auth.get()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(services.auth.get()).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBe(SUSPENDED.message);
    act(() => vi.advanceTimersByTime(10_000));
    expect(sockets).toHaveLength(1);
  });

  it('shows Account Terminated with the server text and signs out after 5 s', async () => {
    const services = renderHost();
    act(() => sockets[0]!.receive({ type: 'account_terminated', seq: 5, data: { message: ADMIN_TEXT.terminated } }));
    const dialog = await overlay('Account Terminated');
    expect(within(dialog).getByText(ADMIN_TEXT.terminated)).toBeTruthy();
    act(() => vi.advanceTimersByTime(4_999));
    expect(services.auth.get()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(services.auth.get()).toBeNull();
  });

  it('Log Out Now signs out at once', async () => {
    const services = renderHost();
    act(() => sockets[0]!.receive({ type: 'suspended', seq: 5, data: SUSPENDED }));
    const dialog = await overlay('Account Suspended');
    act(() => within(dialog).getByRole('button', { name: 'Log Out Now' }).click());
    expect(services.auth.get()).toBeNull();
  });

  it('Escape does not close the overlay', async () => {
    renderHost();
    act(() => sockets[0]!.receive({ type: 'suspended', seq: 5, data: SUSPENDED }));
    const dialog = await overlay('Account Suspended');
    act(() => {
      dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(screen.getByRole('alertdialog', { name: 'Account Suspended' })).toBeTruthy();
  });

  it('on a stored suspension (a reload during the countdown) shows Suspended for 10 s and never connects', async () => {
    localStorage.setItem('suspension_reason', 'spam');
    const services = testServices({ user: user(), createSocket: () => new FakeSocket() });
    renderWithServices(
      <>
        <LiveBridge />
        <SessionLifecycleHost />
      </>,
      services,
    );
    const dialog = await overlay('Suspended');
    expect(dialog.textContent).toContain('Reason: spam');
    expect(dialog.textContent).toContain('If you believe this is a mistake, please contact an Admin.');
    expect(services.live.getState()).toBe('closed');
    act(() => vi.advanceTimersByTime(9_999));
    expect(services.auth.get()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(services.auth.get()).toBeNull();
  });

  it('on FINAL BREACH from the admin panel shows the server text, counts 20 s down, then logs out on the server too', async () => {
    const requests = stubFetch(() => ({ status: 204 }));
    const services = renderHost();
    act(() => {
      window.dispatchEvent(new CustomEvent('admin:final-breach', { detail: { message: ADMIN_TEXT.finalBreach } }));
    });
    const dialog = await overlay('FINAL BREACH');
    expect(within(dialog).getByText(ADMIN_TEXT.finalBreach)).toBeTruthy();
    expect(dialog.textContent).toContain('You will be logged out in 20 seconds.');
    act(() => vi.advanceTimersByTime(10_000));
    expect(dialog.textContent).toContain('You will be logged out in 10 seconds.');
    act(() => vi.advanceTimersByTime(10_000));
    expect(services.auth.get()).toBeNull();
    await act(async () => {
      await Promise.resolve();
    });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/auth/logout');
    expect(requests.find((r) => r.path === '/api/auth/logout')?.body).toEqual({ refresh_token: 'refresh' });
    expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBe(ADMIN_TEXT.finalBreach);
  });

  it('ignores a FINAL BREACH event without a message', async () => {
    const services = renderHost();
    act(() => {
      window.dispatchEvent(new CustomEvent('admin:final-breach', { detail: {} }));
    });
    await act(() => vi.dynamicImportSettled());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(services.lifecycle.isEnding).toBe(false);
  });

  it('keeps the device-revoked notice a toast, and signs out after 2 s', async () => {
    const services = renderHost();
    act(() =>
      sockets[0]!.receive({
        type: 'device_revoked',
        seq: null,
        data: { device_id: 1, reason: 'revoked', by_this_device: false },
      }),
    );
    expect(screen.getByRole('alert', { name: 'Device Access Revoked' })).toBeTruthy();
    await act(() => vi.dynamicImportSettled());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => vi.advanceTimersByTime(2_000));
    expect(services.auth.get()).toBeNull();
  });
});
