import type { EmailStatus, MessageAnswer } from '@hearth/protocol';
import { ACCOUNT_TEXT, EMAIL_CODE_MAX_ATTEMPTS, verificationSentText } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction, type Queryable } from '../db/pool.js';
import { badRequest, conflict } from '../http/errors.js';
import { verificationCodeMail, emailChangedMail } from '../mail/templates.js';
import { enforce } from '../ratelimit/limiter.js';
import type { UserRow } from '../users/user-row.js';
import { checkCode, issueCode } from './codes.js';

/** A unique-index violation on the address: two accounts took it at once. */
export const isEmailTaken = (err: unknown) =>
  (err as { code?: string; constraint?: string }).code === '23505' &&
  (err as { constraint?: string }).constraint === 'users_email_lower_key';

export interface EmailRow {
  email: string | null;
  email_verified: boolean;
}

async function emailOf(ctx: AppContext, userId: number): Promise<EmailRow> {
  const { rows } = await ctx.db.query<EmailRow>('SELECT email, email_verified FROM users WHERE id = $1', [userId]);
  return rows[0]!;
}

export async function emailStatus(ctx: AppContext, user: UserRow): Promise<EmailStatus> {
  const { rows } = await ctx.db.query<EmailRow & { pending: boolean }>(
    `SELECT u.email, u.email_verified,
            EXISTS (SELECT 1 FROM email_codes c WHERE c.user_id = u.id AND c.purpose = 'verify_email'
                       AND c.expires_at > now() AND c.attempts < $2) AS pending
       FROM users u WHERE u.id = $1`,
    [user.id, EMAIL_CODE_MAX_ATTEMPTS],
  );
  const row = rows[0]!;
  // A verified address has nothing pending, whatever code may linger: one status, never both.
  return {
    email: row.email,
    email_verified: row.email_verified,
    has_pending_verification: row.pending && !row.email_verified,
  };
}

/** Mails a new verification code for the user's current address (the previous code stops working). */
export async function sendVerificationCode(ctx: AppContext, user: { id: number; username: string }, email: string) {
  const code = await issueCode(ctx.db, user.id, 'verify_email', email);
  ctx.mail.queue(verificationCodeMail({ userId: user.id, email, username: user.username }, code));
}

/**
 * Sets the address (unverified) and mails it a code. Saving the address already verified is a no-op;
 * saving it again while unverified sends a new code. Any pending password-reset code was sent to the
 * old address and stops working.
 */
export async function updateEmail(ctx: AppContext, user: UserRow, email: string): Promise<MessageAnswer> {
  const current = await emailOf(ctx, user.id);
  if (current.email?.toLowerCase() === email.toLowerCase() && current.email_verified)
    throw badRequest(ACCOUNT_TEXT.emailUnchanged);
  await enforce(ctx.limiter, `email-change:${user.id}`, ctx.config.rateLimits.emailChangePerUser);
  await inEmailTransaction(ctx, (tx) => writeEmail(tx, user.id, email));
  await mailEmailChange(ctx, user, current, email);
  return { message: verificationSentText(email) };
}

/**
 * Runs a transaction that writes an address (with writeEmail); two accounts taking the same address
 * at once meet the unique index, which is answered as the address being taken.
 */
export async function inEmailTransaction<T>(ctx: AppContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(ctx.db, fn);
  } catch (err) {
    if (isEmailTaken(err)) throw conflict(ACCOUNT_TEXT.emailInUse);
    throw err;
  }
}

/**
 * Inside a transaction: the user's address becomes `email`, unverified (409 when another account has
 * it), and what proved or used the old one stops working: pending reset codes and reset links.
 */
