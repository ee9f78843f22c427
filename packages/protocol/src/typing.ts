import { z } from 'zod';
import { BodyId } from './common.js';

/*
 * Typing indicators: a client says it is typing in a channel or a direct message; the others who may
 * see the conversation are told. Nothing is stored, and the frames carry no seq, so nothing is replayed.
 */

export const TYPING_TEXT = {
  oneTarget: 'Name either channel_id or dm_user_id',
} as const;

/** The live `typing_start` frame: in a channel (`channel_id`) or the conversation with `dm_user_id`. */
export const ClientTypingStart = z
  .object({
    type: z.literal('typing_start'),
    channel_id: BodyId.optional().describe('the channel typed in'),
    dm_user_id: BodyId.optional().describe('in a direct message: the other participant'),
  })
  .refine((f) => (f.channel_id === undefined) !== (f.dm_user_id === undefined), {
    message: TYPING_TEXT.oneTarget,
    path: ['channel_id'],
  });

/** The `typing_start` event, with `seq: null`: someone is typing in a conversation the receiver may see. */
export const TypingStartEvent = z.object({
  channel_id: z.number().optional().describe('the channel typed in'),
  dm_user_id: z
    .number()
    .optional()
    .describe("in a direct message: the conversation with this user (the typist, from the receiver's side)"),
  user_id: z.number().describe('who is typing'),
  username: z.string(),
  nickname: z.string().nullable().describe('shown instead of the username when set'),
});
export type TypingStartEvent = z.infer<typeof TypingStartEvent>;
