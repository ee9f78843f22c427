import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FINAL_BREACH_EVENT as ADMIN_PANEL_EVENT } from '../admin/admin-errors';
import { AuthStore } from '../../lib/auth-store';
import { user } from '../../test/factories';
import { SessionLifecycle } from './session-lifecycle';
import { FINAL_BREACH_EVENT, listenForSessionEndEvents } from './window-events';

let stop: () => void;

function setUp() {
  const auth = new AuthStore(localStorage);
  auth.set({ accessToken: 'token', refreshToken: 'refresh', user: user() });
  const lifecycle = new SessionLifecycle({ auth, live: { terminate: vi.fn() }, logout: async () => undefined });
  stop = listenForSessionEndEvents(lifecycle);
  return lifecycle;
}

const raise = (type: string, detail?: unknown) => window.dispatchEvent(new CustomEvent(type, { detail }));

beforeEach(() => {
  vi.useFakeTimers();
  stop = () => undefined;
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('listenForSessionEndEvents', () => {
  it('listens for the event the admin panel raises', () => {
    expect(FINAL_BREACH_EVENT).toBe(ADMIN_PANEL_EVENT);
  });

  it('ends the session in 20 s on FINAL BREACH, showing the server text', () => {
    const lifecycle = setUp();
    raise(FINAL_BREACH_EVENT, { message: 'FINAL BREACH: last admin' });
    expect(lifecycle.current()).toMatchObject({ kind: 'final-breach', message: 'FINAL BREACH: last admin' });
    expect(lifecycle.current()?.endsAt).toBe(Date.now() + 20_000);
  });

  it("shows the termination screen of spec 3 §7's window events", () => {
    const lifecycle = setUp();
    raise('showTerminationScreen', { message: 'Gone.' });
    expect(lifecycle.current()).toMatchObject({ title: 'Account Terminated', message: 'Gone.' });
  });

  it("shows the suspension screen of spec 3 §7's window events", () => {
    const lifecycle = setUp();
    raise('showSuspensionScreen', { reason: 'spam', message: 'Suspended for spam.' });
    expect(lifecycle.current()).toMatchObject({ title: 'Account Suspended', message: 'Suspended for spam.' });
  });

  it('stops listening', () => {
    const lifecycle = setUp();
    stop();
    raise(FINAL_BREACH_EVENT, { message: 'FINAL BREACH' });
    expect(lifecycle.current()).toBeNull();
  });
});
