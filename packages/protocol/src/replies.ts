import { z } from 'zod';
import { BodyId, Id } from './common.js';
import { REPLY_PREVIEW_LENGTH, REPLY_TEXT } from './reply-rules.js';

export * from './reply-rules.js';

/**
 * What a reply shows of the message it answers, loaded with the reply in the same statement. When
 * the original is gone its id stays, `deleted` is true and the rest is empty.
 */
export const ReplyTo = z.object({
  id: z.number(),
  user_id: z.number().nullable().describe("the original's author; null when it was deleted"),
  username: z.string().nullable().describe('null when the original was deleted'),
  content: z.string().describe(`the first ${REPLY_PREVIEW_LENGTH} characters of the original`),
  has_attachments: z.boolean(),
  deleted: z.boolean().describe('the original was deleted'),
});
export type ReplyTo = z.infer<typeof ReplyTo>;

/** The reply fields of every send: POST /message, POST /dm/send and their live frames. */
export const ReplyFields = {
  reply_to_id: BodyId.optional().describe(
    `a message of the same channel or conversation this answers; else 400 '${REPLY_TEXT.cannotReply}'`,
  ),
  reply_mention: z
    .boolean()
    .optional()
    .describe("with reply_to_id: mention the original's author (default true; never oneself)"),
};

/** `around`: a page centred on a message (for a jump to it); not with before or after. */
export const AroundField = {
  around: Id.optional().describe('a page centred on this message id; not with before or after'),
};

export const aroundAlone = (q: {
  around?: number | undefined;
  before?: number | undefined;
  after?: number | undefined;
}) => q.around === undefined || (q.before === undefined && q.after === undefined);
