import type { Message } from '@hearth/protocol';
import type { HttpClient } from '../../lib/http';
import type { PageQuery } from '../messages/message-window';

/** A page of the conversation with one user, in the shape the message window asks for. */
export function fetchConversationPage(http: HttpClient, userId: number, query: PageQuery): Promise<Message[]> {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.before !== undefined) params.set('before', String(query.before));
  if (query.after !== undefined) params.set('after', String(query.after));
  if (query.around !== undefined) params.set('around', String(query.around));
  return http.get<Message[]>(`/dm/conversation/${userId}?${params}`, { key: `GET /dm/conversation ${userId}` });
}
