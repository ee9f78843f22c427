import { z } from 'zod';
import { BodyId, Id, IsoDate } from './common.js';

/** Where a user stands in one text channel (spec 2 §3), derived from the last message they read. */
export const ChannelReadStatus = z.object({
  channel_id: z.number(),
  group_id: z.number(),
  unread_mentions: z.number().describe('messages after the last read one that mention the user or @everyone'),
  has_unread: z.boolean().describe("whether someone else's message came after the last read one"),
  last_read_message_id: z.number().nullable(),
  last_read_at: IsoDate.nullable(),
});
export type ChannelReadStatus = z.infer<typeof ChannelReadStatus>;

/** A group's channels summed up (spec 2 §3). */
export const GroupReadStatus = z.object({
  group_id: z.number(),
  total_unread_mentions: z.number(),
  has_unread_messages: z.boolean(),
});
export type GroupReadStatus = z.infer<typeof GroupReadStatus>;

export const ReadStatusQuery = z.object({ group_id: Id.optional() });

/** `message_id` null, or no body at all, marks the channel's newest message read. */
export const MarkChannelReadBody = z
  .object({ message_id: BodyId.nullish().describe('a message of this channel; null for its newest') })
  .nullish();
export type MarkChannelReadBody = z.input<typeof MarkChannelReadBody>;

export const MarkChannelUnreadBody = z.object({
  message_id: BodyId.describe('the first message to show as unread: the mark moves to just before it'),
});
export type MarkChannelUnreadBody = z.input<typeof MarkChannelUnreadBody>;
