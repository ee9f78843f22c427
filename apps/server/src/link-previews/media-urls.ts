import { MEDIA_PROXY_PATH } from '@hearth/protocol';
import type { Db } from '../db/pool.js';
import { AddressSigner } from '../http/signed-addresses.js';

/**
 * Signed, expiring addresses of the media proxy, made like the addresses of stored files
 * (uploads/file-urls.ts, through http/signed-addresses.ts): an HMAC of the image's address and the expiry, with a secret every node
 * reads from the database, the expiry rounded up to the next hour so an image keeps one address
 * (and the browser's cache) for an hour. Only addresses the server put in a message can be fetched
 * through it: the proxy is no open relay.
 */
export class MediaUrls {
  private constructor(private readonly signer: AddressSigner) {}

  static async create(db: Db, ttlSec: number): Promise<MediaUrls> {
    return new MediaUrls(await AddressSigner.create(db, 'media_proxy_secret', ttlSec));
  }

  get ttlSec(): number {
    return this.signer.ttlSec;
  }

  /** The proxy's address for the image at `url`, relative to the server. */
  url(url: string, now = Date.now()): string {
    const expires = this.signer.expiresAt(now);
    const signature = this.signer.sign(`media:${expires}:${url}`);
    return `${MEDIA_PROXY_PATH}?${new URLSearchParams({ url, expires: String(expires), signature })}`;
  }

  /** Whether a proxy address's signature is right and it has not expired. */
  verify(url: string, expires: number, signature: string, now = Date.now()): boolean {
    return this.signer.verify(`media:${expires}:${url}`, expires, signature, now);
  }
}
