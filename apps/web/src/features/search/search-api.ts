import type { SearchAnswer } from '@hearth/protocol';
import { SEARCH_PAGE_SIZE } from '@hearth/protocol/search-rules';
import type { HttpClient } from '../../lib/http';

export const searchKeys = {
  all: ['search'] as const,
  page: (query: string, offset: number) => ['search', query, offset] as const,
};

/** One page of results; the server parses the query and answers 400 with its text for a bad filter. */
export function fetchSearchPage(http: HttpClient, query: string, offset: number): Promise<SearchAnswer> {
  const params = new URLSearchParams({ q: query, limit: String(SEARCH_PAGE_SIZE), offset: String(offset) });
  return http.get<SearchAnswer>(`/search?${params}`);
}
