import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { FileParams, FileQuery, IdParams, TEXT, UploadQuery } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { authenticate } from '../auth/authenticate.js';
import { badRequest, HttpError, parse } from '../http/errors.js';
import { fileRoute } from '../http/file-routes.js';
import { checkUploadTarget, deleteUpload, storeUpload } from './service.js';
import { serveFile } from './serve-file.js';

export async function uploadRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // Multipart is parsed for the upload route alone: every other route takes JSON only.
  await api.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 0, parts: 1, headerPairs: 100 },
    });
    scope.post('/upload/attachment', async (request, reply) => {
      const user = await authenticate(ctx, request);
      const { channel_id } = parse(UploadQuery, request.query);
      if (!request.isMultipart()) throw new HttpError(415, TEXT.uploadNotMultipart);
      await checkUploadTarget(ctx, user, channel_id);
      const part = await request.file();
      if (!part) throw badRequest(TEXT.uploadNoFile);
      return reply.code(201).send({ attachment: await storeUpload(ctx, user, part) });
    });
  });

  api.delete('/upload/attachment/:id', async (request, reply) => {
    const user = await authenticate(ctx, request);
    await deleteUpload(ctx, user, parse(IdParams, request.params).id);
    return reply.code(204).send();
  });

  fileRoute(api, '/attachments/:id/:variant/:name', async (request, reply) =>
    serveFile(ctx, request, reply, parse(FileParams, request.params), parse(FileQuery, request.query)),
  );
}
