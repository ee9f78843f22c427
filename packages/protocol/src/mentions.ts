import { z } from 'zod';
import { MENTION_SUGGESTION_LIMIT, MENTION_SUGGESTION_MAX, MENTION_QUERY_MAX } from './constants.js';
import { Id, UserText } from './common.js';
import { Message } from './messages.js';

export { MentionedUser } from './mentioned-user.js';

const LIMIT_TEXT = `limit must be a number from 1 to ${MENTION_SUGGESTION_MAX}`;

export const MentionSuggestionQuery = z.object({
  query: UserText()
    .max(MENTION_QUERY_MAX, `query must be ${MENTION_QUERY_MAX} characters or fewer`)
    .trim()
    // What follows the @ the user typed; the @ itself may come along.
    .transform((q) => q.replace(/^@/, ''))
    .default('')
    .describe('the start of a username or nickname (any case); empty lists everyone'),
  channel_id: Id.optional().describe('only users who can view this channel (404 if the caller cannot)'),
  limit: z.coerce
    .number({ error: LIMIT_TEXT })
    .int(LIMIT_TEXT)
    .min(1, LIMIT_TEXT)
    .max(MENTION_SUGGESTION_MAX, LIMIT_TEXT)
    .default(MENTION_SUGGESTION_LIMIT),
});
export type MentionSuggestionQuery = z.infer<typeof MentionSuggestionQuery>;

/** One entry of the mention popup (spec 1 §3). */
export const MentionSuggestion = z.object({
  type: z.enum(['user', 'everyone']),
  id: z.number().nullable().describe("the user's id; null for @everyone"),
  username: z.string().describe("what to write after the @ ('everyone' for @everyone)"),
  display_name: z.string().describe('the nickname, else the username'),
  profile_image_url: z.string().nullable(),
  label: z.string().nullable().describe("a note beside the entry: 'Admin Only' for @everyone"),
});
export type MentionSuggestion = z.infer<typeof MentionSuggestion>;

/** Tells a user they were mentioned: by name (`mention`), or through @everyone (`everyone`). */
export const MentionNotification = z.object({
  type: z.enum(['mention', 'everyone']),
  channel_name: z.string(),
  message: Message,
});
export type MentionNotification = z.infer<typeof MentionNotification>;
