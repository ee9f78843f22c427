import type { PushRegisterAnswer, PushTestAnswer, VapidKeyAnswer } from '@hearth/protocol';
import type { HttpClient } from '../../lib/http';
import { RUNNING_VERSION } from '../versions/app-version';
import { pushOptedIn, setPushOptIn } from './push-opt-in';

/**
 * Web Push on this device: the browser's subscription at its vendor's push service (made with the
 * server's VAPID key, through the service worker), registered with the server for this sign-in.
 */

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export const PUSH_TEXT_CLIENT = {
  unsupported: 'This browser cannot receive push notifications.',
  blocked: 'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.',
  noWorker: 'Push notifications need the installed app (its service worker is not running).',
  on: 'Push notifications are on for this browser.',
  off: 'Push notifications are off for this browser.',
} as const;

export class PushSetupError extends Error {}

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Push for this user in this browser: on only if they turned it on here (the permission alone is not consent). */
export async function pushState(userId: number): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted' || !pushOptedIn(userId)) return 'off';
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ? 'on' : 'off';
}

/** The service worker's registration, or an error when none takes over within 10 s (a development build has none). */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushSetupError(PUSH_TEXT_CLIENT.noWorker)), 10_000);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const sameKey = (subscription: PushSubscription, key: string) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return (
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '') === key
  );
};

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * Asks for permission (only from a click: browsers refuse the prompt otherwise), subscribes with the
 * server's key (a subscription made with another key, from before the server's key changed, is
 * replaced) and registers it for this sign-in.
 */
export async function enablePush(http: HttpClient, userId: number): Promise<void> {
  if (!pushSupported()) throw new PushSetupError(PUSH_TEXT_CLIENT.unsupported);
  if ((await Notification.requestPermission()) !== 'granted') throw new PushSetupError(PUSH_TEXT_CLIENT.blocked);
  const registration = await workerRegistration();
  const { public_key } = await http.get<VapidKeyAnswer>('/push-notifications/vapid-public-key');
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, public_key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(public_key),
  });
  await http.post<PushRegisterAnswer>('/push-notifications/register', {
    token: JSON.stringify(subscription.toJSON()),
    platform: 'web',
    device_info: { platform: navigator.platform.slice(0, 100), app_version: RUNNING_VERSION },
  });
  setPushOptIn(userId, true);
}

/** Unsubscribes this browser and tells the server; off locally even when the server cannot be told. */
export async function disablePush(http: HttpClient, userId: number): Promise<void> {
  setPushOptIn(userId, false);
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  const token = JSON.stringify(subscription.toJSON());
  await subscription.unsubscribe();
  await http.post('/push-notifications/unregister', { token });
}

/**
 * After signing in on a browser where push was on: registers its subscription for the new sign-in
 * (each sign-in is a device, and a push goes only to signed-in devices). Quiet on any failure.
 */
export async function renewPushRegistration(http: HttpClient, userId: number): Promise<void> {
  try {
    if ((await pushState(userId)) !== 'on') return;
    await enablePush(http, userId);
  } catch {
    // Push stays as it was; the Notifications tab shows its state.
  }
}

export const sendTestPush = (http: HttpClient) => http.post<PushTestAnswer>('/push-notifications/test');
