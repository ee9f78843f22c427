import type { FastifyInstance } from 'fastify';
import { IdParams, MembersQuery } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { channelMembers } from './service.js';

export function memberRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get('/channel/:id/members', async (request) => {
    const user = await authenticate(ctx, request);
    return channelMembers(ctx, user, parse(IdParams, request.params).id, parse(MembersQuery, request.query));
  });
}
