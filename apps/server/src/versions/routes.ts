import type { FastifyInstance } from 'fastify';
import { AppVersionBody, TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { forbidden, parse } from '../http/errors.js';
import { isAdmin } from '../users/user-row.js';
import { appVersion, setAppVersion, versionInfo } from './service.js';

export function versionRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Public: the login screen's About and the update check of a signed-out tab need it too.
  app.get('/version', () => versionInfo(ctx));

  app.get('/admin/app-version', async (request) => {
    const user = await authenticate(ctx, request);
    if (!isAdmin(user)) throw forbidden(TEXT.adminOnly);
    return { version: await appVersion(ctx) };
  });

  app.put('/admin/app-version', async (request) => {
    const user = await authenticate(ctx, request);
    if (!isAdmin(user)) throw forbidden(TEXT.adminOnly);
    const { version } = parse(AppVersionBody, request.body);
    return setAppVersion(ctx, user, version);
  });
}
