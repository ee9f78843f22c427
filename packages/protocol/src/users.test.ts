import { describe, expect, it } from 'vitest';
import { Password, Username } from './users.js';
import { passwordProblem, usernameProblem } from './rules.js';

/** The schemas state the rules declaratively (so the API docs show them); the client uses rules.ts. They must agree. */
describe('username and password rules', () => {
  const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.success ? null : r.error!.issues[0]!.message;

  it('give the same verdict and text on both sides', () => {
    const names = [
      'ab',
      ' ab ',
      'abc',
      'a'.repeat(20),
      'a'.repeat(21),
      'bad name',
      'émile',
      'ok_name-1',
      '',
      '  padded  ',
      'half\uD83D',
      '\uDE00abc',
    ];
    for (const name of names) expect(firstError(Username.safeParse(name)), name).toBe(usernameProblem(name));
    const passwords = ['', '12345', '123456', 'x'.repeat(256), 'x'.repeat(257)];
    for (const pw of passwords) expect(firstError(Password.safeParse(pw)), `${pw.length}`).toBe(passwordProblem(pw));
  });
});
