import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { GROUP_ICON_MAX_BYTES, IdParams, TEXT } from '@hearth/protocol';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { HttpError, parse } from '../http/errors.js';
import { fileRoute } from '../http/file-routes.js';
import { enforce } from '../ratelimit/limiter.js';
import { requireAdmin } from './access.js';
import { removeGroupIcon, serveGroupIcon, uploadGroupIcon } from './icon-service.js';

const KeyParams = z.object({ key: z.string().max(100) });

/** Group icons (spec 2 §2, §7): set and removed by admins, served to whoever was given the address. */
export async function groupIconRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  /** The admin making the change, counted against the per-user write limit like every upload. */
  const admin = async (request: Parameters<typeof authenticate>[1]) => {
    const user = await authenticate(ctx, request);
    requireAdmin(user);
    await enforce(ctx.limiter, `write:${user.id}`, ctx.config.rateLimits.writePerUser);
    return user;
  };

  // Multipart for the upload alone; the limit sits just above the 10 MB the spec allows, so the service
  // can answer with the spec's text instead of the parser cutting the upload short.
  await api.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: GROUP_ICON_MAX_BYTES + 1, files: 1, fields: 0, parts: 1, headerPairs: 100 },
    });
    scope.post('/group/:id/upload-icon', async (request) => {
      const user = await admin(request);
      const { id } = parse(IdParams, request.params);
      if (!request.isMultipart()) throw new HttpError(415, TEXT.uploadNotMultipart);
      return uploadGroupIcon(ctx, user, id, await request.file());
    });
  });

  api.delete('/group/:id/icon', async (request) => {
    const user = await admin(request);
    return removeGroupIcon(ctx, user, parse(IdParams, request.params).id);
  });

  fileRoute(api, '/group-icons/:key', async (request, reply) =>
    serveGroupIcon(ctx, reply, parse(KeyParams, request.params).key),
  );
}
