import type { BrowserContext, Page } from '@playwright/test';

/** What the stubbed subscription keeps for the test: its endpoint and the keys to read what is pushed to it. */
export interface PushKeys {
  endpoint: string;
  /** The private key's d (base64url), as WebCrypto exports it in a JWK. */
  d: string;
  auth: string;
}

/**
 * Chromium subscribes to Web Push at Google's push service (FCM), which cannot be reached here, so
 * `PushManager.subscribe` would fail. This init script gives the page a subscription at the worker's
 * push-service stand-in instead, with real P-256 keys made by WebCrypto: the server encrypts to them
 * and signs with its VAPID key as it would for Google, and the test decrypts what arrived. The
 * permission prompt, the service worker, the server's key and the registration are all real.
 */
export async function stubPushService(context: BrowserContext, origin: string): Promise<void> {
  await context.addInitScript((pushOrigin: string) => {
    const base64url = (bytes: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    let current: PushSubscription | null = null;
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const publicKey = await crypto.subtle.exportKey('raw', pair.publicKey);
      const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
      const auth = base64url(crypto.getRandomValues(new Uint8Array(16)));
      const endpoint = `${pushOrigin}/push/${crypto.randomUUID()}`;
      const json = { endpoint, expirationTime: null, keys: { p256dh: base64url(publicKey), auth } };
      (window as unknown as { hearthPushKeys: PushKeys }).hearthPushKeys = { endpoint, d: d!, auth };
      current = {
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: options?.applicationServerKey ?? null, userVisibleOnly: true },
        toJSON: () => json,
        unsubscribe: async () => {
          current = null;
          return true;
        },
        getKey: () => null,
      } as unknown as PushSubscription;
      return current;
    };
  }, origin);
}

/** The keys of the subscription the page made (after it subscribed). */
export const pushKeys = (page: Page) =>
  page.evaluate(() => (window as unknown as { hearthPushKeys: PushKeys }).hearthPushKeys);
