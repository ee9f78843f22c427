import type { FastifyInstance } from 'fastify';
import { SearchQuery } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { search } from './service.js';

export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/search', async (request) => {
    const user = await authenticate(ctx, request);
    return search(ctx, user, parse(SearchQuery, request.query));
  });
}
