import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { VerifyResetCodeAnswer } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { Button, TextField } from '../../ui';
import {
  codeInput,
  codeProblem,
  identifierProblem,
  normalizeCode,
  readVerificationQuery,
  resetPasswordPath,
} from './reset-rules';
import { FormError, ViewFrame, ViewLink } from './ViewFrame';
import { useViewSubmit } from './useViewSubmit';

export const VERIFY_TEXT = {
  title: 'Verify your email',
  subtitle: 'Enter the 6-digit code from the password reset mail to go on to choosing a new password.',
  identifier: 'Username or email',
  code: 'Verification code',
  verify: 'Verify',
  verifying: 'Verifying...',
  failed: 'Failed to verify the code',
  newCode: 'Get a new code',
  backToLogin: 'Back to login',
} as const;

/**
 * Spec 3 §2's email-verification view, for a reset asked for an account whose address was not
 * verified yet: the mail carries a code and a link here with `?identifier=…&code=…`, which fill the
 * fields in. The person still presses Verify, so merely opening the link (a mail scanner, a preview)
 * spends nothing. A right code verifies the address and answers a reset token: verification complete
 * leads to reset-password, replacing this entry in the history, as the code cannot be used twice.
 */
export function EmailVerificationView() {
  const services = useServices();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [prefilled] = useState(() => readVerificationQuery(search));
  const [identifier, setIdentifier] = useState(prefilled.identifier);
  const [code, setCode] = useState(prefilled.code);
  const { error, busy, submitWith } = useViewSubmit(VERIFY_TEXT.failed);

  const submit = submitWith(
    () => identifierProblem(identifier) ?? codeProblem(code),
    async () => {
      const answer = await services.http.post<VerifyResetCodeAnswer>(
        '/auth/verify-reset-code',
        { identifier: identifier.trim(), code: normalizeCode(code) },
        { anonymous: true },
      );
      navigate(resetPasswordPath(answer.reset_token), { replace: true });
    },
    { staysBusy: true },
  );

  // A link that filled both fields leaves only the button to press.
  const filled = Boolean(prefilled.identifier && prefilled.code);
  return (
    <ViewFrame
      title={VERIFY_TEXT.title}
      subtitle={VERIFY_TEXT.subtitle}
      onSubmit={submit}
      footer={
        <>
          <ViewLink to="/forgot-password">{VERIFY_TEXT.newCode}</ViewLink>
          <ViewLink to="/">{VERIFY_TEXT.backToLogin}</ViewLink>
        </>
      }
    >
      <TextField
        label={VERIFY_TEXT.identifier}
        name="identifier"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={identifier}
        onChange={(e) => setIdentifier(e.target.value)}
        autoFocus={!prefilled.identifier}
      />
      <TextField
        label={VERIFY_TEXT.code}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        spellCheck={false}
        value={code}
        onChange={(e) => setCode(codeInput(e.target.value))}
        autoFocus={Boolean(prefilled.identifier) && !filled}
      />
      <FormError text={error} />
      <Button type="submit" variant="primary" disabled={busy} autoFocus={filled}>
        {busy ? VERIFY_TEXT.verifying : VERIFY_TEXT.verify}
      </Button>
    </ViewFrame>
  );
}
