import type { FastifyInstance } from 'fastify';
import { RegisterPushBody, UnregisterPushBody } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';

export function pushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { push } = ctx;
  app.get('/push-notifications/vapid-public-key', async (request) => {
    await authenticate(ctx, request);
    return { public_key: push.vapid.publicKey };
  });

  app.post('/push-notifications/register', async (request) => {
    const user = await authenticate(ctx, request);
    const body = parse(RegisterPushBody, request.body);
    return push.register(user, body);
  });

  app.post('/push-notifications/unregister', async (request) => {
    const user = await authenticate(ctx, request);
    const body = parse(UnregisterPushBody, request.body);
    await push.unregister(user, body.token);
    return { message: 'Push notifications unregistered' };
  });

  app.post('/push-notifications/test', async (request) => {
    const user = await authenticate(ctx, request);
    return push.test(user);
  });
}
