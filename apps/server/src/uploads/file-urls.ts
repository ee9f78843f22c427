import type { Db } from '../db/pool.js';
import { AddressSigner } from '../http/signed-addresses.js';

export type FileVariant = 'file' | 'preview';

/**
 * Signed, expiring file addresses. The address itself is the permission: it works in `<img src>`
 * and `<video src>` without headers, and only people who were given it (those who may see the
 * message that carries it, or the uploader before sending) have it. The secret is shared by every
 * node through the database, like the token secret; signing and the hour-rounded expiry are
 * http/signed-addresses.ts, shared with the media proxy.
 */
export class FileUrls {
  private constructor(private readonly signer: AddressSigner) {}

  static async create(db: Db, ttlSec: number): Promise<FileUrls> {
    return new FileUrls(await AddressSigner.create(db, 'file_url_secret', ttlSec));
  }

  get ttlSec(): number {
    return this.signer.ttlSec;
  }

  /** The address of a stored file, relative to the server (the API prefix included). */
  url(id: number, variant: FileVariant, filename: string, now = Date.now()): string {
    const expires = this.signer.expiresAt(now);
    const signature = this.signer.sign(`${id}:${variant}:${expires}`);
    return `/api/attachments/${id}/${variant}/${encodeURIComponent(filename)}?expires=${expires}&signature=${signature}`;
  }

  /** Whether an address's signature is right and it has not expired. */
  verify(id: number, variant: FileVariant, expires: number, signature: string, now = Date.now()): boolean {
    return this.signer.verify(`${id}:${variant}:${expires}`, expires, signature, now);
  }
}
