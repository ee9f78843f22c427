import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_TTL_MS, RESET_TOKEN_TTL_MS } from '@hearth/protocol';
import type { Queryable } from '../db/pool.js';

/** What a code is for: verifying the address, or (sent to an unverified address) resetting the password. */
export type CodePurpose = 'verify_email' | 'reset_password';

/**
 * Only a hash of a code is stored, bound to its user and purpose. A six-digit code has too few values
 * for any hash to hide it from someone who can read the database, so what protects it is its 15
 * minutes and its five tries; the hash keeps it out of backups and logs of the table.
 */
const hashCode = (userId: number, purpose: CodePurpose, code: string) =>
  createHash('sha256').update(`${purpose}:${userId}:${code}`).digest();

const newCode = () => String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');

/** A new code for the user and purpose, replacing any earlier one (which stops working). */
export async function issueCode(db: Queryable, userId: number, purpose: CodePurpose, email: string): Promise<string> {
  const code = newCode();
  await db.query(
    `INSERT INTO email_codes (user_id, purpose, email, code_hash, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))
     ON CONFLICT (user_id, purpose) DO UPDATE
       SET email = EXCLUDED.email, code_hash = EXCLUDED.code_hash, attempts = 0,
           expires_at = EXCLUDED.expires_at, created_at = now()`,
    [userId, purpose, email, hashCode(userId, purpose, code).toString('hex'), EMAIL_CODE_TTL_MS / 1000],
  );
  return code;
}

export type CodeCheck = { result: 'ok'; email: string } | { result: 'none' | 'expired' | 'wrong' | 'exhausted' };

/**
 * Checks a code inside the caller's transaction (the row is locked, so two tries cannot both count
 * as the same attempt). A right code is spent; a wrong one counts, and the fifth wrong one voids it:
 * from then on even the right code is refused ('exhausted') until a new one is asked for. The caller
 * must commit even when the answer is a refusal, or the attempt would not count.
 */
export async function checkCode(tx: Queryable, userId: number, purpose: CodePurpose, code: string): Promise<CodeCheck> {
  const { rows } = await tx.query<{ email: string; code_hash: string; attempts: number; expired: boolean }>(
    `SELECT email, code_hash, attempts, expires_at <= now() AS expired
       FROM email_codes WHERE user_id = $1 AND purpose = $2 FOR UPDATE`,
    [userId, purpose],
  );
  const row = rows[0];
  if (!row) return { result: 'none' };
  if (row.attempts >= EMAIL_CODE_MAX_ATTEMPTS) return { result: 'exhausted' };
  if (row.expired) return { result: 'expired' };
  if (timingSafeEqual(Buffer.from(row.code_hash, 'hex'), hashCode(userId, purpose, code))) {
    await tx.query('DELETE FROM email_codes WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
    return { result: 'ok', email: row.email };
  }
  const { rows: after } = await tx.query<{ attempts: number }>(
    'UPDATE email_codes SET attempts = attempts + 1 WHERE user_id = $1 AND purpose = $2 RETURNING attempts',
    [userId, purpose],
  );
  return { result: after[0]!.attempts >= EMAIL_CODE_MAX_ATTEMPTS ? 'exhausted' : 'wrong' };
}

/* ---------- password-reset tokens ---------- */

/** Random, 256 bits: a SHA-256 of it is all that needs storing. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueResetToken(db: Queryable, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [hashToken(token), userId, RESET_TOKEN_TTL_MS / 1000],
  );
  return token;
}

/** The user of an unused, unexpired token, without spending it (to refuse a bad token before hashing a password). */
export async function resetTokenUser(db: Queryable, token: string): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>(
    'SELECT user_id FROM password_reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [hashToken(token)],
  );
  return rows[0]?.user_id ?? null;
}

/** Spends a token: the user it was for, or null when it was already used, expired or never existed. */
export async function spendResetToken(tx: Queryable, token: string): Promise<number | null> {
  const { rows } = await tx.query<{ user_id: number }>(
    `UPDATE password_reset_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [hashToken(token)],
  );
  return rows[0]?.user_id ?? null;
}
