import { z } from 'zod';
import { Message } from './messages.js';
import {
  parseSearchQuery,
  SEARCH_OFFSET_MAX,
  SEARCH_PAGE_MAX,
  SEARCH_PAGE_SIZE,
  SEARCH_TEXT,
  SEARCH_TOTAL_CAP,
  type ParsedSearch,
} from './search-rules.js';

export * from './search-rules.js';

const Limit = z.coerce
  .number({ error: SEARCH_TEXT.limit })
  .int(SEARCH_TEXT.limit)
  .min(1, SEARCH_TEXT.limit)
  .max(SEARCH_PAGE_MAX, SEARCH_TEXT.limit)
  .default(SEARCH_PAGE_SIZE);
const Offset = z.coerce
  .number({ error: SEARCH_TEXT.offset })
  .int(SEARCH_TEXT.offset)
  .min(0, SEARCH_TEXT.offset)
  .max(SEARCH_OFFSET_MAX, SEARCH_TEXT.offset)
  .default(0);

/** GET /search: `q` is parsed here, so a bad filter is a 400 with its own text before any SQL. */
export const SearchQuery = z
  .object({
    q: z
      .string({ error: SEARCH_TEXT.empty })
      .describe(
        'words, "phrases" and filters: from:username in:channel-name mentions:username has:link|file|image|video|embed before:YYYY-MM-DD after:YYYY-MM-DD pinned:true',
      ),
    limit: Limit,
    offset: Offset,
  })
  .transform((query, ctx): { search: ParsedSearch; limit: number; offset: number } => {
    const parsed = parseSearchQuery(query.q);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.error, path: ['q'] });
      return z.NEVER;
    }
    return { search: parsed.search, limit: query.limit, offset: query.offset };
  });
export type SearchQuery = z.output<typeof SearchQuery>;

/** A message found: the history shape (its `channel_id` is negative in a DM) and what matched. */
export const SearchMessage = Message.extend({
  dm_user_id: z.number().nullable().describe('in a direct message, the other participant; else null'),
  highlights: z
    .array(z.string())
    .describe('the words of the message that matched, as written in it (for the client to mark)'),
});
export type SearchMessage = z.infer<typeof SearchMessage>;

export const SearchAnswer = z.object({
  total: z.number().describe(`matches the caller may see, counted up to ${SEARCH_TOTAL_CAP}`),
  total_capped: z.boolean().describe(`true when there are more than ${SEARCH_TOTAL_CAP} (total is then the cap)`),
  messages: z.array(SearchMessage).describe('newest first'),
});
export type SearchAnswer = z.infer<typeof SearchAnswer>;
