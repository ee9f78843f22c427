import type { DeleteMessageAnswer, Message } from '@hearth/protocol';
import type { HttpClient } from '../../lib/http';
import type { PageQuery } from './message-window';

export type { DeleteMessageAnswer };

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
