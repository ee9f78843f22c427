import { z } from 'zod';
import type { Endpoint } from './endpoint-types.js';
import { MentionSuggestion, MentionSuggestionQuery } from './mentions.js';

/** Mentions. */
export const MENTION_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/user/mention-suggestions',
    auth: 'user',
    status: 200,
    summary:
      "Users whose username or nickname starts with `query` (any case), exact matches first, then by username; with `channel_id`, only those who can view that channel, plus @everyone (labelled 'Admin Only') for an admin. The system account is never offered.",
    query: MentionSuggestionQuery,
    answer: z.array(MentionSuggestion),
  },
];
