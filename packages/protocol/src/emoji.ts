import { z } from 'zod';
import { IsoDate } from './common.js';
import { emojiNameProblem, normalEmojiName } from './emoji-rules.js';

/** A custom emoji (spec 1 §3, spec 3 §3): an uploaded picture with a name, its owner's or public. */
export const CustomEmoji = z.object({
  id: z.number(),
  name: z.string().describe('letters, digits and underscore, at most 32; case kept, unique per owner in any case'),
  url: z.string().describe('the picture, re-encoded by the server (image/webp); a random address per upload'),
  file_url: z.string().describe('the same address as `url` (clients read either)'),
  is_public: z.boolean().describe('anyone may list it and react with it; otherwise only its owner'),
  is_nsfw: z.boolean(),
  width: z.number(),
  height: z.number(),
  user_id: z.number().describe('the owner'),
  created_at: IsoDate,
});
export type CustomEmoji = z.infer<typeof CustomEmoji>;

/** A name as typed: trimmed, then checked in spec 3 §5's order (required, characters, length). */
export const CustomEmojiName = z
  .string()
  .transform(normalEmojiName)
  .superRefine((name, ctx) => {
    const problem = emojiNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const CustomEmojiListQuery = z.object({
  public: z
    .enum(['true', 'false'])
    .optional()
    .describe("true: every public emoji, anyone's (the caller's included); otherwise the caller's own"),
});

/** PUT /emoji/emojis/{id}: any of the three; a field left out keeps its value. */
export const UpdateCustomEmojiBody = z.object({
  name: CustomEmojiName.optional().describe('a new name, with the upload’s rules; unique among the owner’s emoji'),
  is_public: z.boolean().optional(),
  is_nsfw: z.boolean().optional(),
});
export type UpdateCustomEmojiBody = z.input<typeof UpdateCustomEmojiBody>;
