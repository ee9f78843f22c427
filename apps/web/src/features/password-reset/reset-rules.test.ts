import { describe, expect, it } from 'vitest';
import { readForgotIdentifier, readLoginNotice } from '../auth/login-notice';
import {
  codeProblem,
  emailVerificationPath,
  identifierProblem,
  newPasswordProblem,
  normalizeCode,
  readResetToken,
  readVerificationQuery,
  resetPasswordPath,
} from './reset-rules';

describe('password reset rules', () => {
  it("checks the new password twice with spec 3 §5's texts, in its order", () => {
    expect(newPasswordProblem('', '')).toBe('Please fill in all password fields');
    expect(newPasswordProblem('secret1', '')).toBe('Please fill in all password fields');
    expect(newPasswordProblem('', 'secret1')).toBe('Please fill in all password fields');
    // The match first, then the length: two short different passwords are told they differ.
    expect(newPasswordProblem('abc', 'abd')).toBe('New passwords do not match');
    expect(newPasswordProblem('secret1', 'secret2')).toBe('New passwords do not match');
    expect(newPasswordProblem('abcde', 'abcde')).toBe('New password must be at least 6 characters long');
    expect(newPasswordProblem('a'.repeat(257), 'a'.repeat(257))).toBe(
      'New password must be at most 256 characters long',
    );
    expect(newPasswordProblem('abcdef', 'abcdef')).toBeNull();
    expect(newPasswordProblem('a'.repeat(256), 'a'.repeat(256))).toBeNull();
    // Spaces are characters of a password like any other: nothing is trimmed.
    expect(newPasswordProblem('secret1 ', 'secret1')).toBe('New passwords do not match');
  });

  it('wants a name or an address, and a 6-character code', () => {
    expect(identifierProblem('')).toBe('Enter your username or email address');
    expect(identifierProblem('   ')).toBe('Enter your username or email address');
    expect(identifierProblem('alice')).toBeNull();
    expect(identifierProblem('alice@example.com')).toBeNull();
    expect(codeProblem('12345')).toBe('Verification code must be 6 characters');
    expect(codeProblem('1234567')).toBe('Verification code must be 6 characters');
    expect(codeProblem('123456')).toBeNull();
    // As pasted from a mail, spaces and all.
    expect(codeProblem(' 123 456 ')).toBeNull();
    expect(normalizeCode(' 123 456\n')).toBe('123456');
  });

  it("builds and reads the addresses the reset mails' links have", () => {
    expect(resetPasswordPath('a+b/c=')).toBe('/reset-password?token=a%2Bb%2Fc%3D');
    expect(readResetToken('?token=a%2Bb%2Fc%3D')).toBe('a+b/c=');
    expect(readResetToken('')).toBe('');
    expect(readResetToken('?other=1')).toBe('');

    expect(emailVerificationPath(' alice ')).toBe('/email-verification?identifier=alice&next=reset-password');
    expect(emailVerificationPath('a@b.c', '123456')).toBe(
      '/email-verification?identifier=a%40b.c&code=123456&next=reset-password',
    );
    // The server's link: identifier, code and next, in its order.
    expect(readVerificationQuery('?identifier=alice&code=042117&next=reset-password')).toEqual({
      identifier: 'alice',
      code: '042117',
    });
    expect(readVerificationQuery(new URL(emailVerificationPath('a@b.c', '123456'), 'http://x').search)).toEqual({
      identifier: 'a@b.c',
      code: '123456',
    });
    expect(readVerificationQuery('')).toEqual({ identifier: '', code: '' });
  });

  it('reads what a history entry carries for the login and forgot-password views', () => {
    expect(readLoginNotice({ loginNotice: 'Your password has been reset. You can now log in.' })).toBe(
      'Your password has been reset. You can now log in.',
    );
    for (const state of [null, undefined, 'text', 3, {}, { loginNotice: '' }, { loginNotice: 7 }]) {
      expect(readLoginNotice(state)).toBeNull();
    }
    expect(readForgotIdentifier({ identifier: 'alice' })).toBe('alice');
    expect(readForgotIdentifier(null)).toBe('');
    expect(readForgotIdentifier({ identifier: ['alice'] })).toBe('');
  });
});
