import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AdminSetEmailBody, IdParams, SuspendBody } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { requireAdmin } from '../groups/access.js';
import { parse } from '../http/errors.js';
import { deleteUser } from './users-delete.js';
import { setUserEmail } from './users-email.js';
import { demoteUser, promoteUser } from './users-roles.js';
import { listUsers, userActivity } from './users-service.js';
import { suspendUser, unsuspendUser } from './suspension.js';

/** The admin panel's Users tab (spec 3 §2 Admin panel, §7 Admin). */
export function adminUserRoutes(api: FastifyInstance, ctx: AppContext): void {
  // The role is checked before anything else (the admin gate has already refused anyone else).
  const admin = async (request: FastifyRequest) => {
    const user = await authenticate(ctx, request);
    requireAdmin(user);
    return user;
  };
  /** An admin making a change (its write limit is counted before the handler: ratelimit/route-limits.ts). */
  const writer = async (request: FastifyRequest) => {
    const user = await admin(request);
    return user;
  };
  const id = (request: FastifyRequest) => parse(IdParams, request.params).id;

  api.get('/admin/users', async (request) => listUsers(ctx, await admin(request)));
  api.get('/admin/users/:id/activity', async (request) => userActivity(ctx, await admin(request), id(request)));
  api.post('/admin/users/:id/promote', async (request) => promoteUser(ctx, await writer(request), id(request)));
  api.post('/admin/users/:id/demote', async (request) => demoteUser(ctx, await writer(request), id(request)));
  api.put('/admin/users/:id/email', async (request) => {
    const user = await writer(request);
    return setUserEmail(ctx, user, id(request), parse(AdminSetEmailBody, request.body).email);
  });
  api.post('/admin/users/:id/suspend', async (request) => {
    const user = await writer(request);
    return suspendUser(ctx, user, id(request), parse(SuspendBody, request.body).reason);
  });
  api.post('/admin/users/:id/unsuspend', async (request) => unsuspendUser(ctx, await writer(request), id(request)));
  api.delete('/admin/users/:id', async (request) => deleteUser(ctx, await writer(request), id(request)));
}
