import type { AddReactionBody, Message, Reaction } from '@hearth/protocol';
import type { HttpClient } from '../../lib/http';

type Target = Pick<Message, 'id' | 'channel_id'>;

/** A direct message (negative conversation id) has its reactions under /dm (spec 1 §7). */
const base = (message: Target) =>
  message.channel_id < 0 ? `/dm/reactions/${message.id}` : `/message/${message.id}/reactions`;

export const addReaction = (http: HttpClient, message: Target, body: AddReactionBody, emojiKey: string) =>
  http.post<Reaction>(base(message), body, { key: `POST ${base(message)} ${emojiKey}` });

export const removeReaction = (http: HttpClient, message: Target, reactionId: number) =>
  http.delete<null>(`${base(message)}/${reactionId}`);
