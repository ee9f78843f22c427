import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServices } from './services';
import { signOut, signOutAfter } from './session';
import { SESSION_EXPIRED_KEY } from '../lib/auth-store';
import { stubFetch } from '../test/fake-fetch';
import { user } from '../test/factories';

/** An access token (unsigned: the client only reads its expiry) that lives for another 15 minutes. */
const freshToken = () => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 900 }))}.s`;

/** A signed-in tab in a channel, with a cached query and a message on its way. */
function signedInTab() {
  const services = createServices();
  services.auth.set({ accessToken: freshToken(), refreshToken: 'r1', user: user() });
  services.queryClient.setQueryData(['groups'], [{ id: 1 }]);
  history.replaceState(null, '', '/channels/1/2');
  vi.spyOn(services.live, 'send').mockReturnValue(true);
  services.outbox.send(2, 'on its way');
  return services;
}

const leftovers = (services: ReturnType<typeof createServices>) => ({
  cached: services.queryClient.getQueryData(['groups']) !== undefined,
  address: location.pathname,
  unsent: services.outbox.getSnapshot().length,
});

describe('createServices', () => {
  let stopLive: (() => void) | null = null;
  afterEach(() => {
    stopLive?.();
    stopLive = null;
  });

  it('keeps cached data, the place and unsent messages while the session only changes tokens', () => {
    const services = signedInTab();
    services.auth.updateTokens('a2', 'r2');
    expect(leftovers(services)).toEqual({ cached: true, address: '/channels/1/2', unsent: 1 });
  });

  it('forgets cached data, the place and unsent messages when the session ends without a logout', () => {
    const services = signedInTab();
    services.auth.set(null); // what a lost live session or a revoked device does
    expect(leftovers(services)).toEqual({ cached: false, address: '/', unsent: 0 });
  });

  it('forgets them when the server refuses the refresh', async () => {
    stubFetch(() => ({ status: 401, body: { detail: 'Invalid refresh token' } }));
    const services = signedInTab();
    expect(await services.http.refresh()).toBe(false);
    expect(services.auth.get()).toBeNull();
    expect(leftovers(services)).toEqual({ cached: false, address: '/', unsent: 0 });
  });

  it('forgets them on logout', async () => {
    stubFetch(() => ({ status: 200, body: {} }));
    const services = signedInTab();
    await signOut(services);
    expect(leftovers(services)).toEqual({ cached: false, address: '/', unsent: 0 });
  });

  it('clears the stored session before asking the server to log out, which the refresh token identifies', async () => {
    let storedWhenAsked: string | null = 'unset';
    const requests = stubFetch(() => {
      storedWhenAsked = localStorage.getItem('refresh_token');
      return { status: 204 };
    });
    const services = signedInTab();
    await signOut(services);
    // Another tab told device_revoked by this logout finds no session, so it announces nothing.
    expect(storedWhenAsked).toBeNull();
    expect(requests).toEqual([
      { method: 'POST', path: '/api/auth/logout', body: { refresh_token: 'r1' }, headers: expect.any(Object) },
    ]);
    expect(requests[0]!.headers?.authorization).toBeUndefined();
  });

  it('keeps a reason already stored when the refresh is then refused', async () => {
    stubFetch(() => ({ status: 401, body: { detail: 'Invalid refresh token' } }));
    const services = signedInTab();
    localStorage.setItem(SESSION_EXPIRED_KEY, 'Your device access has been revoked. Please log in again.');
    expect(await services.http.refresh()).toBe(false);
    expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBe('Your device access has been revoked. Please log in again.');
  });

  it('lets a session that signs out on purpose in 2 s run its course: a refused refresh meanwhile does not end it', async () => {
    vi.useFakeTimers();
    try {
      stubFetch(() => ({ status: 401, body: { detail: 'Invalid refresh token' } }));
      const services = signedInTab();
      signOutAfter(services, 2_000); // a new password was just saved: the server signed every device out
      expect(await services.http.refresh()).toBe(false);
      expect(services.auth.get()).not.toBeNull();
      expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull();
      vi.advanceTimersByTime(2_000);
      expect(services.auth.get()).toBeNull();
      expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull();
      expect(leftovers(services)).toEqual({ cached: false, address: '/', unsent: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refreshes on auth_error from the live connection, even when the token does not look expired', async () => {
    const requests = stubFetch((req) =>
      req.path === '/api/auth/refresh' ? { status: 200, body: { access_token: 'a2', refresh_token: 'r2' } } : undefined,
    );
    const sockets: FakeWebSocket[] = [];
    class FakeWebSocket {
      readyState = 1;
      onopen: ((ev: unknown) => void) | null = null;
      onmessage: ((ev: { data: unknown }) => void) | null = null;
      onclose: ((ev: { code: number }) => void) | null = null;
      onerror: ((ev: unknown) => void) | null = null;
      constructor() {
        sockets.push(this);
      }
      send() {}
      close() {}
    }
    vi.stubGlobal('WebSocket', FakeWebSocket);
    const services = signedInTab();
    services.live.start();
    stopLive = () => services.live.stop();
    sockets[0]!.onopen?.({});
    sockets[0]!.onmessage?.({ data: JSON.stringify({ type: 'auth_error', seq: null, data: {} }) });
    await vi.waitFor(() => expect(services.auth.get()?.refreshToken).toBe('r2'));
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/refresh']);
  });
});
