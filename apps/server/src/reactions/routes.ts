import type { FastifyInstance } from 'fastify';
import { AddReactionBody, IdParams, ReactionParams } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { addReaction, removeReaction } from './service.js';

export function reactionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/message/:id/reactions', async (request, reply) => {
    const user = await authenticate(ctx, request);
    const { id } = parse(IdParams, request.params);
    const reaction = await addReaction(ctx, user, id, parse(AddReactionBody, request.body));
    return reply.code(201).send(reaction);
  });

  app.delete('/message/:id/reactions/:reactionId', async (request, reply) => {
    const user = await authenticate(ctx, request);
    const { id, reactionId } = parse(ReactionParams, request.params);
    await removeReaction(ctx, user, id, reactionId);
    return reply.code(204).send();
  });
}
