import { z } from 'zod';
import { IsoDate } from './common.js';

/** Spec 2 §3: what a user chose or the client set automatically; invisible is a separate flag. */
export const PresenceStatus = z.enum(['online', 'away', 'busy', 'offline'], {
  error: 'status must be online, away, busy or offline',
});
export type PresenceStatus = z.infer<typeof PresenceStatus>;

/**
 * A user's presence as others see it. An invisible user is reported exactly as an offline one
 * (status offline, is_online false, last_seen of their last real going offline): the server never
 * reveals the flag to anyone else.
 */
export const UserPresence = z.object({
  user_id: z.number(),
  presence_status: PresenceStatus,
  is_online: z.boolean(),
  last_seen: IsoDate.nullable(),
});
export type UserPresence = z.infer<typeof UserPresence>;

/** The signed-in user's own presence, with the fields only they see. */
export const OwnPresence = UserPresence.extend({
  is_invisible: z.boolean(),
  presence_manually_set: z.boolean(),
});
export type OwnPresence = z.infer<typeof OwnPresence>;

export const PresenceUpdateBody = z.object({
  status: PresenceStatus,
  is_invisible: z.boolean().optional(),
  is_manual: z.boolean().optional(),
});
export type PresenceUpdateBody = z.infer<typeof PresenceUpdateBody>;
