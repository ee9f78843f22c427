import type { Message } from '@hearth/protocol';
import type { HttpClient } from '../../lib/http';
import type { PageQuery } from './message-window';

/** DELETE /message/:id: `deleted` is false when an admin replaced someone else's message instead. */
export interface DeleteMessageAnswer {
  id: number;
  channel_id: number;
  deleted: boolean;
  message?: Message;
}

export function fetchMessagePage(http: HttpClient, { channelId, limit, before, after }: PageQuery): Promise<Message[]> {
  const params = new URLSearchParams({ channel_id: String(channelId), limit: String(limit) });
  if (before !== undefined) params.set('before', String(before));
  if (after !== undefined) params.set('after', String(after));
  // One throttle key per channel, so paging one channel never starves another.
  return http.get<Message[]>(`/message?${params}`, { key: `GET /message ${channelId}` });
}

export const editMessage = (http: HttpClient, id: number, content: string) =>
  http.put<Message>(`/message/${id}`, { content });

export const deleteMessage = (http: HttpClient, id: number) => http.delete<DeleteMessageAnswer>(`/message/${id}`);
