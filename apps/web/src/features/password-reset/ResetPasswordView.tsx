import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { MessageAnswer } from '@hearth/protocol';
import { ACCOUNT_TEXT } from '@hearth/protocol/account-rules';
import { useServices } from '../../app/services';
import { signOut } from '../../app/session';
import { SESSION_EXPIRED_KEY } from '../../lib/auth-store';
import { Button, TextField } from '../../ui';
import { loginNoticeState } from '../auth/login-notice';
import { newPasswordProblem, readResetToken } from './reset-rules';
import { FormError, ViewFrame, ViewLink } from './ViewFrame';
import { useViewSubmit } from './useViewSubmit';

export const RESET_TEXT = {
  title: 'Choose a new password',
  subtitle: 'Every device signed in to your account will be signed out.',
  password: 'New password',
  confirmation: 'Confirm new password',
  reset: 'Reset Password',
  resetting: 'Resetting...',
  failed: 'Failed to reset password',
  newLink: 'Ask for a new link',
  backToLogin: 'Back to login',
} as const;

/**
 * Spec 3 §2's reset-password view, at the address of the reset mail's link (`?token=…`) or where the
 * email-verification view leads. The new password twice, checked with spec 3 §5's texts; the server
 * spends the token and signs every device of the account out. Reset complete returns to login, which
 * says the password was reset; this browser is signed out too if it was signed in.
 */
export function ResetPasswordView() {
  const services = useServices();
  const [, navigate] = useLocation();
  const token = readResetToken(useSearch());
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { error, busy, submitWith } = useViewSubmit(RESET_TEXT.failed);

  const footer = (
    <>
      <ViewLink to="/forgot-password">{RESET_TEXT.newLink}</ViewLink>
      <ViewLink to="/">{RESET_TEXT.backToLogin}</ViewLink>
    </>
  );

  if (!token) {
    return (
      <ViewFrame title={RESET_TEXT.title} footer={footer}>
        <FormError text={ACCOUNT_TEXT.resetTokenRequired} />
      </ViewFrame>
    );
  }

  const submit = submitWith(
    () => newPasswordProblem(password, confirmation),
    async () => {
      const answer = await services.http.post<MessageAnswer>(
        '/auth/reset-password',
        { token, new_password: password },
        { anonymous: true },
      );
      // The server has signed the account's devices out; a session of this browser ends too, so the
      // login form shows (whoever it belonged to: the person here has just chosen a password to sign
      // in with). Signed out locally at once; telling the server is signOut's own business.
      if (services.auth.get()) void signOut(services);
      // Not 'Your device access has been revoked' (device_revoked may have come first): the reset is
      // what signed this device out, and the login form says so.
      localStorage.removeItem(SESSION_EXPIRED_KEY);
      navigate('/', { replace: true, state: loginNoticeState(answer.message || ACCOUNT_TEXT.passwordReset) });
    },
    { staysBusy: true },
  );

  return (
    <ViewFrame title={RESET_TEXT.title} subtitle={RESET_TEXT.subtitle} onSubmit={submit} footer={footer}>
      <TextField
        label={RESET_TEXT.password}
        name="new-password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoFocus
      />
      <TextField
        label={RESET_TEXT.confirmation}
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
      />
      <FormError text={error} />
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? RESET_TEXT.resetting : RESET_TEXT.reset}
      </Button>
    </ViewFrame>
  );
}
