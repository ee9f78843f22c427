import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXT, passwordChangeProblem } from './account-rules.js';
import { UpdatePasswordBody } from './account.js';
import { emailProblem } from './rules.js';
import { Email } from './users.js';

describe('passwordChangeProblem', () => {
  it("gives spec 3 §5's texts in its order, with the client's second copy", () => {
    expect(passwordChangeProblem('', 'another1', 'another1')).toBe(ACCOUNT_TEXT.fillAllPasswordFields);
    expect(passwordChangeProblem('secret1', 'another1', '')).toBe(ACCOUNT_TEXT.fillAllPasswordFields);
    // Not matching comes before too short, as the spec lists them.
    expect(passwordChangeProblem('secret1', 'abc', 'abd')).toBe(ACCOUNT_TEXT.passwordsDoNotMatch);
    expect(passwordChangeProblem('secret1', 'abc', 'abc')).toBe(ACCOUNT_TEXT.newPasswordTooShort);
    expect(passwordChangeProblem('secret1', 'secret1', 'secret1')).toBe(ACCOUNT_TEXT.newPasswordSame);
    expect(passwordChangeProblem('secret1', 'x'.repeat(257), 'x'.repeat(257))).toBe(ACCOUNT_TEXT.newPasswordTooLong);
    expect(passwordChangeProblem('secret1', 'another1', 'another1')).toBeNull();
  });

  it('is what the server checks (one copy)', () => {
    for (const body of [
      { current_password: 'secret1', new_password: '' },
      { current_password: 'secret1', new_password: 'abc' },
      { current_password: 'secret1', new_password: 'secret1' },
    ]) {
      const parsed = UpdatePasswordBody.safeParse(body);
      expect(parsed.error?.issues[0]?.message).toBe(passwordChangeProblem(body.current_password, body.new_password));
    }
    expect(UpdatePasswordBody.safeParse({ current_password: 'secret1', new_password: 'another1' }).success).toBe(true);
  });
});

describe('emailProblem', () => {
  it('accepts what the server accepts and refuses what it refuses, with its text', () => {
    for (const typed of ['me@example.test', ' me@example.test ', 'a.b+c@d.co', 'bad', 'a@b', 'a b@c.d', 'a@@b.c', ''])
      expect(emailProblem(typed), typed).toBe(Email.safeParse(typed).error?.issues[0]?.message ?? null);
    expect(emailProblem('no-at-sign')).toBe('Please enter a valid email address');
  });
});
