import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../App';
import { stubFetch, type Answer, type Request } from '../../test/fake-fetch';
import { testServices } from '../../test/render';
import { user as selfUser } from '../../test/factories';
import type { SocketLike } from '../../lib/live';

/**
 * The pre-sign-in views through the whole app, as a mail's link opens them: the address picks the
 * view (its code a lazy chunk), the fake network answers as the server does.
 */

const FORGOT_ANSWER = { message: 'If an account matches, a reset link has been sent.', next: 'check_email' };

let requests: Request[];

function serve(answer: Answer = () => undefined) {
  requests = stubFetch((req) => {
    if (req.path === '/api/auth/forgot-password') return { status: 200, body: FORGOT_ANSWER };
    return answer(req);
  });
}

/** The app at an address, as a browser opening it would show it. */
function openAt(address: string, services = testServices()) {
  window.history.replaceState(null, '', address);
  render(<App services={services} />);
  return services;
}

const here = () => `${window.location.pathname}${window.location.search}`;
const posts = () => requests.filter((r) => r.method === 'POST').map((r) => ({ path: r.path, body: r.body }));

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  serve();
});

/** What the status regions say, those with something to say (the offline notice's stays empty). */
const statusTexts = () =>
  screen
    .queryAllByRole('status')
    .map((region) => region.textContent)
    .filter(Boolean);

/** The form's status message, once there is one. */
async function formStatus(): Promise<string | null | undefined> {
  await vi.waitFor(() => expect(statusTexts()).toHaveLength(1));
  return statusTexts()[0];
}

