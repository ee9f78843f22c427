import type { FastifyInstance } from 'fastify';
import { PresenceUpdateBody } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { ownPresence, updatePresence, visiblePresence } from './service.js';

/** Presence (spec 2 §7). Being connected is the live connection's doing; these set what others see. */
export function presenceRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get('/user/presence/all', async (request) => visiblePresence(ctx, await authenticate(ctx, request)));
  api.get('/user/presence', async (request) => ownPresence(ctx, await authenticate(ctx, request)));
  api.put('/user/presence', async (request) => {
    const user = await authenticate(ctx, request);
    return updatePresence(ctx, user, parse(PresenceUpdateBody, request.body));
  });
  // The client's sign of life while visible: answers the caller's presence, so a missed event corrects itself.
  api.post('/user/presence/heartbeat', async (request) => ownPresence(ctx, await authenticate(ctx, request)));
}
