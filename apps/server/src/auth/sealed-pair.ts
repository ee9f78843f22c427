import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { TokenPair } from '@hearth/protocol';

/**
 * Seals the pair a refresh token was exchanged for, so that presenting the same token again within
 * the grace window returns that very pair. The key is derived from the old refresh token, which the
 * database never holds (only its SHA-256 hash, a different function of it): a copy of the database
 * alone cannot open a sealed pair, and whoever can open it already holds the old token, which the
 * grace window honours anyway.
 */

const INFO = 'hearth refresh-token grace pair';
const IV_BYTES = 12;
const TAG_BYTES = 16;

// The token is 32 random bytes, so HKDF (no slow KDF) gives a full-strength key.
const keyOf = (refreshToken: string) => Buffer.from(hkdfSync('sha256', refreshToken, '', INFO, 32));

export function sealPair(oldRefreshToken: string, pair: TokenPair): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(oldRefreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** The sealed pair, or null if it cannot be opened with this token (or is damaged). */
export function openPair(oldRefreshToken: string, sealed: Buffer): TokenPair | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(oldRefreshToken), sealed.subarray(0, IV_BYTES));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const text = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    const parsed = TokenPair.safeParse(JSON.parse(text.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
