import { z } from 'zod';
import { BodyId, UserText } from './common.js';
import { MESSAGE_MAX_LENGTH } from './constants.js';
import { COMMAND_TEXT } from './command-rules.js';
import { TEXT } from './texts.js';

export * from './command-rules.js';

export const SlashSubcommandSchema = z.object({ name: z.string(), description: z.string(), adminOnly: z.boolean() });
export const SlashCommandSchema = z.object({ base: z.string(), subcommands: z.array(SlashSubcommandSchema) });

export const GuardianAnnounceBody = z.object({
  message: UserText(COMMAND_TEXT.announceNeedsMessage)
    .max(MESSAGE_MAX_LENGTH, TEXT.messageTooLong)
    .trim()
    .min(1, COMMAND_TEXT.announceNeedsMessage),
  channel_name: UserText()
    .max(100)
    .trim()
    .transform((name) => name.replace(/^#/, ''))
    .nullish()
    .describe(
      'a text channel of the current channel’s group, by name (any case, # optional); default: the current channel',
    ),
  current_channel_id: BodyId.describe('the channel the command was typed in'),
});
export type GuardianAnnounceBody = z.input<typeof GuardianAnnounceBody>;

export const GuardianHugBody = z.object({ current_channel_id: BodyId });

/** POST /admin/guardian/send-message (spec 3 §7): a direct message from Guardian to one user. */
export const GuardianMessageBody = z.object({
  user_id: BodyId,
  title: UserText('Title cannot be empty').trim().min(1, 'Title cannot be empty').max(200),
  content: UserText('Content cannot be empty')
    .max(MESSAGE_MAX_LENGTH - 210, TEXT.messageTooLong)
    .trim()
    .min(1, 'Content cannot be empty'),
  message_type: z.literal('admin_message').optional(),
});
export type GuardianMessageBody = z.infer<typeof GuardianMessageBody>;

export const GuardianAnswer = z.object({
  detail: z.string().describe("the success text: 'Guardian announcement sent' or 'Guardian hug sent'"),
  message_id: z.number().describe("Guardian's message"),
  channel_id: z.number(),
});
export type GuardianAnswer = z.infer<typeof GuardianAnswer>;
