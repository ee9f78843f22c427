import type { TokenPair } from '@hearth/protocol';
import { TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { unauthorized } from '../http/errors.js';
import { openPair, sealPair } from './sealed-pair.js';
import { announceDeviceRevoked, issueTokens, revokeDevice, type ClientInfo } from './service.js';
import { hashRefreshToken } from './tokens.js';

/**
 * Seconds after a rotation in which presenting the just-rotated token again returns the same new
 * pair: two tabs refreshing at once must not sign the device out. Major identity providers allow
 * about this much.
 */
export const REUSE_GRACE_SEC = 30;

interface RefreshRow {
  device_id: number;
  user_id: number;
  used_at: Date | null;
  expires_at: Date;
  revoked_at: Date | null;
  successor_sealed: Buffer | null;
  in_grace: boolean;
}

type Outcome = { kind: 'tokens'; tokens: TokenPair } | { kind: 'invalid' } | { kind: 'reused'; deviceId: number };

/**
 * Rotates a refresh token. Presenting the just-rotated token again within the grace window returns
 * the pair it was exchanged for; any other reuse means it leaked (or a client misbehaves): that
 * device's session is revoked, so both holders must sign in again.
 */
export async function refresh(ctx: AppContext, token: string, client: ClientInfo): Promise<TokenPair> {
  const hash = hashRefreshToken(token);
  const result = await inTransaction(ctx.db, async (tx): Promise<Outcome> => {
    // One device's refreshes run one at a time (on every node): the device row is the lock, taken
    // before the token is read, so the read below sees what an earlier holder committed.
    await tx.query(
      'SELECT 1 FROM devices WHERE id = (SELECT device_id FROM refresh_tokens WHERE token_hash = $1) FOR UPDATE',
      [hash],
    );
    const { rows } = await tx.query<RefreshRow>(
      `SELECT rt.device_id, d.user_id, rt.used_at, rt.expires_at, d.revoked_at, rt.successor_sealed,
              rt.used_at > now() - make_interval(secs => $2) AS in_grace
         FROM refresh_tokens rt JOIN devices d ON d.id = rt.device_id
        WHERE rt.token_hash = $1`,
      [hash, REUSE_GRACE_SEC],
    );
    const row = rows[0];
    if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) return { kind: 'invalid' };
    if (row.used_at) {
      // Only the device's latest rotated token still has its pair sealed (see below).
      const pair = row.in_grace && row.successor_sealed ? openPair(token, row.successor_sealed) : null;
      if (pair) return { kind: 'tokens', tokens: pair };
      await revokeDevice(tx, row.device_id, 'token_reuse');
      return { kind: 'reused', deviceId: row.device_id };
    }
    const tokens = await issueTokens(ctx, tx, row.user_id, row.device_id);
    // The previously rotated token's grace ends now: its successor (this token) has been used.
    await tx.query(
      'UPDATE refresh_tokens SET successor_sealed = NULL WHERE device_id = $1 AND successor_sealed IS NOT NULL',
      [row.device_id],
    );
    await tx.query('UPDATE refresh_tokens SET used_at = now(), successor_sealed = $2 WHERE token_hash = $1', [
      hash,
      sealPair(token, tokens),
    ]);
    // A device signed in before fingerprints were kept gets the one it sends now.
    await tx.query(
      `UPDATE devices SET last_used_at = now(), ip_address = $2, device_fingerprint = coalesce(device_fingerprint, $3)
        WHERE id = $1`,
      [row.device_id, client.ip, client.fingerprint ?? null],
    );
    return { kind: 'tokens', tokens };
  });
  if (result.kind === 'tokens') return result.tokens;
  if (result.kind === 'invalid') throw unauthorized(TEXT.invalidRefreshToken);
  // Whoever presented the spent token is not taken for the device: its owner is told it was revoked.
  await announceDeviceRevoked(ctx, result.deviceId, 'token_reuse', null);
  throw unauthorized(TEXT.sessionRevoked);
}
