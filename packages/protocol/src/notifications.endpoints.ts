import type { Endpoint } from './endpoint-types.js';
import {
  MuteChannelAnswer,
  MuteChannelBody,
  MuteGroupAnswer,
  MuteGroupBody,
  NotificationPreferences,
  NotificationSettings,
} from './notifications.js';

/** Notification preferences. */
export const NOTIFICATION_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/user/mute-channel',
    auth: 'user',
    status: 200,
    summary:
      "Mutes or unmutes a channel the caller can see (404 otherwise) for the caller: no mention popups or sounds from it, no unread mark. The caller's sessions get `notification_preferences_update`.",
    limits: ['writePerUser'],
    body: MuteChannelBody,
    answer: MuteChannelAnswer,
  },
  {
    method: 'POST',
    path: '/user/mute-group',
    auth: 'user',
    status: 200,
    summary:
      'Mutes or unmutes a whole group the caller can see (404 otherwise), as /user/mute-channel does for one channel.',
    limits: ['writePerUser'],
    body: MuteGroupBody,
    answer: MuteGroupAnswer,
  },
  {
    method: 'GET',
    path: '/user/notification-preferences',
    auth: 'user',
    status: 200,
    summary: 'The channels and groups the caller has muted (only muted ones are listed), among those they can see.',
    answer: NotificationPreferences,
  },
  {
    method: 'GET',
    path: '/user/notification-settings',
    auth: 'user',
    status: 200,
    summary: 'Whether message notifications are on for the account (default true).',
    answer: NotificationSettings,
  },
  {
    method: 'PUT',
    path: '/user/notification-settings',
    auth: 'user',
    status: 200,
    summary:
      'Turns message notifications on or off for the account; off, no mention or @everyone pops up or sounds anywhere.',
    limits: ['writePerUser'],
    body: NotificationSettings,
    answer: NotificationSettings,
  },
];
