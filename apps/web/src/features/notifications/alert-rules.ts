import type { MentionNotification, NotificationPreferences } from '@hearth/protocol';
import { isQuiet } from './preferences';

/** The local switch of message notifications (spec 1 §3 'messageNotifications'; 'false' turns them off). */
export const MESSAGE_NOTIFICATIONS_KEY = 'messageNotifications';

export interface AlertContext {
  me: number;
  prefs: NotificationPreferences;
  /** The account's switch (GET /user/notification-settings); undefined while loading counts as on. */
  accountEnabled: boolean | undefined;
  localEnabled: boolean;
  /** The channel on screen, if the tab is visible. */
  watching: number | null;
}

/**
 * Whether a mention raises anything at all (popup, sound, system notification): not one's own
 * message, not with notifications off, not from a muted channel or group (spec 1 §9).
 */
export function mentionAlerts(event: MentionNotification, ctx: AlertContext): boolean {
  const { message } = event;
  if (message.user_id === ctx.me || message.group_id === null) return false;
  if (ctx.accountEnabled === false || !ctx.localEnabled) return false;
  return !isQuiet(ctx.prefs, message.channel_id, message.group_id);
}

/** Reading the very channel it happened in, the popup would only cover what is on screen. */
export const popupNeeded = (event: MentionNotification, ctx: AlertContext) => ctx.watching !== event.message.channel_id;
