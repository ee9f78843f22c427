import type { FastifyInstance } from 'fastify';
import { AddReactionBody, IdParams, ReactionParams } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { addReaction, removeReaction, type ReactionPlace } from './service.js';

/** Channel messages' reactions, and the same for direct messages under /dm (spec 1 §7). */
export function reactionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = (place: ReactionPlace, base: string) => {
    app.post(base, async (request, reply) => {
      const user = await authenticate(ctx, request);
      const { id } = parse(IdParams, request.params);
      const reaction = await addReaction(ctx, user, id, parse(AddReactionBody, request.body), place);
      return reply.code(201).send(reaction);
    });

    app.delete(`${base}/:reactionId`, async (request, reply) => {
      const user = await authenticate(ctx, request);
      const { id, reactionId } = parse(ReactionParams, request.params);
      await removeReaction(ctx, user, id, reactionId, place);
      return reply.code(204).send();
    });
  };
  routes('channel', '/message/:id/reactions');
  routes('dm', '/dm/reactions/:id');
}
