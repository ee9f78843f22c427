import type { FastifyInstance } from 'fastify';
import { DmHistoryQuery, DmMarkReadBody, DmSendBody, EditMessageBody, IdParams } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { deleteDirectMessage, editDirectMessage, sendDirectMessage } from './service.js';
import {
  conversationHistory,
  conversations,
  markAllConversationsRead,
  markConversationRead,
  totalUnread,
} from './conversations.js';

/** Direct messages (spec 1 §7). A conversation is addressed by the other participant's user id. */
export function directMessageRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get('/dm/conversations', async (request) => conversations(ctx, await authenticate(ctx, request)));

  api.get('/dm/unread-count', async (request) => totalUnread(ctx, await authenticate(ctx, request)));

  api.get('/dm/conversation/:id', async (request) => {
    const user = await authenticate(ctx, request);
    const { id } = parse(IdParams, request.params);
    return conversationHistory(ctx, user, id, parse(DmHistoryQuery, request.query));
  });

  // 201 when stored; 200 with the stored message when the nonce was already used (a retried send).
  api.post('/dm/send', async (request, reply) => {
    const user = await authenticate(ctx, request);
    const result = await sendDirectMessage(ctx, user, parse(DmSendBody, request.body));
    return reply.code(result.created ? 201 : 200).send(result.message);
  });

  api.put('/dm/edit/:id', async (request) => {
    const user = await authenticate(ctx, request);
    const { id } = parse(IdParams, request.params);
    return editDirectMessage(ctx, user, id, parse(EditMessageBody, request.body).content);
  });

  api.delete('/dm/delete/:id', async (request) => {
    const user = await authenticate(ctx, request);
    return deleteDirectMessage(ctx, user, parse(IdParams, request.params).id);
  });

  api.post('/dm/mark-read/:id', async (request) => {
    const user = await authenticate(ctx, request);
    const { id } = parse(IdParams, request.params);
    const body = parse(DmMarkReadBody, request.body ?? undefined);
    return markConversationRead(ctx, user, id, body?.message_id ?? null);
  });

  api.post('/dm/mark-all-read', async (request) => markAllConversationsRead(ctx, await authenticate(ctx, request)));
}
