import type { AddReactionBody, Reaction } from '@hearth/protocol';
import type { HttpClient } from '../../lib/http';

export const addReaction = (http: HttpClient, messageId: number, body: AddReactionBody, emojiKey: string) =>
  http.post<Reaction>(`/message/${messageId}/reactions`, body, {
    key: `POST /message/${messageId}/reactions ${emojiKey}`,
  });

export const removeReaction = (http: HttpClient, messageId: number, reactionId: number) =>
  http.delete<null>(`/message/${messageId}/reactions/${reactionId}`);
