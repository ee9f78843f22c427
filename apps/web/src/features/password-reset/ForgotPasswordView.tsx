import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ForgotPasswordAnswer } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { Button, TextField } from '../../ui';
import { readForgotIdentifier } from '../auth/login-notice';
import { emailVerificationPath, identifierProblem } from './reset-rules';
import { FormError, ViewFrame, ViewLink } from './ViewFrame';
import { useViewSubmit } from './useViewSubmit';
import authStyles from '../auth/AuthScreen.module.css';
import styles from './PasswordReset.module.css';

export const FORGOT_TEXT = {
  title: 'Forgot your password?',
  subtitle: 'Enter your username or email address and we will mail you a way to choose a new one.',
  field: 'Username or email',
  send: 'Send Reset Link',
  sending: 'Sending...',
  failed: 'Failed to send the reset link',
  sentTitle: 'Check your email',
  codeHint:
    'Open the link in the mail to choose a new password. If your email address is not verified yet, the mail has a 6-digit code instead: enter it to go on.',
  enterCode: 'Enter a Code',
  sendAgain: 'Send again',
  backToLogin: 'Back to login',
} as const;

/**
 * Spec 3 §2's forgot-password view. The server answers the same for every name or address, whether
 * or not an account matches (no enumeration), so this view always goes on to 'Check your email'
 * with the server's words. What comes next is in the mail: a reset link (the reset-password view),
 * or, for an address not verified yet, a code, entered on the email-verification view.
 */
export function ForgotPasswordView() {
  const services = useServices();
  const [, navigate] = useLocation();
  // Whatever the login form's username field held, so it need not be typed twice.
  const [identifier, setIdentifier] = useState(() => readForgotIdentifier(window.history.state));
  const [sent, setSent] = useState<string | null>(null);
  const { error, busy, submitWith } = useViewSubmit(FORGOT_TEXT.failed);

  const submit = submitWith(
    () => identifierProblem(identifier),
    async () => {
      const answer = await services.http.post<ForgotPasswordAnswer>(
        '/auth/forgot-password',
        { identifier: identifier.trim() },
        { anonymous: true },
      );
      setSent(answer.message);
    },
  );

  if (sent !== null) {
    return (
      <ViewFrame
        title={FORGOT_TEXT.sentTitle}
        focusKey="sent"
        footer={
          <>
            <button type="button" className={authStyles.link} onClick={() => setSent(null)}>
              {FORGOT_TEXT.sendAgain}
            </button>
            <ViewLink to="/">{FORGOT_TEXT.backToLogin}</ViewLink>
          </>
        }
      >
        <p role="status" className={styles.text}>
          {sent}
        </p>
        <p className={styles.text}>{FORGOT_TEXT.codeHint}</p>
        <Button variant="primary" onClick={() => navigate(emailVerificationPath(identifier))}>
          {FORGOT_TEXT.enterCode}
        </Button>
      </ViewFrame>
    );
  }

  return (
    <ViewFrame
      title={FORGOT_TEXT.title}
      subtitle={FORGOT_TEXT.subtitle}
      onSubmit={submit}
      focusKey="form"
      footer={<ViewLink to="/">{FORGOT_TEXT.backToLogin}</ViewLink>}
    >
      <TextField
        label={FORGOT_TEXT.field}
        name="identifier"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={identifier}
        onChange={(e) => setIdentifier(e.target.value)}
        autoFocus
      />
      <FormError text={error} />
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? FORGOT_TEXT.sending : FORGOT_TEXT.send}
      </Button>
    </ViewFrame>
  );
}
