import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '@hearth/protocol/admin-rules';
import { SESSION_EXPIRED_KEY } from '../../lib/auth-store';
import { stubFetch } from '../../test/fake-fetch';
import { renderWithServices } from '../../test/render';
import { AuthScreen } from '../auth/AuthScreen';

/** Spec 3 §4: what the login form says after a suspension, and when a suspended account signs in. */
describe('the login form and a suspended account', () => {
  it("shows the server's refusal of a suspended account's sign-in", async () => {
    stubFetch((req) =>
      req.path === '/api/auth/login' ? { status: 403, body: { detail: ADMIN_TEXT.loginSuspended('spam') } } : undefined,
    );
    renderWithServices(<AuthScreen />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your account is suspended: spam');
  });

  it('says why the last session ended: the suspension notice stored for it', () => {
    localStorage.setItem(SESSION_EXPIRED_KEY, ADMIN_TEXT.suspendedNotice('spam'));
    renderWithServices(<AuthScreen />);
    expect(screen.getByRole('alert').textContent).toBe(ADMIN_TEXT.suspendedNotice('spam'));
  });
});
