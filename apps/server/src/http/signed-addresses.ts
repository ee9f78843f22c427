import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/pool.js';

const HOUR_MS = 3_600_000;

/**
 * Signs and checks expiring addresses (stored files, the media proxy): an HMAC of what the address
 * names and its expiry, with a secret every node reads from the database (kept under `settingKey`,
 * made by the first node to start). The expiry is rounded up to the next whole hour before the
 * lifetime is added, so a thing keeps one address for an hour: a history page, a live event and a
 * reload all name the same address, and the browser's cache serves the repeats.
 */
export class AddressSigner {
  private constructor(
    private readonly secret: Buffer,
    readonly ttlSec: number,
  ) {}

  static async create(db: Db, settingKey: string, ttlSec: number): Promise<AddressSigner> {
    await db.query(`INSERT INTO instance_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
      settingKey,
      randomBytes(32).toString('base64'),
    ]);
    const { rows } = await db.query<{ value: string }>(`SELECT value FROM instance_settings WHERE key = $1`, [
      settingKey,
    ]);
    return new AddressSigner(Buffer.from(rows[0]!.value, 'base64'), ttlSec);
  }

  /** The expiry (Unix seconds) of an address made at `now`. */
  expiresAt(now = Date.now()): number {
    return Math.ceil(now / HOUR_MS) * (HOUR_MS / 1000) + this.ttlSec;
  }

  sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  /** Whether `signature` is right for `payload` and `expires` has not passed. */
  verify(payload: string, expires: number, signature: string, now = Date.now()): boolean {
    if (!Number.isSafeInteger(expires) || expires * 1000 <= now) return false;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
