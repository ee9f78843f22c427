import type { FastifyInstance } from 'fastify';
import { ChannelPinParams, DmPinParams, DmPinsParams, IdParams } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { channelPlace, conversationPlace } from './place.js';
import { listPins, pinMessage, unpinMessage } from './service.js';

/** Pinned messages of a channel, and of the conversation with a user under /dm/{userId}. */
export function pinRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get('/channel/:id/pins', async (request) => {
    const user = await authenticate(ctx, request);
    const { id } = parse(IdParams, request.params);
    return listPins(ctx, user, await channelPlace(ctx, user, id, false));
  });
  api.put('/channel/:id/pins/:messageId', async (request) => {
    const user = await authenticate(ctx, request);
    const { id, messageId } = parse(ChannelPinParams, request.params);
    return pinMessage(ctx, user, await channelPlace(ctx, user, id, true), messageId);
  });
  api.delete('/channel/:id/pins/:messageId', async (request, reply) => {
    const user = await authenticate(ctx, request);
    const { id, messageId } = parse(ChannelPinParams, request.params);
    await unpinMessage(ctx, await channelPlace(ctx, user, id, true), messageId);
    return reply.code(204).send();
  });

  api.get('/dm/:userId/pins', async (request) => {
    const user = await authenticate(ctx, request);
    const { userId } = parse(DmPinsParams, request.params);
    return listPins(ctx, user, await conversationPlace(ctx, user, userId));
  });
  api.put('/dm/:userId/pins/:messageId', async (request) => {
    const user = await authenticate(ctx, request);
    const { userId, messageId } = parse(DmPinParams, request.params);
    return pinMessage(ctx, user, await conversationPlace(ctx, user, userId), messageId);
  });
  api.delete('/dm/:userId/pins/:messageId', async (request, reply) => {
    const user = await authenticate(ctx, request);
    const { userId, messageId } = parse(DmPinParams, request.params);
    await unpinMessage(ctx, await conversationPlace(ctx, user, userId), messageId);
    return reply.code(204).send();
  });
}
