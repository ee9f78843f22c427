import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/pool.js';

export type FileVariant = 'file' | 'preview';

const HOUR_MS = 3_600_000;

/**
 * Signed, expiring file addresses. The address itself is the permission: it works in `<img src>`
 * and `<video src>` without headers, and only people who were given it (those who may see the
 * message that carries it, or the uploader before sending) have it. The secret is shared by every
 * node through the database, like the token secret.
 *
 * The expiry is rounded up to the next whole hour before the lifetime is added, so the address of
 * a file is the same for an hour: a history page, a live event and a reload all name the same
 * address, and the browser's cache serves the repeats.
 */
export class FileUrls {
  private constructor(
    private readonly secret: Buffer,
    readonly ttlSec: number,
  ) {}

  static async create(db: Db, ttlSec: number): Promise<FileUrls> {
    await db.query(
      `INSERT INTO instance_settings (key, value) VALUES ('file_url_secret', $1) ON CONFLICT (key) DO NOTHING`,
      [randomBytes(32).toString('base64')],
    );
    const { rows } = await db.query<{ value: string }>(
      `SELECT value FROM instance_settings WHERE key = 'file_url_secret'`,
    );
    return new FileUrls(Buffer.from(rows[0]!.value, 'base64'), ttlSec);
  }

  private sign(id: number, variant: FileVariant, expires: number): string {
    return createHmac('sha256', this.secret).update(`${id}:${variant}:${expires}`).digest('base64url');
  }

  /** The address of a stored file, relative to the server (the API prefix included). */
  url(id: number, variant: FileVariant, filename: string, now = Date.now()): string {
    const expires = Math.ceil(now / HOUR_MS) * (HOUR_MS / 1000) + this.ttlSec;
    const name = encodeURIComponent(filename);
    return `/api/attachments/${id}/${variant}/${name}?expires=${expires}&signature=${this.sign(id, variant, expires)}`;
  }

  /** Whether an address's signature is right and it has not expired. */
  verify(id: number, variant: FileVariant, expires: number, signature: string, now = Date.now()): boolean {
    if (!Number.isSafeInteger(expires) || expires * 1000 <= now) return false;
    const expected = Buffer.from(this.sign(id, variant, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
