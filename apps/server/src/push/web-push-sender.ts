import webpush from 'web-push';
import type { WebPushSubscription } from '@hearth/protocol';
import type { VapidKeys } from './vapid.js';

/** What became of one push: delivered, refused for good (the registration is gone), or failed this time. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** How long a push service may keep an undelivered push: a day, then it is stale news. */
const TTL_SEC = 24 * 3600;
const TIMEOUT_MS = 10_000;

/**
 * Sends Web Push messages: web-push encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID
 * header (RFC 8292); the request itself goes out with fetch, which never follows a redirect here (the
 * endpoint was checked, where it redirects to was not) and gives up after 10 s.
 */
export class WebPushSender {
  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
  ) {}

  async send(subscription: WebPushSubscription, payload: string): Promise<PushOutcome> {
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(subscription, payload, {
        vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
        TTL: TTL_SEC,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      });
    } catch (err) {
      // Keys nothing can encrypt to (registered before they were checked, or by a broken client):
      // the subscription can never receive anything, so it is dropped like an expired one.
      console.error('[push] unusable subscription:', err instanceof Error ? err.message : err);
      return 'gone';
    }
    try {
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.ok) return 'sent';
      // 404 and 410: the subscription expired or the user took the permission back (RFC 8030 §7.3).
      return response.status === 404 || response.status === 410 ? 'gone' : 'failed';
    } catch (err) {
      console.error('[push] web push failed:', err instanceof Error ? err.message : err);
      return 'failed';
    }
  }
}
