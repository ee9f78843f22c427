import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../test/fake-fetch';
import { renderWithServices } from '../../test/render';
import { AuthScreen } from './AuthScreen';

let requests: { url: string; body: any }[];
let fingerprints: (string | undefined)[];

beforeEach(() => {
  requests = [];
  fingerprints = [];
  stubFetch(({ path, body, headers }) => {
    requests.push({ url: path, body });
    // Sign-in requests only: the screen may ask for other things too (the server's version, say).
    if (/\/auth\/(login|register|refresh)$/.test(path)) fingerprints.push(headers?.['x-device-fingerprint']);
    if (path.endsWith('/auth/login')) return { status: 401, body: { detail: 'Invalid username or password' } };
    return {
      status: 201,
      body: { access_token: 'a', refresh_token: 'r', user: { id: 2, username: 'alice', role: 'ADMIN' } },
    };
  });
});

describe('AuthScreen', () => {
  it('checks the username rules with the spec texts before registering', async () => {
    const user = userEvent.setup();
    renderWithServices(<AuthScreen />);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const name = screen.getByLabelText('Username');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'secret1');

    const attempts: [string, string][] = [
      ['ab', 'Username must be at least 3 characters long'],
      ['a'.repeat(21), 'Username must be no more than 20 characters long'],
      ['bad name', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ];
    for (const [value, text] of attempts) {
      await user.clear(name);
      await user.type(name, value);
      await user.click(screen.getByRole('button', { name: 'Register' }));
      expect((await screen.findByRole('alert')).textContent).toBe(text);
    }
    expect(requests).toEqual([]);
  });

  it('registers and stores the session', async () => {
    const user = userEvent.setup();
    const { services } = renderWithServices(<AuthScreen />);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() => expect(services.auth.get()?.user.username).toBe('alice'));
    expect(requests[0]).toEqual({ url: '/api/auth/register', body: { username: 'alice', password: 'secret1' } });
  });

  it("sends this browser's device fingerprint, the same one every time (spec 3 §4)", async () => {
    const user = userEvent.setup();
    renderWithServices(<AuthScreen />);
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await vi.waitFor(() => expect(fingerprints).toHaveLength(2));
    expect(fingerprints[0]).toMatch(/^[\x21-\x7e]{16,128}$/);
    expect(new Set(fingerprints)).toEqual(new Set([fingerprints[0]]));
    expect(localStorage.getItem('device_fingerprint')).toBe(fingerprints[0]);
  });

  it('shows the reason the last session ended, such as a revoked device', () => {
    localStorage.setItem('session_expired_reason', 'Your device access has been revoked. Please log in again.');
    renderWithServices(<AuthScreen />);
    expect(screen.getByRole('alert').textContent).toBe('Your device access has been revoked. Please log in again.');
  });

  it("shows the server's reason when signing in fails", async () => {
    const user = userEvent.setup();
    renderWithServices(<AuthScreen />);
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
  });

  it('links the login form, not the register form, to forgot-password, carrying the name typed so far', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/');
    renderWithServices(<AuthScreen />);
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(link.getAttribute('href')).toBe('/forgot-password');
    await user.type(screen.getByLabelText('Username'), ' alice ');
    await user.click(link);
    expect(window.location.pathname).toBe('/forgot-password');
    expect(window.history.state).toEqual({ identifier: 'alice' });

    window.history.replaceState(null, '', '/');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
  });

  it('says what the history entry brings back, such as a password just reset', () => {
    window.history.replaceState({ loginNotice: 'Your password has been reset. You can now log in.' }, '', '/');
    renderWithServices(<AuthScreen />);
    expect(screen.getByRole('status').textContent).toBe('Your password has been reset. You can now log in.');
    expect(screen.queryByRole('alert')).toBeNull();
    window.history.replaceState(null, '', '/');
  });
});
