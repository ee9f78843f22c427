import type { FastifyInstance } from 'fastify';
import { IdParams, MarkChannelReadBody, MarkChannelUnreadBody, ReadStatusQuery } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import {
  channelReadStatuses,
  groupReadStatuses,
  markChannelRead,
  markChannelUnread,
  markGroupRead,
} from './service.js';

export function readStatusRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/channel/read-status/all', async (request) => {
    const user = await authenticate(ctx, request);
    return channelReadStatuses(ctx, user, parse(ReadStatusQuery, request.query).group_id);
  });

  app.post('/channel/:id/mark-read', async (request) => {
    const user = await authenticate(ctx, request);
    const { id } = parse(IdParams, request.params);
    const body = parse(MarkChannelReadBody, request.body);
    return markChannelRead(ctx, user, id, body?.message_id ?? null);
  });

  app.post('/channel/:id/mark-unread', async (request) => {
    const user = await authenticate(ctx, request);
    const { id } = parse(IdParams, request.params);
    return markChannelUnread(ctx, user, id, parse(MarkChannelUnreadBody, request.body).message_id);
  });

  app.get('/group/read-status/all', async (request) => {
    const user = await authenticate(ctx, request);
    return groupReadStatuses(ctx, user);
  });

  app.post('/group/:id/mark-read', async (request) => {
    const user = await authenticate(ctx, request);
    return markGroupRead(ctx, user, parse(IdParams, request.params).id);
  });
}
