import { z } from 'zod';
import type { Endpoint } from './endpoint-types.js';
import { IdParams } from './common.js';
import {
  Conversation,
  DmHistoryQuery,
  DmMarkReadBody,
  DmReadEvent,
  DmSendBody,
  DmUnreadCount,
} from './direct-messages.js';
import { DeleteMessageAnswer, EditMessageBody, Message } from './messages.js';
import { AddReactionBody, Reaction, ReactionParams } from './reactions.js';

/** Direct messages, with their read marks and reactions. */
export const DIRECT_MESSAGE_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/dm/conversations',
    auth: 'user',
    status: 200,
    summary:
      "The caller's conversations: the other participant, the last message and the caller's unread count (messages from the other participant after the caller's last read one). Guardian's conversation first, then by latest message.",
    answer: z.array(Conversation),
  },
  {
    method: 'GET',
    path: '/dm/unread-count',
    auth: 'user',
    status: 200,
    summary: 'Unread direct messages across all conversations.',
    answer: DmUnreadCount,
  },
  {
    method: 'GET',
    path: '/dm/conversation/:id',
    auth: 'user',
    status: 200,
    summary:
      'A page of the conversation with user `id`, oldest first, paged like GET /message. 403 when either has blocked the other; 404 no such user; 400 yourself.',
    params: IdParams,
    query: DmHistoryQuery,
    answer: z.array(Message),
  },
  {
    method: 'POST',
    path: '/dm/send',
    auth: 'user',
    status: 201,
    summary:
      "Sends a direct message to a friend (201; 200 with the stored message for a repeated nonce). 403 to someone who is not a friend ('You can only send direct messages to friends'), across a block, or to Guardian ('You cannot reply to Guardian messages'). `channel_id`, when given, must be the pair's conversation id; `reply_to_id` a message of this conversation (400 'You cannot reply to that message'). Both participants get `direct_message`.",
    limits: ['messagePerUser'],
    body: DmSendBody,
    answer: Message,
  },
  {
    method: 'PUT',
    path: '/dm/edit/:id',
    auth: 'user',
    status: 200,
    summary:
      'The author edits their direct message (403 for anyone else, or across a block); both get `direct_message_edit`.',
    limits: ['writePerUser'],
    params: IdParams,
    body: EditMessageBody,
    answer: Message,
  },
  {
    method: 'DELETE',
    path: '/dm/delete/:id',
    auth: 'user',
    status: 200,
    summary:
      'The author deletes their direct message and its attachments (403 for the other participant; 404 for anyone outside the conversation); both get `direct_message_delete`.',
    limits: ['writePerUser'],
    params: IdParams,
    answer: DeleteMessageAnswer,
  },
  {
    method: 'POST',
    path: '/dm/mark-read/:id',
    auth: 'user',
    status: 200,
    summary:
      "Marks the conversation with user `id` read up to `message_id`, or its newest message; the mark never moves back. The caller's sessions get `dm_read_status_update`.",
    limits: ['writePerUser'],
    params: IdParams,
    body: DmMarkReadBody,
    answer: DmReadEvent,
  },
  {
    method: 'POST',
    path: '/dm/mark-all-read',
    auth: 'user',
    status: 200,
    summary: 'Mark All Read: every conversation with unread messages, up to its newest; `marked` counts them.',
    limits: ['writePerUser'],
    answer: z.object({ marked: z.number() }),
  },
  {
    method: 'POST',
    path: '/dm/reactions/:id',
    auth: 'user',
    status: 201,
    summary:
      'Reacts to direct message `id` with the rules of POST /message/{id}/reactions; only the participants (404 for anyone else), not across a block (403). Both get `dm_reaction_add`.',
    limits: ['writePerUser'],
    params: IdParams,
    body: AddReactionBody,
    answer: Reaction,
  },
  {
    method: 'DELETE',
    path: '/dm/reactions/:id/:reactionId',
    auth: 'user',
    status: 204,
    summary: "Takes back the caller's own reaction on a direct message; both get `dm_reaction_remove`.",
    limits: ['writePerUser'],
    params: ReactionParams,
  },
];
