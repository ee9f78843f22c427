import type { DeleteMessageAnswer, Message } from '@hearth/protocol';
import type { HttpClient } from '../../lib/http';
import type { PageQuery } from './message-window';

export type { DeleteMessageAnswer };

export function fetchMessagePage(
  http: HttpClient,
  { channelId, limit, before, after, around }: PageQuery,
): Promise<Message[]> {
  const params = new URLSearchParams({ channel_id: String(channelId), limit: String(limit) });
  if (before !== undefined) params.set('before', String(before));
  if (after !== undefined) params.set('after', String(after));
  if (around !== undefined) params.set('around', String(around));
  // One throttle key per channel, so paging one channel never starves another.
  return http.get<Message[]>(`/message?${params}`, { key: `GET /message ${channelId}` });
}

/** A direct message's channel id is its conversation's, always negative (spec 1 §3). */
const inConversation = (message: Pick<Message, 'channel_id'>) => message.channel_id < 0;

export const editMessage = (http: HttpClient, message: Pick<Message, 'id' | 'channel_id'>, content: string) =>
  http.put<Message>(inConversation(message) ? `/dm/edit/${message.id}` : `/message/${message.id}`, { content });

export const deleteMessage = (http: HttpClient, message: Pick<Message, 'id' | 'channel_id'>) =>
  http.delete<DeleteMessageAnswer>(inConversation(message) ? `/dm/delete/${message.id}` : `/message/${message.id}`);
