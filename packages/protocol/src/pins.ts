import { z } from 'zod';
import { Id, IsoDate } from './common.js';
import { Message } from './messages.js';

export * from './pin-rules.js';

/*
 * Pins: a message pinned to its channel or direct conversation, listed newest pinned first. A message
 * records when and by whom it was pinned on its own row; every message shape says whether it is pinned.
 */

/** `/channel/:id/pins/:messageId`. */
export const ChannelPinParams = z.object({ id: Id, messageId: Id });
/** `/dm/:userId/pins`: the conversation with `userId`. */
export const DmPinsParams = z.object({ userId: Id });
/** `/dm/:userId/pins/:messageId`. */
export const DmPinParams = z.object({ userId: Id, messageId: Id });

/** A pinned message: the history's shape, with when and by whom it was pinned. */
export const PinnedMessage = Message.extend({
  pinned_at: IsoDate.describe('when it was pinned'),
  pinned_by: z.number().nullable().describe('who pinned it; null once that account is deleted'),
});
export type PinnedMessage = z.infer<typeof PinnedMessage>;

/** The live `message_pin_update`: a message of a channel, or of the conversation with `dm_user_id`, was pinned or unpinned. */
export const MessagePinUpdate = z.object({
  channel_id: z.number().optional().describe('the channel of the message'),
  dm_user_id: z
    .number()
    .optional()
    .describe("in a direct message: the conversation with this user (the other participant, from the receiver's side)"),
  message_id: z.number(),
  pinned: z.boolean(),
  pinned_by: z.number().nullable().describe('who pinned it; null when it was unpinned'),
});
export type MessagePinUpdate = z.infer<typeof MessagePinUpdate>;
