import { z } from 'zod';
import { MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE } from './constants.js';
import { TEXT } from './texts.js';
import { BodyId, Id, IsoDate } from './common.js';
import { hasTextOrAttachments, SendFields } from './messages.js';
import { PublicUser } from './users.js';
import { aroundAlone, AroundField, REPLY_TEXT } from './replies.js';

export const DM_TEXT = {
  /** A push for a direct message with attachments and no text. */
  pushAttachment: 'Sent an attachment',
  notFriends: 'You can only send direct messages to friends',
  blockedSend: 'You cannot send messages to this user',
  blockedView: 'You cannot view this conversation',
  guardianReply: 'You cannot reply to Guardian messages',
  notYourself: 'You cannot send direct messages to yourself',
  userNotFound: 'User not found',
  wrongConversation: 'channel_id is not the conversation with this recipient',
  notDirectMessage: 'This is not a direct message',
  outOfRange: 'Direct messages are not available for this account',
} as const;

/** POST /dm/send and the live `direct_message` frame: the recipient, and the conversation's id if the client has it. */
export const DmSendFields = {
  recipient_id: BodyId,
  channel_id: z.number().int().negative().optional().describe('the conversation id; checked against the pair'),
  ...SendFields,
};
export const DmSendBody = z
  .object(DmSendFields)
  .refine(hasTextOrAttachments, { message: TEXT.messageEmpty, path: ['content'] });
export type DmSendBody = z.infer<typeof DmSendBody>;

const LIMIT_TEXT = `limit must be a number from 1 to ${MESSAGE_PAGE_MAX}`;

/** GET /dm/conversation/{friend id}: the same paging as channel history. */
export const DmHistoryQuery = z
  .object({
    limit: z.coerce
      .number({ error: LIMIT_TEXT })
      .int()
      .min(1, LIMIT_TEXT)
      .max(MESSAGE_PAGE_MAX, LIMIT_TEXT)
      .default(MESSAGE_PAGE_SIZE),
    before: Id.optional(),
    after: Id.optional(),
    ...AroundField,
  })
  .refine((q) => q.before === undefined || q.after === undefined, TEXT.beforeAndAfter)
  .refine(aroundAlone, REPLY_TEXT.aroundWithBeforeAfter);
export type DmHistoryQuery = z.infer<typeof DmHistoryQuery>;

export const DmLastMessage = z.object({
  id: z.number(),
  content: z.string(),
  timestamp: IsoDate,
  sender_id: z.number(),
  attachment_count: z.number(),
});

/** One row of the DM list (spec 2 §3). */
export const Conversation = z.object({
  id: z.number().describe('the conversation id (negative)'),
  friend: PublicUser.describe('the other participant'),
  last_message: DmLastMessage.nullable(),
  unread_count: z.number(),
  last_read_message_id: z.number().nullable(),
});
export type Conversation = z.infer<typeof Conversation>;

export const DmUnreadCount = z.object({ unread_count: z.number() });

export const DmMarkReadBody = z
  .object({ message_id: BodyId.nullable().optional().describe('read up to here; the latest when absent') })
  .optional();

/** Sent to the reader's own sessions when a conversation is marked read (other tabs follow). */
export const DmReadEvent = z.object({
  channel_id: z.number(),
  user_id: z.number().describe('the other participant'),
  last_read_message_id: z.number().nullable(),
});
export type DmReadEvent = z.infer<typeof DmReadEvent>;

export const DmDeleteEvent = z.object({ id: z.number(), channel_id: z.number() });
