import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/pool.js';

export interface AccessClaims {
  userId: number;
  deviceId: number;
}

/** Signs and checks short-lived access tokens with a secret shared by every node through the database. */
export class TokenService {
  /**
   * Imported once: given raw bytes, jose imports the key again on every sign and verify, which was
   * about half a millisecond of every authenticated request.
   */
  private readonly secret: KeyObject;

  private constructor(
    secret: Uint8Array,
    readonly ttlSec: number,
  ) {
    this.secret = createSecretKey(secret);
  }

  static async create(db: Db, ttlSec: number): Promise<TokenService> {
    await db.query(
      `INSERT INTO instance_settings (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING`,
      [randomBytes(32).toString('base64')],
    );
    const { rows } = await db.query<{ value: string }>(`SELECT value FROM instance_settings WHERE key = 'jwt_secret'`);
    return new TokenService(Buffer.from(rows[0]!.value, 'base64'), ttlSec);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ did: claims.deviceId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSec}s`)
      .sign(this.secret);
  }

  /** The claims of a valid, unexpired access token, or null. */
  async verify(token: string): Promise<(AccessClaims & { expiresAt: number }) | null> {
    try {
      // jwtVerify checks exp only when present: a token without one would never expire, so it is refused.
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
      });
      const userId = Number(payload.sub);
      const deviceId = Number(payload.did);
      if (payload.typ !== 'access' || !Number.isInteger(userId) || !Number.isInteger(deviceId)) return null;
      return { userId, deviceId, expiresAt: payload.exp! * 1000 };
    } catch {
      return null;
    }
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
