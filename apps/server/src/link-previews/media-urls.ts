import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MEDIA_PROXY_PATH } from '@hearth/protocol';
import type { Db } from '../db/pool.js';

const HOUR_MS = 3_600_000;

/**
 * Signed, expiring addresses of the media proxy, made like the addresses of stored files
 * (uploads/file-urls.ts): an HMAC of the image's address and the expiry, with a secret every node
 * reads from the database, the expiry rounded up to the next hour so an image keeps one address
 * (and the browser's cache) for an hour. Only addresses the server put in a message can be fetched
 * through it: the proxy is no open relay.
 */
export class MediaUrls {
  private constructor(
    private readonly secret: Buffer,
    readonly ttlSec: number,
  ) {}

  static async create(db: Db, ttlSec: number): Promise<MediaUrls> {
    await db.query(
      `INSERT INTO instance_settings (key, value) VALUES ('media_proxy_secret', $1) ON CONFLICT (key) DO NOTHING`,
      [randomBytes(32).toString('base64')],
    );
    const { rows } = await db.query<{ value: string }>(
      `SELECT value FROM instance_settings WHERE key = 'media_proxy_secret'`,
    );
    return new MediaUrls(Buffer.from(rows[0]!.value, 'base64'), ttlSec);
  }

  private sign(url: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`media:${expires}:${url}`).digest('base64url');
  }

  /** The proxy's address for the image at `url`, relative to the server. */
  url(url: string, now = Date.now()): string {
    const expires = Math.ceil(now / HOUR_MS) * (HOUR_MS / 1000) + this.ttlSec;
    const query = new URLSearchParams({ url, expires: String(expires), signature: this.sign(url, expires) });
    return `${MEDIA_PROXY_PATH}?${query}`;
  }

  /** Whether a proxy address's signature is right and it has not expired. */
  verify(url: string, expires: number, signature: string, now = Date.now()): boolean {
    if (!Number.isSafeInteger(expires) || expires * 1000 <= now) return false;
    const expected = Buffer.from(this.sign(url, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
