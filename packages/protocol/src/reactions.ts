import { z } from 'zod';
import { EMOJI_MAX_LENGTH, singleEmoji } from './emoji-rules.js';
import { BodyId, Id, IsoDate, UserText } from './common.js';
import { TEXT } from './texts.js';

/** One user's reaction to one message (spec 1 §3). A message lists each reaction, oldest first. */
export const Reaction = z.object({
  id: z.number(),
  message_id: z.number(),
  channel_id: z.number(),
  user_id: z.number(),
  username: z.string(),
  emoji_id: z.number().nullable().describe('the custom emoji; null for a Unicode emoji'),
  emoji_unicode: z.string().nullable().describe('the Unicode emoji, fully qualified; null for a custom emoji'),
  emoji_name: z.string().nullable().describe("a custom emoji's name; null for a Unicode emoji"),
  emoji_url: z.string().nullable().describe("a custom emoji's image; null for a Unicode emoji"),
  created_at: IsoDate,
});
export type Reaction = z.infer<typeof Reaction>;

/** One emoji, stored in its fully-qualified form so every way of typing it is one reaction. */
const EmojiUnicode = UserText(TEXT.reactionNotEmoji)
  .max(EMOJI_MAX_LENGTH, TEXT.reactionNotEmoji)
  .transform((text, ctx) => {
    const emoji = singleEmoji(text);
    if (emoji === null) ctx.addIssue({ code: 'custom', message: TEXT.reactionNotEmoji });
    return emoji ?? text;
  });

/** Clients may send the field they do not use as null, or leave it out. */
const given = (value: unknown) => value !== null && value !== undefined;

export const AddReactionBody = z
  .object({
    emoji_id: BodyId.nullish().describe('a custom emoji'),
    emoji_unicode: EmojiUnicode.nullish().describe('one Unicode emoji'),
  })
  .refine((b) => given(b.emoji_id) !== given(b.emoji_unicode), TEXT.reactionEmojiChoice);
export type AddReactionBody = z.input<typeof AddReactionBody>;

export const ReactionParams = z.object({ id: Id, reactionId: Id });
