import type { FastifyInstance } from 'fastify';
import { MentionSuggestionQuery } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { mentionSuggestions } from './suggestions.js';

export function mentionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/user/mention-suggestions', async (request) => {
    const user = await authenticate(ctx, request);
    return mentionSuggestions(ctx, user, parse(MentionSuggestionQuery, request.query));
  });
}
