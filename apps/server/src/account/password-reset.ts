import type { ForgotPasswordAnswer, MessageAnswer, VerifyResetCodeAnswer } from '@hearth/protocol';
import { ACCOUNT_TEXT, FORGOT_PASSWORD_NEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { badRequest } from '../http/errors.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { resetCodeMail, resetLinkMail } from '../mail/templates.js';
import { checkCode, issueCode, issueResetToken, resetTokenUser, spendResetToken } from './codes.js';
import { notifyPasswordChanged } from './notices.js';
import { announceRevoked, revokeAllDevices } from './sessions.js';

/**
 * Password reset without account enumeration (spec 3 §2): the answer to forgot-password is the same
 * bytes for every identifier, and it is given before anything about the account is even looked up,
 * so neither its content nor its timing says whether a username or an address exists, or whether the
 * address is verified. What differs is only the mail, which goes to the account's own address:
 *
 * - verified address: a link `PUBLIC_URL/reset-password?token=…` (single use, 30 minutes);
 * - address not verified yet: a 6-digit code and a link `PUBLIC_URL/email-verification?identifier=…&code=…`.
 *   The client's email-verification view sends identifier and code to /auth/verify-reset-code, which
 *   verifies the address (the code proves the mailbox) and answers a reset token for reset-password.
 * - no account, or no address: nothing.
 */

interface Account {
  id: number;
  username: string;
  email: string | null;
  email_verified: boolean;
  email_set_by_admin: boolean;
}

/** A username or an address (no username has an @); system accounts never match. */
async function findAccount(ctx: AppContext, identifier: string): Promise<Account | null> {
  const column = identifier.includes('@') ? 'email' : 'username';
  const { rows } = await ctx.db.query<Account>(
    `SELECT id, username, email, email_verified, email_set_by_admin FROM users
      WHERE lower(${column}) = lower($1) AND role <> 'SYSTEM' AND password_hash IS NOT NULL`,
    [identifier],
  );
  return rows[0] ?? null;
}

const FORGOT_ANSWER: ForgotPasswordAnswer = { message: ACCOUNT_TEXT.forgotAnswer, next: FORGOT_PASSWORD_NEXT };

export function forgotPassword(ctx: AppContext, identifier: string): ForgotPasswordAnswer {
  ctx.mail.background('password reset', () => mailReset(ctx, identifier));
  return FORGOT_ANSWER;
}

async function mailReset(ctx: AppContext, identifier: string): Promise<void> {
  const account = await findAccount(ctx, identifier);
  if (!account?.email) return;
  const to = { userId: account.id, email: account.email, username: account.username };
  const base = ctx.config.publicUrl;
  if (account.email_verified) {
    const token = await issueResetToken(ctx.db, account.id);
    ctx.mail.queue(resetLinkMail(to, `${base}/reset-password?token=${encodeURIComponent(token)}`));
    return;
  }
  // An address an admin set and the user never verified proves nothing about who reads it: a code
  // there would let whoever set it take the account over.
  if (account.email_set_by_admin) return;
  const code = await issueCode(ctx.db, account.id, 'reset_password', account.email);
  const query = new URLSearchParams({ identifier: account.username, code, next: 'reset-password' });
  ctx.mail.queue(resetCodeMail(to, code, `${base}/email-verification?${query}`));
}

/**
 * The code of a reset mailed to an unverified address, for a reset token. Every refusal has the same
 * text, whether the identifier, the code or its state was wrong. A right code also verifies the
 * address it was sent to (if it is still the account's).
 */
export async function verifyResetCode(
  ctx: AppContext,
  identifier: string,
  code: string,
): Promise<VerifyResetCodeAnswer> {
  const account = await findAccount(ctx, identifier);
  // An unknown identifier goes through the same transaction and code lookup (for no user: id 0), so
  // the answer takes as long as for an account with no code pending and says nothing of which it was.
  const userId = account?.id ?? 0;
  const token = await inTransaction(ctx.db, async (tx) => {
    const check = await checkCode(tx, userId, 'reset_password', code);
    if (check.result !== 'ok') return null;
    const verified = await tx.query(
      'UPDATE users SET email_verified = true WHERE id = $1 AND lower(email) = lower($2)',
      [userId, check.email],
    );
    // The address is proven now, so a verification code still pending for it is void: email status
    // must not say verified and pending at once.
    if (verified.rowCount)
      await tx.query(`DELETE FROM email_codes WHERE user_id = $1 AND purpose = 'verify_email'`, [userId]);
    return issueResetToken(tx, userId);
  });
  if (!token) throw badRequest(ACCOUNT_TEXT.resetCodeInvalid);
  return { message: ACCOUNT_TEXT.resetCodeAccepted, reset_token: token };
}

/**
 * Sets a new password with a reset token, once. Every device of the account is signed out (its live
 * connections get device_revoked), the other reset tokens and codes stop working, and the address is
 * told its password changed.
 */
export async function resetPassword(ctx: AppContext, token: string, newPassword: string): Promise<MessageAnswer> {
  // A bad token is refused before any password is hashed (scrypt is the expensive part).
  const owner = await resetTokenUser(ctx.db, token);
  if (!owner) throw badRequest(ACCOUNT_TEXT.resetTokenInvalid);
  // The same rule as Change Password: the new password must differ from the current one. The token
  // is not spent, so the user can pick another.
  const { rows } = await ctx.db.query<{ password_hash: string | null }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [owner],
  );
  const current = rows[0]?.password_hash;
  if (current && (await verifyPassword(newPassword, current))) throw badRequest(ACCOUNT_TEXT.newPasswordSame);
  const passwordHash = await hashPassword(newPassword);
  const done = await inTransaction(ctx.db, async (tx) => {
    const userId = await spendResetToken(tx, token);
    if (!userId) return null; // spent by a racing request meanwhile
    await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
    await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1 AND used_at IS NULL', [userId]);
    await tx.query(`DELETE FROM email_codes WHERE user_id = $1 AND purpose = 'reset_password'`, [userId]);
    return { userId, devices: await revokeAllDevices(tx, userId, 'password_reset') };
  });
  if (!done) throw badRequest(ACCOUNT_TEXT.resetTokenInvalid);
  await announceRevoked(ctx, done.devices);
  await notifyPasswordChanged(ctx, done.userId);
  return { message: ACCOUNT_TEXT.passwordReset };
}
