import type { Endpoint } from './endpoint-types.js';
import { PushRegisterAnswer, PushTestAnswer, RegisterPushBody, UnregisterPushBody, VapidKeyAnswer } from './push.js';
import { MessageAnswer } from './account.js';

/** Push notifications. */
export const PUSH_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/push-notifications/vapid-public-key',
    auth: 'user',
    status: 200,
    summary:
      "The server's VAPID public key (base64url), which a browser subscribes to Web Push with. The key pair is made on the server's first start and kept in the database, so every node signs with the same one (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY override it).",
    answer: VapidKeyAnswer,
  },
  {
    method: 'POST',
    path: '/push-notifications/register',
    auth: 'user',
    status: 200,
    summary:
      "Registers this device for push notifications. `platform` 'web': `token` is the browser's PushSubscription as JSON, whose endpoint must be on a known push service (Google, Mozilla, Apple, Microsoft, or an origin in PUSH_ENDPOINT_ORIGINS), else 400. 'android' (the default, spec 3 §9): an FCM registration token, used when the server has FCM_SERVICE_ACCOUNT. A token registered before (by anyone) moves to the caller and this device; an account keeps its 20 newest. Pushes go only to registrations whose device is still signed in.",
    limits: ['writePerUser'],
    body: RegisterPushBody,
    answer: PushRegisterAnswer,
  },
  {
    method: 'POST',
    path: '/push-notifications/unregister',
    auth: 'user',
    status: 200,
    summary:
      "Removes the caller's registration with this token (for 'web', the subscription JSON or its endpoint); unknown tokens are not an error.",
    limits: ['writePerUser'],
    body: UnregisterPushBody,
    answer: MessageAnswer,
  },
  {
    method: 'POST',
    path: '/push-notifications/test',
    auth: 'user',
    status: 200,
    summary:
      "Sends a test push to every device of the caller's that is registered and signed in, and says how many it reached. 400 'No device of yours is registered for push notifications' when there is none. A registration the push service says is gone (404, 410) is removed.",
    limits: ['writePerUser'],
    answer: PushTestAnswer,
  },
];
