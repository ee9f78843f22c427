export { NotificationCenter } from './NotificationCenter';
export { isChannelMuted, isGroupMuted, useNotificationPreferences, useSetMuted } from './preferences';
