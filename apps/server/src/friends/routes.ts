import type { FastifyInstance } from 'fastify';
import { FriendRequestBody, FriendshipParams, PrivacySettingsUpdate, UserIdParams } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import * as friends from './service.js';
import { privacySettings, updatePrivacySettings } from './privacy.js';

export function friendRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.post('/friends/request', async (request, reply) => {
    const user = await authenticate(ctx, request);
    const { answer, created } = await friends.sendRequest(ctx, user, parse(FriendRequestBody, request.body).username);
    return reply.code(created ? 201 : 200).send(answer);
  });

  const onRequest = (action: 'accept' | 'decline' | 'cancel') =>
    api.post(`/friends/:friendship_id/${action}`, async (request) => {
      const user = await authenticate(ctx, request);
      return friends[action](ctx, user, parse(FriendshipParams, request.params).friendship_id);
    });
  onRequest('accept');
  onRequest('decline');
  onRequest('cancel');

  api.delete('/friends/:user_id', async (request) => {
    const user = await authenticate(ctx, request);
    return friends.remove(ctx, user, parse(UserIdParams, request.params).user_id);
  });
  api.post('/friends/block/:user_id', async (request) => {
    const user = await authenticate(ctx, request);
    return friends.block(ctx, user, parse(UserIdParams, request.params).user_id);
  });
  api.delete('/friends/block/:user_id', async (request) => {
    const user = await authenticate(ctx, request);
    return friends.unblock(ctx, user, parse(UserIdParams, request.params).user_id);
  });

  api.get('/friends', async (request) => friends.friends(ctx, await authenticate(ctx, request)));
  api.get('/friends/requests/incoming', async (request) =>
    friends.requests(ctx, await authenticate(ctx, request), 'incoming'),
  );
  api.get('/friends/requests/outgoing', async (request) =>
    friends.requests(ctx, await authenticate(ctx, request), 'outgoing'),
  );
  api.get('/friends/blocked', async (request) => friends.blocked(ctx, await authenticate(ctx, request)));
  api.get('/friends/status/:user_id', async (request) => {
    const user = await authenticate(ctx, request);
    return friends.status(ctx, user, parse(UserIdParams, request.params).user_id);
  });

  api.get('/privacy/settings', async (request) => privacySettings(ctx, await authenticate(ctx, request)));
  api.put('/privacy/settings', async (request) => {
    const user = await authenticate(ctx, request);
    return updatePrivacySettings(ctx, user, parse(PrivacySettingsUpdate, request.body));
  });
}