describe('the pre-sign-in views', () => {
  it('show at their addresses in place of the login form, signed out', async () => {
    openAt('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log In' })).toBeNull();

    act(() => window.history.pushState(null, '', '/email-verification?identifier=alice&code=123456'));
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();

    act(() => window.history.pushState(null, '', '/reset-password?token=t0k'));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();

    act(() => window.history.pushState(null, '', '/'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it('forgot-password: from the login form, with the name typed there, to "check your email"', async () => {
    const user = userEvent.setup();
    openAt('/');
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(here()).toBe('/forgot-password');
    const field = await screen.findByLabelText('Username or email');
    expect((field as HTMLInputElement).value).toBe('alice');

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await formStatus()).toBe(FORGOT_ANSWER.message);
    // The view's heading takes the focus once it is drawn.
    await vi.waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Check your email' })).toBe(document.activeElement),
    );
    expect(posts()).toEqual([{ path: '/api/auth/forgot-password', body: { identifier: 'alice' } }]);
    // Nothing else was asked: the answer says nothing about the account, and the view shows just that.
    expect(requests).toHaveLength(1);

    // A mail with a code: the email-verification view, the name filled in.
    await user.click(screen.getByRole('button', { name: 'Enter a Code' }));
    expect(here()).toBe('/email-verification?identifier=alice&next=reset-password');
    expect(((await screen.findByLabelText('Username or email')) as HTMLInputElement).value).toBe('alice');
    expect(screen.getByLabelText('Verification code')).toBe(document.activeElement);
  });

  it('forgot-password: wants a name, and shows what stopped the request', async () => {
    const user = userEvent.setup();
    openAt('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your username or email address');
    expect(requests).toEqual([]);

    requests = stubFetch(() => ({ status: 429, body: { detail: 'Too many requests. Try again in 15 minutes.' } }));
    await user.type(screen.getByLabelText('Username or email'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many requests. Try again in 15 minutes.'),
    );
    expect(posts()).toEqual([{ path: '/api/auth/forgot-password', body: { identifier: 'alice@example.com' } }]);

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Connection error. Please try again.'));
    expect(screen.queryByRole('heading', { name: 'Check your email' })).toBeNull();
  });

  it("email-verification: filled in from the mail's link, verified, then on to reset-password", async () => {
    const user = userEvent.setup();
    serve((req) =>
      req.path === '/api/auth/verify-reset-code'
        ? (req.body as { code: string }).code === '042117'
          ? { status: 200, body: { message: 'Code accepted. Choose a new password.', reset_token: 'tok+/=' } }
          : { status: 400, body: { detail: 'Invalid or expired code' } }
        : undefined,
    );
    window.history.replaceState(null, '', '/forgot-password');
    window.history.pushState(null, '', '/');
    openAt('/email-verification?identifier=alice&code=042116&next=reset-password');
    const code = (await screen.findByLabelText('Verification code')) as HTMLInputElement;
    expect((screen.getByLabelText('Username or email') as HTMLInputElement).value).toBe('alice');
    expect(code.value).toBe('042116');
    // Both filled: only the button is left, and it is where the focus is. Opening the link spent nothing.
    expect(screen.getByRole('button', { name: 'Verify' })).toBe(document.activeElement);
    expect(requests).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired code');

    await user.clear(code);
    await user.type(code, '04211');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Verification code must be 6 characters'),
    );
    expect(posts()).toHaveLength(1);

    // Like Settings' code field, it takes 6 characters and no more (spaces of a pasted code aside).
    await user.clear(code);
    await user.type(code, '04211799');
    expect(code.value).toBe('042117');
    expect(code.maxLength).toBe(-1);

    await user.clear(code);
    await user.type(code, '042 117');
    const entries = window.history.length;
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    expect(posts()[1]).toEqual({ path: '/api/auth/verify-reset-code', body: { identifier: 'alice', code: '042117' } });
    // The spent code's page is replaced, not stacked: back does not lead to it.
    expect(here()).toBe('/reset-password?token=tok%2B%2F%3D');
    expect(window.history.length).toBe(entries);
  });

  it("reset-password: spec 3 §5's texts, then back to login saying the password was reset", async () => {
    const user = userEvent.setup();
    serve((req) =>
      req.path === '/api/auth/reset-password'
        ? { status: 200, body: { message: 'Your password has been reset. You can now log in.' } }
        : undefined,
    );
    openAt('/reset-password?token=t0k');
    const password = await screen.findByLabelText('New password');
    const confirmation = screen.getByLabelText('Confirm new password');
    const submit = () => user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const refusal = async (text: string) => vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));

    await submit();
    await refusal('Please fill in all password fields');
    await user.type(password, 'abcde');
    await user.type(confirmation, 'abcdf');
    await submit();
    await refusal('New passwords do not match');
    await user.clear(confirmation);
    await user.type(confirmation, 'abcde');
    await submit();
    await refusal('New password must be at least 6 characters long');
    expect(requests).toEqual([]);

    await user.type(password, 'f');
    await user.type(confirmation, 'f');
    await submit();
    expect(await formStatus()).toBe('Your password has been reset. You can now log in.');
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(here()).toBe('/');
    expect(posts()).toEqual([{ path: '/api/auth/reset-password', body: { token: 't0k', new_password: 'abcdef' } }]);

    // Signing in has read the notice: it does not come back with this entry.
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await vi.waitFor(() => expect(statusTexts()).toEqual([]));
  });

  it('reset-password: a refused or missing token says so, with the way to a new link', async () => {
    const user = userEvent.setup();
    serve((req) =>
      req.path === '/api/auth/reset-password'
        ? { status: 400, body: { detail: 'This reset link is invalid or has expired' } }
        : undefined,
    );
    openAt('/reset-password?token=spent');
    await user.type(await screen.findByLabelText('New password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This reset link is invalid or has expired');
    expect(here()).toBe('/reset-password?token=spent');

    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();

    act(() => window.history.pushState(null, '', '/reset-password'));
    expect((await screen.findByRole('alert')).textContent).toBe('The reset link is missing its token');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('show over a signed-in session too; a reset signs this browser out to the login form', async () => {
    const user = userEvent.setup();
    serve((req) => {
      if (req.path === '/api/auth/reset-password')
        return { status: 200, body: { message: 'Your password has been reset. You can now log in.' } };
      if (req.path === '/api/auth/logout') return { status: 200, body: { message: 'Logged out' } };
      return { status: 200, body: [] };
    });
    // A live connection that never opens: the session's LiveBridge runs, nothing arrives.
    const silentSocket = (): SocketLike => ({
      readyState: 0,
      send: () => undefined,
      close: () => undefined,
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
    });
    const services = testServices({ user: selfUser({ username: 'alice' }), createSocket: silentSocket });
    localStorage.setItem('session_expired_reason', 'Your device access has been revoked. Please log in again.');
    openAt('/reset-password?token=t0k', services);
    await user.type(await screen.findByLabelText('New password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await formStatus()).toBe('Your password has been reset. You can now log in.');
    expect(services.auth.get()).toBeNull();
    // The reset is why this device was signed out; the login form says that, not 'revoked'.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(posts().map((p) => p.path)).toEqual(['/api/auth/reset-password', '/api/auth/logout']);
  });
});
