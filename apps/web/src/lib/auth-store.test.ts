import { describe, expect, it, vi } from 'vitest';
import { AuthStore } from './auth-store';

const user = { id: 1, username: 'alice' } as any;

/** What the browser does in this tab when another tab of the same origin changes localStorage. */
const otherTabWrote = (key: string | null) =>
  window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));

describe('AuthStore', () => {
  it('follows token changes another tab makes, and tells its subscribers', () => {
    const auth = new AuthStore(localStorage);
    auth.set({ accessToken: 'a1', refreshToken: 'r1', user });
    const listener = vi.fn();
    auth.subscribe(listener);

    localStorage.setItem('access_token', 'a2');
    localStorage.setItem('refresh_token', 'r2');
    otherTabWrote('refresh_token');

    expect(auth.get()).toEqual({ accessToken: 'a2', refreshToken: 'r2', user });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('follows a sign-out in another tab', () => {
    const auth = new AuthStore(localStorage);
    auth.set({ accessToken: 'a1', refreshToken: 'r1', user });
    const listener = vi.fn();
    auth.subscribe(listener);

    localStorage.clear();
    otherTabWrote(null);

    expect(auth.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ignores other keys and changes that leave the session as it is', () => {
    const auth = new AuthStore(localStorage);
    auth.set({ accessToken: 'a1', refreshToken: 'r1', user });
    const before = auth.get();
    const listener = vi.fn();
    auth.subscribe(listener);

    localStorage.setItem('theme', 'dark');
    otherTabWrote('theme');
    otherTabWrote('access_token');

    expect(auth.get()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
  });

  it('reload re-reads the session from storage', () => {
    const auth = new AuthStore(localStorage);
    auth.set({ accessToken: 'a1', refreshToken: 'r1', user });
    localStorage.setItem('refresh_token', 'r2');
    expect(auth.get()?.refreshToken).toBe('r1');
    expect(auth.reload()?.refreshToken).toBe('r2');
    expect(auth.get()?.refreshToken).toBe('r2');
  });
});
