import type { FastifyInstance } from 'fastify';
import { AuditQuery } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { requireAdmin } from '../groups/access.js';
import { parse } from '../http/errors.js';
import { auditLog } from './audit.js';

/** GET /admin/audit: every admin action, newest first (audit.ts writes them). */
export function adminAuditRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get('/admin/audit', async (request) => {
    requireAdmin(await authenticate(ctx, request));
    return { entries: await auditLog(ctx.db, parse(AuditQuery, request.query)) };
  });
}
