import type { FastifyInstance } from 'fastify';
import { GuardianAnnounceBody, GuardianHugBody, GuardianMessageBody, SLASH_COMMANDS } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { parse } from '../http/errors.js';
import { announce, guardianMessage, hugMe } from './service.js';

/** The slash commands and the Guardian commands they run. */
export function guardianRoutes(api: FastifyInstance, ctx: AppContext): void {
  // The registry is public and the same for everyone; the client hides admin-only entries from others.
  api.get('/commands', async () => SLASH_COMMANDS);

  api.post('/admin/guardian/announce', async (request) => {
    const user = await authenticate(ctx, request);
    return announce(ctx, user, parse(GuardianAnnounceBody, request.body));
  });

  api.post('/admin/guardian/send-message', async (request) => {
    const user = await authenticate(ctx, request);
    return guardianMessage(ctx, user, parse(GuardianMessageBody, request.body));
  });

  api.post('/guardian/hugme', async (request) => {
    const user = await authenticate(ctx, request);
    return hugMe(ctx, user, parse(GuardianHugBody, request.body).current_channel_id);
  });
}
