import type { FastifyInstance } from 'fastify';
import { MuteChannelBody, MuteGroupBody, NotificationSettings } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { muteChannel, muteGroup, preferences, settings, updateSettings } from './service.js';

export function notificationPrefRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.post('/user/mute-channel', async (request) => {
    const user = await authenticate(ctx, request);
    const body = parse(MuteChannelBody, request.body);
    return muteChannel(ctx, user, body.channel_id, body.is_muted);
  });

  api.post('/user/mute-group', async (request) => {
    const user = await authenticate(ctx, request);
    const body = parse(MuteGroupBody, request.body);
    return muteGroup(ctx, user, body.group_id, body.is_muted);
  });

  api.get('/user/notification-preferences', async (request) => preferences(ctx, await authenticate(ctx, request)));

  api.get('/user/notification-settings', async (request) => settings(ctx, await authenticate(ctx, request)));

  api.put('/user/notification-settings', async (request) => {
    const user = await authenticate(ctx, request);
    return updateSettings(ctx, user, parse(NotificationSettings, request.body));
  });
}
