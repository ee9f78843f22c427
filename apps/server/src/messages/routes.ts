import type { FastifyInstance } from 'fastify';
import { EditMessageBody, HistoryQuery, IdParams, SendMessageBody } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import * as messages from './service.js';

export function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/message', async (request) => {
    const user = await authenticate(ctx, request);
    return messages.history(ctx, user, parse(HistoryQuery, request.query));
  });

  // 201 when stored; 200 with the stored message when the nonce was already used (a retried send).
  app.post('/message', async (request, reply) => {
    const user = await authenticate(ctx, request);
    const result = await messages.sendMessage(ctx, user, parse(SendMessageBody, request.body));
    return reply.code(result.created ? 201 : 200).send(result.message);
  });

  app.put('/message/:id', async (request) => {
    const user = await authenticate(ctx, request);
    const { id } = parse(IdParams, request.params);
    return messages.editMessage(ctx, user, id, parse(EditMessageBody, request.body).content);
  });

  app.delete('/message/:id', async (request) => {
    const user = await authenticate(ctx, request);
    return messages.deleteMessage(ctx, user, parse(IdParams, request.params).id);
  });
}
