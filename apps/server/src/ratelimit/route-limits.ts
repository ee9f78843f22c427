import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, type RateLimitName } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { bearerToken } from '../auth/authenticate.js';
import { countLimits } from './counted-limits.js';

/** `METHOD /path` (without the /api prefix) of every catalogued route, with the limits it counts against. */
const ROUTE_LIMITS: ReadonlyMap<string, readonly RateLimitName[]> = new Map(
  ENDPOINTS.flatMap((e) => [e.path, ...(e.aliases ?? [])].map((path) => [`${e.method} ${path}`, e.limits ?? []])),
);

/**
 * Counts every request against the limits its catalogue entry lists, before the handler runs and
 * before the body is read: a flood is refused without costing a body parse, a validation or a query,
 * and a route added to the catalogue with its limits is limited whoever writes its handler (a test
 * walks the catalogue and fails for a write route without one). The user is read from the token's
 * signature alone (no database): a revoked token still counts against its user, and is refused by
 * the handler afterwards. Register on the /api scope, before the routes.
 */
export function limitRoutes(api: FastifyInstance, ctx: AppContext, prefix = '/api'): void {
  api.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith(prefix)) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const limits = ROUTE_LIMITS.get(`${method} ${route.slice(prefix.length)}`);
    if (!limits?.length) return;
    const token = bearerToken(request);
    const claims = token ? await ctx.tokens.verify(token) : null;
    await countLimits(ctx, limits, { userId: claims?.userId ?? null, address: request.ip });
  });
}
