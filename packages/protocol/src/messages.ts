import { z } from 'zod';
import { ATTACHMENTS_PER_MESSAGE_MAX, MESSAGE_MAX_LENGTH, MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE } from './constants.js';
import { TEXT } from './texts.js';
import { BodyId, Id, IsoDate, UserText } from './common.js';
import { Role } from './users.js';
import { Reaction } from './reactions.js';
import { MentionedUser } from './mentioned-user.js';
import { Attachment } from './attachments.js';
import { Embed } from './link-previews.js';
import { aroundAlone, AroundField, REPLY_TEXT, ReplyFields, ReplyTo } from './replies.js';

/** Trimmed, non-empty, at most 4000 characters. */
export const MessageContent = UserText(TEXT.messageEmpty)
  .max(MESSAGE_MAX_LENGTH, TEXT.messageTooLong)
  .trim()
  .min(1, TEXT.messageEmpty);

/** A client-chosen id that makes a retried send idempotent. */
export const Nonce = UserText().min(1).max(64, 'nonce must be 64 characters or fewer');

export const Message = z.object({
  id: z.number(),
  channel_id: z.number().describe('the channel, or in a direct message the conversation (negative)'),
  group_id: z.number().nullable().describe('null in a direct message'),
  user_id: z.number(),
  user_numeric_id: z.number(),
  username: z.string(),
  nickname: z.string().nullable(),
  pronouns: z.string().nullable(),
  pronouns_bg_color: z.string().nullable(),
  pronouns_text_color: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  profile_blur_enabled: z.boolean(),
  role: Role,
  content: z.string(),
  timestamp: IsoDate,
  edited_at: IsoDate.nullable(),
  message_type: z.enum(['text', 'system']),
  attachments: z.array(Attachment),
  attachment_ids: z.array(z.number()),
  sensitive_attachment_ids: z.array(z.number()),
  reactions: z.array(Reaction),
  mentioned_users: z
    .array(MentionedUser)
    .describe('users the text mentions (`@name`, any case; none inside code), resolved when sent or edited'),
  mentions_everyone: z.boolean().describe('`@everyone` by an admin; false when anyone else writes it'),
  muted_for_user: z.boolean(),
  nonce: z.string().nullable(),
  reply_to: ReplyTo.nullable().describe('the message this one replies to, or null'),
  pinned: z.boolean().describe('pinned to its channel or conversation'),
  embeds: z.array(Embed).describe('previews of its links, fetched after the send (`message_embeds_update`)'),
});
export type Message = z.infer<typeof Message>;

export const HistoryQuery = z
  .object({
    channel_id: Id,
    limit: z.coerce
      .number({ error: `limit must be a number from 1 to ${MESSAGE_PAGE_MAX}` })
      .int()
      .min(1, `limit must be a number from 1 to ${MESSAGE_PAGE_MAX}`)
      .max(MESSAGE_PAGE_MAX, `limit must be a number from 1 to ${MESSAGE_PAGE_MAX}`)
      .default(MESSAGE_PAGE_SIZE),
    before: Id.optional(),
    after: Id.optional(),
    ...AroundField,
  })
  .refine((q) => q.before === undefined || q.after === undefined, TEXT.beforeAndAfter)
  .refine(aroundAlone, REPLY_TEXT.aroundWithBeforeAfter);
export type HistoryQuery = z.infer<typeof HistoryQuery>;

const TOO_MANY_ATTACHMENTS = `At most ${ATTACHMENTS_PER_MESSAGE_MAX} attachments per message`;

/** Ids of the sender's own uploads not sent yet (POST /upload/attachment), in the order to show them. */
const AttachmentIds = z.array(BodyId).max(ATTACHMENTS_PER_MESSAGE_MAX, TOO_MANY_ATTACHMENTS);

/**
 * What a send carries: text, attachments, or both. Text may be empty only when at least one
 * attachment comes with it. Shared by POST /message and the live `message` frame.
 */
export const SendFields = {
  content: UserText(TEXT.messageEmpty).max(MESSAGE_MAX_LENGTH, TEXT.messageTooLong).trim(),
  nonce: Nonce.optional(),
  attachment_ids: AttachmentIds.optional().describe('own unsent uploads, at most 15, in display order'),
  sensitive_attachment_ids: AttachmentIds.optional().describe('those of attachment_ids to show blurred'),
  ...ReplyFields,
};

/** Refuses a send with neither text nor attachments, with the text of an empty message. */
export const hasTextOrAttachments = (b: { content: string; attachment_ids?: number[] | undefined }) =>
  b.content.length > 0 || (b.attachment_ids?.length ?? 0) > 0;

export const SendMessageBody = z
  .object({ channel_id: BodyId, ...SendFields })
  .refine(hasTextOrAttachments, { message: TEXT.messageEmpty, path: ['content'] });
export type SendMessageBody = z.infer<typeof SendMessageBody>;

export const EditMessageBody = z.object({ content: MessageContent });

export const DeleteMessageAnswer = z.object({
  id: z.number(),
  channel_id: z.number(),
  deleted: z.boolean().describe('true when removed; false when an admin replaced the content'),
  message: Message.optional(),
});
export type DeleteMessageAnswer = z.infer<typeof DeleteMessageAnswer>;
