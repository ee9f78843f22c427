import type { FastifyInstance } from 'fastify';
import { IdParams, MediaProxyQuery } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { removeChannelEmbeds, removeDmEmbeds } from './remove-embeds.js';
import { serveProxiedImage } from './media-proxy.js';

export function linkPreviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.delete('/message/:id/embeds', async (request) => {
    const user = await authenticate(ctx, request);
    return removeChannelEmbeds(ctx, user, parse(IdParams, request.params).id);
  });

  app.delete('/dm/embeds/:id', async (request) => {
    const user = await authenticate(ctx, request);
    return removeDmEmbeds(ctx, user, parse(IdParams, request.params).id);
  });

  // No sign-in: the signed address is the permission, so it works in <img src>.
  app.get('/media-proxy', async (request, reply) =>
    serveProxiedImage(ctx, reply, parse(MediaProxyQuery, request.query)),
  );
}
