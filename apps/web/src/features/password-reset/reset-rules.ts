import { ACCOUNT_TEXT, EMAIL_CODE_LENGTH } from '@hearth/protocol/account-rules';
import { PASSWORD_MAX, PASSWORD_MIN } from '@hearth/protocol/constants';

/**
 * The checks and addresses of the password-reset views, apart from React. The texts are spec 3 §5's
 * (through ACCOUNT_TEXT, which the server uses too), so the client refuses what the server would, in
 * the same words, before sending anything.
 */

/** A username or an email address; the server tells them apart by the @. */
export function identifierProblem(identifier: string): string | null {
  return identifier.trim() ? null : ACCOUNT_TEXT.identifierRequired;
}

/** A code as typed or pasted ('123 456', ' 123456 '): its spaces do not count. */
export const normalizeCode = (code: string) => code.replace(/\s+/g, '');

/**
 * What the code field keeps of what is typed or pasted: no spaces, at most 6 characters, as Settings'
 * field (a maxLength would cut a pasted '123 456' before its space is dropped).
 */
export const codeInput = (typed: string) => normalizeCode(typed).slice(0, EMAIL_CODE_LENGTH);

/** Spec 3 §5: an email verification code is 6 characters. */
export function codeProblem(code: string): string | null {
  return normalizeCode(code).length === EMAIL_CODE_LENGTH ? null : ACCOUNT_TEXT.codeLength;
}

/** Spec 3 §5's password checks in its order (both fields, then the match, then the length); null when fine. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (!password || !confirmation) return ACCOUNT_TEXT.fillAllPasswordFields;
  if (password !== confirmation) return ACCOUNT_TEXT.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN) return ACCOUNT_TEXT.newPasswordTooShort;
  if (password.length > PASSWORD_MAX) return ACCOUNT_TEXT.newPasswordTooLong;
  return null;
}

/** `/email-verification?identifier=…` (and `&code=…`), as the reset mail's link is, leading on to reset-password. */
export function emailVerificationPath(identifier: string, code = ''): string {
  const query = new URLSearchParams({ identifier: identifier.trim() });
  if (code) query.set('code', code);
  query.set('next', 'reset-password');
  return `/email-verification?${query}`;
}

/** `/reset-password?token=…`, the address the reset mail's link has. */
export const resetPasswordPath = (token: string) => `/reset-password?${new URLSearchParams({ token })}`;

/** What the email-verification address carries: `?identifier=…&code=…` (either may be missing). */
export function readVerificationQuery(search: string): { identifier: string; code: string } {
  const query = new URLSearchParams(search);
  return { identifier: query.get('identifier') ?? '', code: normalizeCode(query.get('code') ?? '') };
}

/** The reset token of a `?token=…` query; '' when there is none. */
export const readResetToken = (search: string) => (new URLSearchParams(search).get('token') ?? '').trim();
