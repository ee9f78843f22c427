import { z } from 'zod';

/**
 * Push notifications (spec 3 §2 Notifications, §7). A browser registers a Web Push subscription
 * (platform 'web'); the Android app registers its FCM token (platform 'android', spec 3 §9).
 */
export const PUSH_PLATFORMS = ['web', 'android'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/** The most push registrations one account keeps; registering one more drops the oldest. */
export const PUSH_MAX_PER_USER = 20;

export const PUSH_TEXT = {
  invalidToken: 'Push token is required',
  invalidSubscription: 'A web push token must be the browser subscription (endpoint and keys) as JSON',
  endpointNotAllowed: 'This push service is not one this server sends to',
  noDevices: 'No device of yours is registered for push notifications',
  notConfigured: 'Push notifications are not set up on this server',
  testSent: (count: number) => `Test push notification sent to ${count} ${count === 1 ? 'device' : 'devices'}`,
  testTitle: 'Hearth',
  testBody: 'Push notifications are working.',
} as const;

/** POST /push-notifications/register: for 'web' the token is the browser's PushSubscription as JSON. */
export const RegisterPushBody = z.object({
  token: z.string({ error: PUSH_TEXT.invalidToken }).trim().min(1, PUSH_TEXT.invalidToken).max(4096),
  platform: z.enum(PUSH_PLATFORMS, { error: "platform must be 'web' or 'android'" }).default('android'),
  device_info: z
    .object({ platform: z.string().trim().max(100), app_version: z.string().trim().max(32) })
    .partial()
    .optional(),
});
export type RegisterPushBody = z.infer<typeof RegisterPushBody>;

export const UnregisterPushBody = z.object({
  token: z.string({ error: PUSH_TEXT.invalidToken }).trim().min(1, PUSH_TEXT.invalidToken).max(4096),
});
export type UnregisterPushBody = z.infer<typeof UnregisterPushBody>;

/** A browser's PushSubscription.toJSON(), the token of a 'web' registration. */
export const WebPushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/),
  }),
});
export type WebPushSubscription = z.infer<typeof WebPushSubscription>;

/** GET /push-notifications/vapid-public-key: the key a browser subscribes with (applicationServerKey). */
export const VapidKeyAnswer = z.object({ public_key: z.string() });
export type VapidKeyAnswer = z.infer<typeof VapidKeyAnswer>;

export const PushRegisterAnswer = z.object({ message: z.string(), platform: z.enum(PUSH_PLATFORMS) });
export type PushRegisterAnswer = z.infer<typeof PushRegisterAnswer>;

/** POST /push-notifications/test: how many registrations it reached and how many failed. */
export const PushTestAnswer = z.object({ message: z.string(), sent: z.number().int(), failed: z.number().int() });
export type PushTestAnswer = z.infer<typeof PushTestAnswer>;

/**
 * What a push carries, for the service worker and the Android app: the notification's text and where a
 * tap leads (spec 3 §2 push-tap: friends, a channel with channelId and groupId, a DM with userId).
 */
export interface PushPayload {
  title: string;
  body: string;
  tag?: string;
  data?: {
    type: 'friends' | 'channel' | 'dm' | 'test';
    channelId?: number;
    groupId?: number;
    userId?: number;
  };
}
