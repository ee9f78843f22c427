import type { FastifyInstance } from 'fastify';
import { COMMAND_TEXT, ENDPOINTS, TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { forbidden } from '../http/errors.js';
import { isAdmin } from '../users/user-row.js';

/** `METHOD /path` (without the /api prefix) of every route the catalogue says only an admin may call. */
const ADMIN_ROUTES: ReadonlySet<string> = new Set(
  ENDPOINTS.filter((e) => e.auth === 'admin').flatMap((e) =>
    [e.path, ...(e.aliases ?? [])].map((path) => `${e.method} ${path}`),
  ),
);

/** The slash command's own refusal (spec 1 §5), which its catalogue entry promises; every other is TEXT.adminOnly. */
const REFUSAL: Readonly<Record<string, string>> = {
  'POST /admin/guardian/announce': COMMAND_TEXT.noPermission,
};

/**
 * Refuses every route the endpoint catalogue marks `auth: 'admin'` to anyone but an admin, before its
 * handler runs and before its body is read: 401 without a valid token, 403 with the suspension notice
 * for a suspended user's, 403 'Admin privileges required' for any other role. The catalogue is the
 * one list of admin routes, so a route added to it is guarded here whoever writes its handler, and a
 * non-admin learns nothing from the validation of what they sent. Handlers still check the role
 * themselves (their services are called from elsewhere too); `authenticate` remembers the request's
 * user, so that costs no second lookup. Register before the routes, on the scope that holds them (the
 * /api prefix).
 */
export function gateAdminRoutes(api: FastifyInstance, ctx: AppContext, prefix = '/api'): void {
  api.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith(prefix)) return;
    // A HEAD is answered by its GET route's handler: guarded as that GET.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const key = `${method} ${route.slice(prefix.length)}`;
    if (!ADMIN_ROUTES.has(key)) return;
    const user = await authenticate(ctx, request);
    if (!isAdmin(user)) throw forbidden(REFUSAL[key] ?? TEXT.adminOnly);
  });
}
