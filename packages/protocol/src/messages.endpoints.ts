import { z } from 'zod';
import type { Endpoint } from './endpoint-types.js';
import { IdParams } from './common.js';
import { DeleteMessageAnswer, EditMessageBody, HistoryQuery, Message, SendMessageBody } from './messages.js';

/** Messages in channels. */
export const MESSAGE_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/message',
    auth: 'user',
    status: 200,
    summary:
      "A page of a channel's history, oldest first: the newest `limit` messages, or those just before or after a message id (not both).",
    query: HistoryQuery,
    answer: z.array(Message),
  },
  {
    method: 'POST',
    path: '/message',
    auth: 'user',
    status: 201,
    summary:
      "Posts in a text channel (201; a voice channel is 400); needs can_post (403). Repeating a `nonce` already used answers 200 with the stored message instead of posting again. `attachment_ids` (at most 15) must be the caller's own uploads not sent yet (400 otherwise) and need can_upload (403); with them `content` may be empty.",
    limits: ['messagePerUser'],
    body: SendMessageBody,
    answer: Message,
  },
  {
    method: 'PUT',
    path: '/message/:id',
    auth: 'user',
    status: 200,
    summary: "Edits the caller's own message (403 for anyone else's; 400 once an admin removed it); needs can_post.",
    limits: ['writePerUser'],
    params: IdParams,
    body: EditMessageBody,
    answer: Message,
  },
  {
    method: 'DELETE',
    path: '/message/:id',
    auth: 'user',
    status: 200,
    summary:
      "The author deletes their message (`deleted: true`); an admin removing someone else's replaces its content with a notice (`deleted: false`). 200, not 204.",
    limits: ['writePerUser'],
    params: IdParams,
    answer: DeleteMessageAnswer,
  },
];
