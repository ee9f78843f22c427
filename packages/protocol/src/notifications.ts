import { z } from 'zod';
import { BodyId } from './common.js';

const Muted = z.boolean({ error: 'is_muted must be true or false' });

export const MuteChannelBody = z.object({ channel_id: BodyId, is_muted: Muted });
export const MuteGroupBody = z.object({ group_id: BodyId, is_muted: Muted });

/** What the caller has muted (spec 1 §3): only muted targets are listed. */
export const NotificationPreferences = z.object({
  channel_preferences: z.array(z.object({ channel_id: z.number(), is_muted: z.boolean() })),
  group_preferences: z.array(z.object({ group_id: z.number(), is_muted: z.boolean() })),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const NotificationSettings = z.object({
  message_notifications_enabled: z.boolean({ error: 'message_notifications_enabled must be true or false' }),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const MuteChannelAnswer = z.object({ channel_id: z.number(), is_muted: z.boolean() });
export const MuteGroupAnswer = z.object({ group_id: z.number(), is_muted: z.boolean() });
