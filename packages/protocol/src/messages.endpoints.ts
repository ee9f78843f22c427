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
      "A page of a channel's history, oldest first: the newest `limit` messages, those just before or after a message id (not both), or a page centred on one (`around`, alone; for a jump to a message).",
    query: HistoryQuery,
    answer: z.array(Message),
  },
  {
    method: 'POST',
    path: '/message',
    auth: 'user',
    status: 201,
    summary:
      "Posts in a text channel (201; a voice channel is 400); needs can_post (403). Repeating a `nonce` already used answers 200 with the stored message instead of posting again. `attachment_ids` (at most 15) must be the caller's own uploads not sent yet (400 otherwise) and need can_upload (403); with them `content` may be empty. `reply_to_id` names a message of the same channel (400 'You cannot reply to that message' otherwise); with `reply_mention` (default true) its author is mentioned unless they wrote the reply or can no longer view the channel.",
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
