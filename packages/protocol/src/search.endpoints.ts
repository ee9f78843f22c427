import type { Endpoint } from './endpoint-types.js';
import { SearchAnswer, SearchQuery } from './search.js';
import { SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE, SEARCH_TOTAL_CAP } from './search-rules.js';

/** Full-text search over the messages the caller may see. */
export const SEARCH_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/search',
    auth: 'user',
    status: 200,
    summary: `Searches the messages the caller may see now (channels they may view, their direct messages except across a block; never system lines or messages an admin removed), newest first, \`limit\` (${SEARCH_PAGE_SIZE}, at most ${SEARCH_PAGE_MAX}) from \`offset\`. Words match in English, Spanish and French (stems) and as written; "quoted phrases" match in order. \`total\` counts up to ${SEARCH_TOTAL_CAP} (\`total_capped\` beyond). A bad filter, or no word and no filter, is 400.`,
    limits: ['searchPerUser'],
    query: SearchQuery,
    answer: SearchAnswer,
  },
];