/** `setByAdmin`: an admin's Set Email, whose address gets no reset mail until the user verifies it (see password-reset.ts). */
export async function writeEmail(tx: Queryable, userId: number, email: string, setByAdmin = false): Promise<void> {
  const taken = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [email, userId]);
  if (taken.rowCount) throw conflict(ACCOUNT_TEXT.emailInUse);
  await tx.query('UPDATE users SET email = $2, email_verified = false, email_set_by_admin = $3 WHERE id = $1', [
    userId,
    email,
    setByAdmin,
  ]);
  await tx.query(`DELETE FROM email_codes WHERE user_id = $1 AND purpose = 'reset_password'`, [userId]);
  // A reset link already mailed to the old address must not outlive the move away from it.
  await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1 AND used_at IS NULL', [userId]);
}

/**
 * Once a new address is committed: the address being replaced, when it was verified, is told (a
 * change made with a stolen session, then a password reset to the new address, does not go unnoticed
 * by the owner), and the new one gets a verification code.
 */
export async function mailEmailChange(
  ctx: AppContext,
  user: { id: number; username: string },
  previous: EmailRow,
  email: string,
): Promise<void> {
  if (previous.email && previous.email_verified && previous.email.toLowerCase() !== email.toLowerCase())
    ctx.mail.queue(
      emailChangedMail({ userId: user.id, email: previous.email, username: user.username }, email, new Date()),
    );
  await sendVerificationCode(ctx, user, email);
}

export async function verifyEmail(ctx: AppContext, user: UserRow, code: string): Promise<MessageAnswer> {
  const current = await emailOf(ctx, user.id);
  if (!current.email) throw badRequest(ACCOUNT_TEXT.noEmail);
  if (current.email_verified) throw badRequest(ACCOUNT_TEXT.alreadyVerified);
  // The attempt is committed whatever the outcome; the refusal is thrown after.
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const check = await checkCode(tx, user.id, 'verify_email', code);
    if (check.result !== 'ok') return check.result;
    // The code proves the address it was sent to, only while that is still the user's address.
    const { rowCount } = await tx.query(
      'UPDATE users SET email_verified = true, email_set_by_admin = false WHERE id = $1 AND lower(email) = lower($2)',
      [user.id, check.email],
    );
    return rowCount ? 'ok' : 'none';
  });
  switch (outcome) {
    case 'ok':
      return { message: ACCOUNT_TEXT.emailVerified };
    case 'wrong':
      throw badRequest(ACCOUNT_TEXT.codeWrong);
    case 'expired':
      throw badRequest(ACCOUNT_TEXT.codeExpired);
    case 'exhausted':
      throw badRequest(ACCOUNT_TEXT.codeTooManyAttempts);
    case 'none':
      throw badRequest(ACCOUNT_TEXT.noPendingVerification);
  }
}

/** A new code for the current address; at most one a minute (the limit counts only calls that would send). */
export async function resendVerification(ctx: AppContext, user: UserRow): Promise<MessageAnswer> {
  const current = await emailOf(ctx, user.id);
  if (!current.email) throw badRequest(ACCOUNT_TEXT.noEmail);
  if (current.email_verified) throw badRequest(ACCOUNT_TEXT.alreadyVerified);
  await enforce(ctx.limiter, `verification-resend:${user.id}`, ctx.config.rateLimits.verificationResendPerUser);
  await sendVerificationCode(ctx, user, current.email);
  return { message: ACCOUNT_TEXT.codeResent };
}

/** Removes the address and what depends on it: pending codes, and login alerts (which need an address). */
export async function removeEmail(ctx: AppContext, user: UserRow): Promise<MessageAnswer> {
  await inTransaction(ctx.db, async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE users SET email = NULL, email_verified = false, login_alerts_enabled = false
        WHERE id = $1 AND email IS NOT NULL`,
      [user.id],
    );
    if (!rowCount) throw badRequest(ACCOUNT_TEXT.noEmail);
    await tx.query('DELETE FROM email_codes WHERE user_id = $1', [user.id]);
    await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1 AND used_at IS NULL', [user.id]);
  });
  return { message: ACCOUNT_TEXT.emailRemoved };
}
